import { paths } from '@outpost/contracts';
import { setUpFakeServer } from '@outpost/testing';
import { DISCORD_MESSAGES } from '@outpost/validation';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeDiscordApi, GUILD, ROLES } from '../../../test/fake-discord-api';
import { atRoute, renderAs } from '../../../test/render';
import { NetworkDiscordTab } from './network-discord-tab';

const api = setUpFakeServer(new FakeDiscordApi());

const openRules = async () => {
  const network = api.addNetwork('Rust Legends', 'ana');
  api.setDiscord(network.id, { guild: GUILD });
  const rendered = renderAs(
    'ana',
    <NetworkDiscordTab networkId={network.id} />,
    atRoute(`${paths.network(network.id)}?tab=discord`),
  );
  const rules = await screen.findByRole('region', { name: 'Role rules' });
  return { ...rendered, network, rules };
};

const openDialog = async (
  user: ReturnType<typeof renderAs>['user'],
  rules: HTMLElement,
  button = 'Add rule',
) => {
  await user.click(within(rules).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: /role rule/ });
  // The roles come from Discord: the picker waits for them.
  await within(dialog).findByRole('option', { name: ROLES[0].name });
  return dialog;
};

describe('the Discord tab’s role rules', () => {
  it('adds a rule with the default commands, and lists it with its direction and commands', async () => {
    const { user, rules, network } = await openRules();
    const dialog = await openDialog(user, rules);
    expect(within(dialog).getByLabelText('Add command')).toHaveValue('oxide.usergroup add {steamId} {group}');
    expect(within(dialog).getByLabelText('Remove command')).toHaveValue(
      'oxide.usergroup remove {steamId} {group}',
    );
    expect(within(dialog).getByRole('radio', { name: /^Discord → game/ })).toBeChecked();

    await user.selectOptions(within(dialog).getByLabelText('Discord role'), 'VIP');
    await user.type(within(dialog).getByLabelText('In-game group'), 'vip');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(api.callsTo('POST', `/api/networks/${network.id}/discord/role-rules`)[0].body).toEqual({
      roleId: ROLES[0].id,
      roleName: 'VIP',
      group: 'vip',
      direction: 'to_game',
      addCommand: 'oxide.usergroup add {steamId} {group}',
      removeCommand: 'oxide.usergroup remove {steamId} {group}',
    });
    const rule = await within(rules).findByRole('listitem', { name: 'VIP and vip' });
    expect(rule).toHaveTextContent('VIPDiscord → gamegroup vip');
    expect(rule).toHaveTextContent('Adds withoxide.usergroup add {steamId} {group}');
  });

  it('shows the validation lib’s messages beside the fields, and sends nothing', async () => {
    const { user, rules, network } = await openRules();
    const dialog = await openDialog(user, rules);
    await user.type(within(dialog).getByLabelText('In-game group'), 'vip plus');
    const add = within(dialog).getByLabelText('Add command');
    await user.clear(add);
    await user.type(add, 'oxide.usergroup add {{group}');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));

    expect(within(dialog).getByLabelText('Discord role')).toHaveAccessibleDescription(DISCORD_MESSAGES.role);
    expect(within(dialog).getByLabelText('In-game group')).toHaveAccessibleDescription(
      expect.stringContaining(DISCORD_MESSAGES.group),
    );
    expect(add).toHaveAccessibleDescription(expect.stringContaining(DISCORD_MESSAGES.template));
    expect(api.callsTo('POST', `/api/networks/${network.id}/discord/role-rules`)).toHaveLength(0);

    // Game → Discord runs no command: the templates are not asked for.
    await user.click(within(dialog).getByRole('radio', { name: /^Game → Discord/ }));
    expect(within(dialog).queryByLabelText('Add command')).not.toBeInTheDocument();
  });

  it('shows the API’s 400 beside the field it is about', async () => {
    const { user, rules, network } = await openRules();
    const dialog = await openDialog(user, rules);
    // The role is deleted on Discord after the picker read it.
    api.discord.get(network.id)!.roles = [ROLES[1]];
    await user.selectOptions(within(dialog).getByLabelText('Discord role'), 'VIP');
    await user.type(within(dialog).getByLabelText('In-game group'), 'vip');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Discord role')).toHaveAccessibleDescription(
        DISCORD_MESSAGES.role,
      ),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('edits a rule, and removes one after confirmation', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.setDiscord(network.id, { guild: GUILD });
    const rule = api.addRule(network.id);
    const { user } = renderAs('ana', <NetworkDiscordTab networkId={network.id} />);
    const item = await screen.findByRole('listitem', { name: 'VIP and vip' });

    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit role rule' });
    expect(within(dialog).getByLabelText('In-game group')).toHaveValue('vip');
    await user.click(within(dialog).getByRole('radio', { name: /^Both ways/ }));
    const add = within(dialog).getByLabelText('Add command');
    await user.clear(add);
    await user.type(add, 'c.grant user {{steamId} {{group}');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      api.callsTo('PATCH', `/api/networks/${network.id}/discord/role-rules/${rule.id}`)[0].body,
    ).toMatchObject({
      direction: 'both',
      addCommand: 'c.grant user {steamId} {group}',
    });
    // The list is read again after the save: wait for the changed row, not the one still shown.
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'VIP and vip' })).toHaveTextContent('Both ways'),
    );

    await user.click(
      within(screen.getByRole('listitem', { name: 'VIP and vip' })).getByRole('button', { name: 'Remove' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Remove role rule' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove rule' }));
    expect(await screen.findByRole('heading', { name: 'No role rules yet' })).toBeInTheDocument();
    expect(api.discord.get(network.id)!.roleRules).toEqual([]);
  });
});
