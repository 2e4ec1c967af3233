import { createWebConfig } from '../tools/mf/web-config.mjs';

export default createWebConfig({
  projectRoot: import.meta.dirname,
  app: 'players',
  federationName: 'mfe_players',
  exposes: {
    './Routes': './src/routes.tsx',
    './PlayersTab': './src/players-tab.tsx',
    './PunishmentsTab': './src/punishments-tab.tsx',
  },
});
