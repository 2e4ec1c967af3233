import { renderWithProviders } from '@outpost/testing';
import { screen } from '@testing-library/react';
import { CONTRACTS_VERSION } from '@outpost/contracts';
import { loadedBuilds, mismatches } from './remote-builds';
import { VersionsList } from './versions-list';

describe("the footer's Versions", () => {
  afterEach(() => {
    loadedBuilds.clear();
    mismatches.clear();
  });

  it('lists, once opened, the panel’s contracts and each loaded remote with its build', async () => {
    loadedBuilds.set('landing', {
      buildVersion: '0.1.0+1a2b3c4',
      contractsVersion: CONTRACTS_VERSION,
      singletons: {},
    });
    const { user } = renderWithProviders(<VersionsList />);
    expect(screen.queryByRole('list', { name: 'Loaded areas' })).not.toBeInTheDocument();

    await user.click(screen.getByText('Versions'));
    const list = await screen.findByRole('list', { name: 'Loaded areas' });
    expect(list).toHaveTextContent(`panel: contracts ${CONTRACTS_VERSION}`);
    expect(list).toHaveTextContent(`landing: 0.1.0+1a2b3c4, contracts ${CONTRACTS_VERSION}`);
    expect(list).not.toHaveTextContent('players');
  });

  it('reads the remotes again each time it is opened', async () => {
    const { user } = renderWithProviders(<VersionsList />);
    await user.click(screen.getByText('Versions'));
    expect(await screen.findByRole('list', { name: 'Loaded areas' })).not.toHaveTextContent('players');
    await user.click(screen.getByText('Versions'));

    loadedBuilds.set('players', { buildVersion: '2.4.1+abc', contractsVersion: null, singletons: {} });
    await user.click(screen.getByText('Versions'));
    expect(await screen.findByText('players: 2.4.1+abc, contracts unknown')).toBeInTheDocument();
  });

  it('says of a build it read but refused that it is not loaded', async () => {
    const build = { buildVersion: '2.4.1+abc', contractsVersion: '99.0.0', singletons: {} };
    loadedBuilds.set('players', build);
    mismatches.set('players', {
      kind: 'contracts',
      buildVersion: build.buildVersion,
      contractsVersion: '99.0.0',
    });
    const { user } = renderWithProviders(<VersionsList />);
    await user.click(screen.getByText('Versions'));
    expect(await screen.findByRole('list', { name: 'Loaded areas' })).toHaveTextContent(
      'players: 2.4.1+abc, contracts 99.0.0 (not loaded: built for another version of the panel)',
    );
  });
});
