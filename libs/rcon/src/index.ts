export * from './wire';
export * from './webrcon-client';
export * from './parse-state';
export * from './parse-frames';
export * from './game-commands';
export * from './reconnect';
export * from './transport-event-sink';
export * from './rcon-translator';
