// A server's frame (header and area navigation) and the pieces both remotes show about a server.
// Stateless: each remote reads the server and the role with its own queries and passes them in.
export * from './server-frame';
export * from './server-facts';
export * from './server-status-badge';
export * from './upcoming-area';
export * from './use-server-area';
export * from './server-frame-screen';
