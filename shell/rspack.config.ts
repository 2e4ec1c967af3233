import { createWebConfig } from '../tools/mf/web-config.mjs';

export default createWebConfig({
  projectRoot: import.meta.dirname,
  app: 'shell',
  federationName: 'outpost_shell',
});
