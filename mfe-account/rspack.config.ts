import { createWebConfig } from '../tools/mf/web-config.mjs';

export default createWebConfig({
  projectRoot: import.meta.dirname,
  app: 'account',
  federationName: 'mfe_account',
  exposes: { './Routes': './src/routes.tsx' },
});
