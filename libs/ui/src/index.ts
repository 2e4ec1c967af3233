// The design system. Styles live in ./theme.css, imported once by the shell; components import none.
export * from './cx';
export * from './button';
export * from './card';
export * from './modal';
export * from './tabs';
export * from './badge';
export * from './spinner';
export * from './states';
export * from './toast';
export * from './text-field';
export * from './search-field';
export * from './toggle';
export * from './stat-card';
export * from './avatar';
export * from './screen-switch';
export * from './error-boundary';
