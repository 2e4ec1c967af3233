import { createWebConfig } from '../tools/mf/web-config.mjs';

export default createWebConfig({
  projectRoot: import.meta.dirname,
  app: 'landing',
  federationName: 'mfe_landing',
  exposes: { './Routes': './src/routes.tsx' },
  define: { OUTPOST_BUILD_MARKER: process.env.OUTPOST_BUILD_MARKER ?? '' },
});
