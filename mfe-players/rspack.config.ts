import { createWebConfig } from '../tools/mf/web-config.mjs';

export default createWebConfig({
  projectRoot: import.meta.dirname,
  app: 'players',
  federationName: 'mfe_players',
  exposes: {
    './Routes': './src/routes.tsx',
    './PlayersTab': './src/players-tab.tsx',
    './PunishmentsTab': './src/punishments-tab.tsx',
    './ReportsTab': './src/reports-tab.tsx',
  },
  // A build made to ship alone can say so on its screens (e2e: a second build served elsewhere).
  define: { OUTPOST_BUILD_MARKER: process.env.OUTPOST_BUILD_MARKER ?? '' },
});
