import { paths } from '@outpost/contracts';
import { setUpFakeServer } from '@outpost/testing';
import { ALERT_RULE_MESSAGES } from '@outpost/validation';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeAlertsApi } from '../../../test/fake-alerts-api';
import { atRoute, renderAs } from '../../../test/render';
import ServerAlertsPage from './server-alerts-page';

// A rule's "Send to" (issue 38): every channel by default, or the channels ticked; the rules list
// says where each rule sends, and deleting a channel says which rules go back to every channel.

const api = setUpFakeServer(new FakeAlertsApi());

const openArea = () => {
  const network = api.addNetwork('Rust Legends', 'ana');
  const eu = api.addServer(network.id, 'EU Main');
  const bell = api.addChannel(network.id, { type: 'panel', name: 'The bell' });
  const ops = api.addChannel(network.id, {
    type: 'webhook',
    name: 'Ops hook',
    url: 'https://hooks.example.com',
  });
  api.addChannel(network.id, { type: 'email', name: 'Staff mail', enabled: false });
  const rule = api.addRule(network.id, { kind: 'server_offline', serverId: eu.id, channelIds: [ops.id] });
  const rendered = renderAs(
    'ana',
    <ServerAlertsPage />,
    atRoute(paths.serverArea(network.id, eu.id, 'alerts')),
  );
  return { ...rendered, network, eu, bell, ops, rule };
};

describe('a rule’s channels', () => {
  it('sends to every channel unless some are chosen, and asks for one when none is ticked', async () => {
    const { user, network, bell, ops } = openArea();
    await user.click(await screen.findByRole('button', { name: 'Add Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Alert Rule' });
    const sendTo = within(dialog).getByRole('group', { name: 'Send to' });
    expect(within(sendTo).getByRole('radio', { name: 'Every channel' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(within(sendTo).getByRole('radio', { name: 'Chosen channels' }));
    const channels = within(dialog).getByRole('group', { name: 'Channels to send to' });
    expect(
      within(channels)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['The bellIn the panel (the bell)', 'Ops hookWebhook (signed JSON)', 'Staff mailE-mail, off']);
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    expect(channels).toHaveAccessibleDescription(ALERT_RULE_MESSAGES.channelIdsEmpty);
    expect(api.callsTo('POST', `/api/networks/${network.id}/alert-rules`)).toHaveLength(0);

    await user.click(within(channels).getByRole('checkbox', { name: /^Ops hook/ }));
    await user.click(within(channels).getByRole('checkbox', { name: /^The bell/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `/api/networks/${network.id}/alert-rules`)[0].body).toMatchObject({
      kind: 'server_offline',
      channelIds: [ops.id, bell.id],
    });
    expect(await screen.findByText('Sends to Ops hook, The bell')).toBeInTheDocument();
  });

  it('edits a rule back to every channel', async () => {
    const { user, network, rule } = openArea();
    const rules = await screen.findByRole('list', { name: 'Alert rules' });
    expect(await within(rules).findByText('Sends to Ops hook')).toBeInTheDocument();
    await user.click(within(rules).getByRole('button', { name: 'Edit rule: Server goes offline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alert Rule' });
    expect(within(dialog).getByRole('radio', { name: 'Chosen channels' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /^Ops hook/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Every channel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', `/api/networks/${network.id}/alert-rules/${rule.id}`)[0].body).toMatchObject({
      channelIds: null,
    });
    expect(await within(rules).findByText('Sends to every channel')).toBeInTheDocument();
  });

  it('shows the API’s refusal of a channel beside the channels', async () => {
    const { user, ops } = openArea();
    await user.click(await screen.findByRole('button', { name: 'Add Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Alert Rule' });
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen channels' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Ops hook/ }));
    // Another admin deleted it meanwhile.
    api.channels = api.channels.filter((channel) => channel.id !== ops.id);
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('group', { name: 'Channels to send to' })).toHaveAccessibleDescription(
        ALERT_RULE_MESSAGES.unknownChannel,
      ),
    );
  });

  it('names the rules that send only to a channel being deleted, which then send to every channel', async () => {
    const { user } = openArea();
    await user.click(await screen.findByRole('button', { name: 'Delete channel Ops hook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Alert Channel' });
    expect(dialog).toHaveTextContent(
      'Alerts will no longer be sent to Ops hook. This rule sends only to it and will send to every channel: Server goes offline.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete Channel' }));
    const rules = screen.getByRole('list', { name: 'Alert rules' });
    expect(await within(rules).findByText('Sends to every channel')).toBeInTheDocument();
  });
});
