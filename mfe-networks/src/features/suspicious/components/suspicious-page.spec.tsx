import { paths } from '@outpost/contracts';
import { liveEventReceived } from '@outpost/api-client';
import { setUpFakeServer } from '@outpost/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { atRoute, renderAs } from '../../../test/render';
import { FakeSuspiciousApi, suspect } from '../../../test/fake-suspicious';
import SuspiciousPage from './suspicious-page';

const api = setUpFakeServer(new FakeSuspiciousApi());

const REX = '76561198000000042';
const ZED = '76561198000000043';

const open = (userId = 'ana', role: 'admin' | 'moderator' | 'member' = 'moderator', demo = false) => {
  const network = api.addNetwork('Rust Legends', 'ana');
  if (userId !== 'ana') api.addMember(network.id, userId, role);
  const server = api.addServer(network.id, 'EU Main', { status: 'online' });
  const rendered = () =>
    renderAs(userId, <SuspiciousPage />, {
      ...atRoute(paths.serverArea(network.id, server.id, 'suspicious')),
      demo,
    });
  return { network, server, rendered };
};

describe('the Suspicious Activity area', () => {
  it('lists players by score with their top factors inline, and every factor on demand', async () => {
    const { network, server, rendered } = open('cy');
    api.lists.set(server.id, [suspect(REX, 'Rex'), suspect(ZED, 'Zed', { score: 10, factors: [] })]);
    rendered();
    const list = await screen.findByRole('list', { name: 'Players by score' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Rex');
    expect(rows[0]).toHaveTextContent('Reports 3 from 3 players · K/D 12.5 (z=3.1)');
    expect(screen.getByText(/412 players scored/)).toHaveTextContent(
      'K/D: mean 1.20, deviation 3.60 over 412 players',
    );

    const toggle = within(rows[0]).getByRole('button', { name: /Rex/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const factors = within(rows[0]).getByRole('table');
    const kd = within(factors).getByRole('row', { name: /^K\/D/ });
    expect(kd).toHaveTextContent('12.5 (z=3.1)');
    expect(kd).toHaveTextContent('+24.8');
    expect(kd).toHaveTextContent('Population: mean 1.20, deviation 3.60 over 412 players');
    expect(within(factors).getByRole('row', { name: /^AntiHack violations/ })).toHaveTextContent('none');
    // Punish opens the action dialog in the server's players area (another remote), on a ban.
    expect(within(rows[0]).getByRole('link', { name: 'Punish' })).toHaveAttribute(
      'href',
      paths.playerAction(network.id, server.id, REX, 'ban'),
    );
    // Members of the network do not see the weights form unless they may manage alerts.
    expect(screen.queryByRole('group', { name: /Weights/ })).toBeNull();
  });

  it('dismisses a player with a note', async () => {
    const { server, rendered } = open('cy');
    api.lists.set(server.id, [suspect(REX, 'Rex')]);
    rendered();
    const row = (await screen.findAllByRole('listitem'))[0];
    await userEvent.click(within(row).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss Rex' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Spectated: clean');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.reviews).toEqual([{ steamId: REX, action: 'dismiss', note: 'Spectated: clean' }]);
    expect(await screen.findByText('Dismissed by Ana')).toBeInTheDocument();
  });

  it('flags a player', async () => {
    const { server, rendered } = open('cy');
    api.lists.set(server.id, [suspect(REX, 'Rex')]);
    rendered();
    const row = (await screen.findAllByRole('listitem'))[0];
    await userEvent.click(within(row).getByRole('button', { name: 'Flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag Rex' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(await screen.findByText('Flagged by Ana')).toBeInTheDocument();
    expect(api.reviews).toEqual([{ steamId: REX, action: 'flag', note: undefined }]);
  });

  it('lets an admin change the weights, checking them first', async () => {
    const { rendered } = open('bo', 'admin');
    rendered();
    await userEvent.click(await screen.findByText('Weights and thresholds'));
    const reports = screen.getByRole('textbox', { name: /^Reports/ });
    await userEvent.clear(reports);
    await userEvent.type(reports, '-1');
    expect(screen.getByText('weights.reports must be a number from 0 to 100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save weights' })).toBeDisabled();
    await userEvent.clear(reports);
    await userEvent.type(reports, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save weights' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(api.saved[0].weights.reports).toBe(20);
  });

  it("shows the demo (an admin's view) every action and the weights, disabled: the demo is read-only", async () => {
    const { server, rendered } = open('demo', 'admin', true);
    api.lists.set(server.id, [suspect(REX, 'Rex')]);
    rendered();
    const row = (await screen.findAllByRole('listitem'))[0];
    for (const name of ['Dismiss', 'Flag', 'Punish']) {
      const button = within(row).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'The demo is read-only');
    }
    await userEvent.click(await screen.findByText('Weights and thresholds'));
    expect(screen.getByText(/The demo is read-only: these are the demo network/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Reports/ })).toBeDisabled();
    const save = screen.getByRole('button', { name: 'Save weights' });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('title', 'The demo is read-only');
    expect(api.reviews).toEqual([]);
  });

  it('says when nothing is suspicious', async () => {
    open('cy').rendered();
    expect(await screen.findByText('Nothing suspicious')).toBeInTheDocument();
  });

  it('explains Premium on a free network, with the Upgrade link', async () => {
    const { network, rendered } = open('cy');
    api.free.add(network.id);
    rendered();
    expect(await screen.findByText('This area is part of Premium')).toBeInTheDocument();
    expect(screen.getByText(/Suspicious activity is part of the Premium plan/)).toBeInTheDocument();
  });

  it('asks nothing of a network known to be on Free: Premium is said at once', async () => {
    const { network, server, rendered } = open('cy');
    network.plan = 'free';
    rendered();
    expect(await screen.findByText('This area is part of Premium')).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/servers/${server.id}/suspicious`)).toHaveLength(0);
  });

  it('shows an error with Retry', async () => {
    const { rendered } = open('cy');
    api.failures.set('GET /api/servers/:id/suspicious', {
      status: 500,
      body: { success: false, error: 'Database unavailable', code: 'INTERNAL' },
    });
    rendered();
    expect(await screen.findByText('Failed to load suspicious activity')).toBeInTheDocument();
    api.failures.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Nothing suspicious')).toBeInTheDocument();
  });

  it('reads the list again when a report arrives on the live stream', async () => {
    const { network, server, rendered } = open('cy');
    const { store } = rendered();
    expect(await screen.findByText('Nothing suspicious')).toBeInTheDocument();
    api.lists.set(server.id, [suspect(REX, 'Rex')]);
    act(() => {
      store.dispatch(
        liveEventReceived({
          type: 'report.changed',
          networkId: network.id,
          serverId: server.id,
          reportId: 'r9',
        }),
      );
    });
    expect(await screen.findByText('Rex')).toBeInTheDocument();
  });
});
