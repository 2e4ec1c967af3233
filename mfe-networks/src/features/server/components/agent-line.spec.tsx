import { paths } from '@outpost/contracts';
import { formatTimestamp } from '@outpost/format';
import { screen } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import ServerPage from './server-page';

const api = setUpFakeApi();
const LAST = '2026-11-28T01:30:00.000Z';

const openWithAgent = (version: string, olderThanPanel: string | null) => {
  const network = api.addNetwork('Rust Legends', 'ana');
  const server = api.addServer(network.id, 'EU Bridged', {
    status: 'online',
    lastSeenAt: LAST,
    agent: { name: 'outpost-bridge', version, address: '198.51.100.20', olderThanPanel },
  });
  renderAs('ana', <ServerPage />, atRoute(paths.server(network.id, server.id)));
};

describe('the server page: what the server reports through', () => {
  it('says which bridge version it is connected through, from where, and when it last reported', async () => {
    openWithAgent('0.1.0', null);
    const line = await screen.findByRole('status', { name: 'Connected through' });
    expect(line).toHaveTextContent(
      `Connected through outpost-bridge 0.1.0 from 198.51.100.20, last report ${formatTimestamp(LAST)}.`,
    );
    expect(line).not.toHaveTextContent('older than this panel');
  });

  it('warns when the bridge is older than the panel, with the download to update it', async () => {
    openWithAgent('0.0.9', '0.1.0');
    const line = await screen.findByRole('status', { name: 'Connected through' });
    expect(line).toHaveTextContent('outpost-bridge 0.0.9 is older than this panel (0.1.0)');
    expect(screen.getByRole('link', { name: 'outpost-bridge.mjs' })).toHaveAttribute(
      'href',
      '/downloads/outpost-bridge.mjs',
    );
  });
});
