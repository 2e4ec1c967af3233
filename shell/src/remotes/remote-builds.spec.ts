import { CONTRACTS_VERSION, contractsMajor, remoteMismatchMessage } from '@outpost/contracts';
import { loadedBuilds, mismatches, mismatchOf, remoteBuildsPlugin } from './remote-builds';

const host = {
  contracts: '4.0.0',
  singletons: {
    react: '19.3.1',
    'react-dom': '19.3.1',
    'react-router-dom': '7.18.5',
    '@reduxjs/toolkit': '2.14.0',
  },
};
const build = (contractsVersion: string | null, singletons: Record<string, string> = {}) => ({
  buildVersion: '2.4.1+1a2b3c4',
  contractsVersion,
  singletons,
});

describe("the shell's check of a remote's build", () => {
  it('loads a build made for the same contracts major and compatible singletons', () => {
    expect(mismatchOf(build('4.2.0', { react: '19.3.4', 'react-router-dom': '7.20.0' }), host)).toBeNull();
    // A build older than metadata says nothing: it is loaded as before.
    expect(mismatchOf(build(null), host)).toBeNull();
  });

  it('refuses a build made for other contracts, in words a person reads', () => {
    const mismatch = mismatchOf(build('3.9.0'), host);
    expect(mismatch).toEqual({ kind: 'contracts', buildVersion: '2.4.1+1a2b3c4', contractsVersion: '3.9.0' });
    expect(remoteMismatchMessage('players', mismatch!, host.contracts)).toBe(
      'This area was built for another version of the panel: players 2.4.1 for contracts 3, this panel has contracts 4',
    );
    expect(mismatchOf(build('5.0.0'), host)?.kind).toBe('contracts');
  });

  it("refuses a shared singleton outside the host's range", () => {
    const mismatch = mismatchOf(build('4.0.0', { react: '18.3.1' }), host);
    expect(mismatch).toEqual({
      kind: 'singleton',
      buildVersion: '2.4.1+1a2b3c4',
      singleton: 'react',
      version: '18.3.1',
      range: '^19.0.0',
    });
    expect(remoteMismatchMessage('networks', mismatch!, host.contracts)).toBe(
      'This area was built for another version of the panel: networks 2.4.1 uses react 18.3.1, this panel needs ^19.0.0',
    );
    expect(mismatchOf(build('4.0.0', { '@reduxjs/toolkit': '3.0.0' }), host)?.kind).toBe('singleton');
    expect(mismatchOf(build('4.0.0', { x: '0.3.0' }), { ...host, singletons: { x: '0.4.1' } })).toMatchObject(
      { kind: 'singleton', range: '^0.4.0' },
    );
  });
});

describe("the shell's runtime plugin reading each remote's manifest", () => {
  const manifest = (contractsVersion: string) => ({
    metaData: {
      name: 'mfe_players',
      buildInfo: { buildVersion: '2.5.0+0a1b2c3' },
      contractsVersion,
      singletons: { react: '19.2.0' },
      remoteEntry: { name: 'remoteEntry.js', path: '' },
    },
  });
  const fetchOf = (body: unknown) =>
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      );
  const plugin = remoteBuildsPlugin() as {
    fetch(url: string, init: RequestInit): Promise<Response> | undefined;
  };
  afterEach(() => {
    jest.restoreAllMocks();
    loadedBuilds.clear();
    mismatches.clear();
  });

  it('records the build a manifest describes and hands the runtime the same manifest', async () => {
    const body = manifest(CONTRACTS_VERSION);
    fetchOf(body);
    const answer = await plugin.fetch('https://cdn.example.com/players/mf-manifest.json', {});
    expect(await answer!.json()).toEqual(body);
    expect(loadedBuilds.get('players')).toEqual({
      buildVersion: '2.5.0+0a1b2c3',
      contractsVersion: CONTRACTS_VERSION,
      singletons: { react: '19.2.0' },
    });
    expect(mismatches.has('players')).toBe(false);
  });

  it('refuses a build for another contracts major before the runtime loads any of its code', async () => {
    const next = `${contractsMajor(CONTRACTS_VERSION) + 1}.0.0`;
    fetchOf(manifest(next));
    await expect(plugin.fetch('https://cdn.example.com/players/mf-manifest.json', {})).rejects.toThrow(
      'mfe_players does not fit this panel',
    );
    expect(mismatches.get('players')).toEqual({
      kind: 'contracts',
      buildVersion: '2.5.0+0a1b2c3',
      contractsVersion: next,
    });
  });

  it('leaves whatever else the runtime fetches to its usual way', () => {
    expect(plugin.fetch('https://cdn.example.com/players/remoteEntry.js', {})).toBeUndefined();
  });
});
