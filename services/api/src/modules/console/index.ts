// The public face of the console module: other modules import only what is exported here.
// A server's console: commands typed by owners and admins, and the lines the server printed.
export { ConsoleModule } from './console.module';
