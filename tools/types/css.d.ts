// Side-effect CSS imports are handled by Rspack (and stubbed in Jest).
declare module '*.css';
