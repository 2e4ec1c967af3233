import { paths, type Role } from '@outpost/contracts';
import { setUpFakeServer } from '@outpost/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeDiscordLinksApi } from '../../../test/fake-discord-links';
import { atRoute, renderAs } from '../../../test/render';
import PlayerProfilePage from './player-profile-page';

const api = setUpFakeServer(new FakeDiscordLinksApi());

const linksPath = () => `/api/networks/${api.network.id}/discord/links`;

/** Rex's profile as `role`. */
const openProfile = async (role: Role, demo = false) => {
  api.roles.set('ana', role);
  const rex = api.addPlayer('Rex');
  const rendered = renderAs('ana', <PlayerProfilePage />, {
    ...atRoute(paths.playerProfile(api.network.id, rex.steamId)),
    demo,
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Rex' })).toBeInTheDocument();
  return { ...rendered, rex };
};

const discordSection = () => screen.findByRole('region', { name: 'Discord' });

describe('the player profile’s Discord link', () => {
  it('shows a moderator the Discord name, whether it is active and when it was linked, without Remove link', async () => {
    api.addLink('76561198000000001', { discordName: 'rex.rust' });
    api.addLink('76561198000000002', { discordName: 'someone.else' });
    const { rex } = await openProfile('moderator');
    const section = await discordSection();
    const facts = await within(section).findByText('rex.rust');
    expect(facts.closest('dl')).toHaveTextContent(/Discord namerex\.rustStatusActiveLinked.*2026/);
    expect(within(section).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-21T10:00:00.000Z');
    expect(within(section).queryByRole('button', { name: 'Remove link' })).not.toBeInTheDocument();
    expect(section).not.toHaveTextContent('someone.else');
    expect(api.callsTo('GET', linksPath())[0].query.get('steamId')).toBe(rex.steamId);
  });

  it('lets the owner remove the link after confirmation; the profile then says it is not linked', async () => {
    api.addLink('76561198000000001', { active: false });
    const { user, rex } = await openProfile('owner');
    const section = await discordSection();
    expect(await within(section).findByText('Inactive')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Discord link?' });
    expect(dialog).toHaveTextContent('Rex is no longer linked to rex on Discord');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `${linksPath()}/${rex.steamId}`)).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Remove link' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Discord link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    expect(await within(section).findByText(/^Not linked\./)).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${linksPath()}/${rex.steamId}`)).toHaveLength(1);
    expect(api.links).toEqual([]);
  });

  it('shows the API’s refusal of the removal in the dialog', async () => {
    api.addLink('76561198000000001');
    api.failures.set('DELETE /api/networks/:id/discord/links/:steamId', {
      status: 404,
      body: { success: false, error: 'This player has no Discord link', code: 'NOT_FOUND' },
    });
    const { user } = await openProfile('admin');
    const section = await discordSection();
    await user.click(await within(section).findByRole('button', { name: 'Remove link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Discord link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This player has no Discord link');
  });

  it('has Remove link disabled in the read-only demo', async () => {
    api.addLink('76561198000000001');
    await openProfile('admin', true);
    const section = await discordSection();
    expect(await within(section).findByRole('button', { name: 'Remove link' })).toBeDisabled();
  });

  it('says when the player has not linked, and when the read fails, with Retry', async () => {
    api.failures.set('GET /api/networks/:id/discord/links', {
      status: 500,
      body: { success: false, error: 'The database is unavailable', code: 'DB_UNAVAILABLE' },
    });
    const { user } = await openProfile('moderator');
    const section = await discordSection();
    expect(await within(section).findByRole('alert')).toHaveTextContent('The database is unavailable');
    api.failures.clear();
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText(/^Not linked\./)).toBeInTheDocument();
  });

  it('is not shown to a member, who is not asked for it', async () => {
    api.addLink('76561198000000001');
    const { store } = await openProfile('member');
    // The role that decides is known: the network was read.
    await waitFor(() =>
      expect(
        Object.values(store.getState().api?.queries ?? {}).some(
          (entry) => entry?.endpointName === 'getNetwork' && entry.status === 'fulfilled',
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Discord' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', linksPath())).toHaveLength(0);
  });
});
