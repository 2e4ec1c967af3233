import { createWebConfig } from '../tools/mf/web-config.mjs';

export default createWebConfig({
  projectRoot: import.meta.dirname,
  app: 'networks',
  federationName: 'mfe_networks',
  exposes: { './Routes': './src/routes.tsx' },
});
