export * from './discord-stand-in';
