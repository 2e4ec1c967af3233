import {
  PLAYERS_TAB_MODULE,
  PUNISHMENTS_TAB_MODULE,
  REMOTE_NAMES,
  REMOTE_SCOPE,
  isRemotesManifest,
  remoteModuleId,
} from './index';

describe('remotes contract', () => {
  it('names a scope for every remote', () => {
    expect(REMOTE_SCOPE).toEqual({
      landing: 'mfe_landing',
      account: 'mfe_account',
      networks: 'mfe_networks',
      players: 'mfe_players',
    });
    expect(Object.keys(REMOTE_SCOPE)).toEqual([...REMOTE_NAMES]);
  });

  it('builds the id loadRemote takes', () => {
    expect(remoteModuleId('landing')).toBe('mfe_landing/Routes');
    expect(remoteModuleId('players', PLAYERS_TAB_MODULE)).toBe('mfe_players/PlayersTab');
    expect(remoteModuleId('players', PUNISHMENTS_TAB_MODULE)).toBe('mfe_players/PunishmentsTab');
  });

  const manifest = {
    landing: '/remotes/landing/mf-manifest.json',
    account: 'http://localhost:3002/mf-manifest.json',
    networks: 'https://cdn.example.com/networks/mf-manifest.json',
    players: '/remotes/players/mf-manifest.json',
  };

  it('accepts a complete /remotes.json', () => {
    expect(isRemotesManifest(manifest)).toBe(true);
  });

  it('refuses a missing remote or a URL that is neither http(s) nor root-relative', () => {
    expect(isRemotesManifest({ ...manifest, players: undefined })).toBe(false);
    expect(isRemotesManifest({ ...manifest, landing: 'javascript:alert(1)' })).toBe(false);
    expect(isRemotesManifest(null)).toBe(false);
    expect(isRemotesManifest('[]')).toBe(false);
  });
});
