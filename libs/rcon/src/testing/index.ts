export * from './webrcon-emulator';
export * from './emulated-game';
export * from './console-args';
export * from './panel-stand-in';
