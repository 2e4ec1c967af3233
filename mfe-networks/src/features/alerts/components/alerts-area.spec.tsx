import { paths, type AlertDelivery } from '@outpost/contracts';
import { setUpFakeServer } from '@outpost/testing';
import { ALERT_CHANNEL_MESSAGES, ALERT_RULE_MESSAGES } from '@outpost/validation';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeAlertsApi, REFUSED_URL_MESSAGE } from '../../../test/fake-alerts-api';
import { atRoute, renderAs } from '../../../test/render';
import NetworksRoutes from '../../../routes';
import ServerAlertsPage from './server-alerts-page';

const api = setUpFakeServer(new FakeAlertsApi());

const delivery = (fields: Partial<AlertDelivery>): AlertDelivery => ({
  id: `d-${fields.channelName}`,
  channelId: 'c1',
  channelType: 'webhook',
  channelName: 'Ops hook',
  event: 'fired',
  status: 'pending',
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: null,
  ...fields,
});

/** `ana` owns the network, `al` is an admin, `mo` a moderator, `cy` a member; EU Main has its rules and alerts. */
const world = () => {
  const network = api.addNetwork('Rust Legends', 'ana');
  api.addMember(network.id, 'al', 'admin');
  api.addMember(network.id, 'mo', 'moderator');
  api.addMember(network.id, 'cy', 'member');
  const eu = api.addServer(network.id, 'EU Main');
  const us = api.addServer(network.id, 'US West');
  api.addRule(network.id, { kind: 'server_offline', fromSettings: true });
  api.addRule(network.id, { kind: 'fps_below', serverId: eu.id, threshold: 20, minutes: 5 });
  api.addRule(network.id, { kind: 'players_above', serverId: us.id, threshold: 90, minutes: 10 });
  api.addChannel(network.id, { type: 'panel', name: 'The bell' });
  api.addChannel(network.id, { type: 'email', name: 'Staff mail', emails: [] });
  api.addAlert(network.id, {
    serverId: us.id,
    serverName: 'US West',
    title: 'US West is offline',
  });
  api.addAlert(network.id, {
    serverId: eu.id,
    serverName: 'EU Main',
    title: 'EU Main is offline',
    state: 'resolved',
    resolvedAt: new Date().toISOString(),
    deliveries: [
      delivery({
        channelType: 'panel',
        channelName: 'The bell',
        status: 'succeeded',
        attempts: 1,
        deliveredAt: '2026-11-28T10:00:05.000Z',
      }),
      delivery({
        channelName: 'Ops hook',
        status: 'retrying',
        attempts: 2,
        lastError: 'HTTP 500',
        nextAttemptAt: '2026-11-28T10:01:00.000Z',
      }),
      delivery({
        channelType: 'discord',
        channelName: 'Discord',
        status: 'failed',
        attempts: 5,
        lastError: 'timed out',
      }),
      delivery({ channelType: 'email', channelName: 'Staff mail', status: 'pending' }),
    ],
  });
  return { network, eu, us };
};

const openArea = (userId: string) => {
  const ids = world();
  const rendered = renderAs(
    userId,
    <ServerAlertsPage />,
    atRoute(paths.serverArea(ids.network.id, ids.eu.id, 'alerts')),
  );
  return { ...rendered, ...ids };
};

describe('the server’s Alerts area', () => {
  it('shows the owner the rules that apply to this server, the channels and its alerts with each delivery’s outcome', async () => {
    openArea('ana');
    const rules = await screen.findByRole('list', { name: 'Alert rules' });
    const ruleTexts = within(rules)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(ruleTexts).toHaveLength(2);
    expect(ruleTexts[0]).toContain('Server goes offline');
    expect(ruleTexts[0]).toContain('All servers');
    expect(ruleTexts[1]).toContain('FPS below 20 for 5 minutes · EU Main');
    // The settings' toggle is shown, not changed here.
    const settingsRule = within(rules).getAllByRole('listitem')[0];
    expect(within(settingsRule).getByRole('link', { name: 'Network settings' })).toHaveAttribute(
      'href',
      expect.stringContaining('?tab=settings'),
    );
    expect(within(settingsRule).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();

    expect(await screen.findByRole('list', { name: 'Alert channels' })).toHaveTextContent(
      "The network's owner and admins",
    );

    const history = await screen.findByRole('list', { name: 'Alert history' });
    expect(within(history).getAllByRole('listitem', { name: /offline/ })).toHaveLength(1);
    const deliveries = within(history).getByRole('list', { name: 'Deliveries of EU Main is offline' });
    const lines = within(deliveries)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines[0]).toMatch(/^Succeeded Fired → The bell \(In the panel \(the bell\)\): Delivered at /);
    expect(lines[1]).toMatch(/^Retrying .*Retrying: HTTP 500; next attempt at .* \(2 attempts so far\)$/);
    expect(lines[2]).toMatch(/^Failed .*Failed after 5 attempts: timed out$/);
    expect(lines[3]).toMatch(/^Pending .*Pending: not sent yet$/);
    expect(api.calls.find((call) => call.path.endsWith('/alerts'))?.query.get('serverId')).toBeTruthy();
  });

  it.each(['mo', 'cy'])('shows %s the history only, with no controls to manage', async (userId) => {
    openArea(userId);
    expect(await screen.findByRole('list', { name: 'Alert history' })).toHaveTextContent(
      'EU Main is offline',
    );
    expect(screen.queryByRole('heading', { name: 'Rules' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Channels' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Add Rule|Add Channel|Send test|Edit|Delete/ }),
    ).not.toBeInTheDocument();
    expect(
      api.calls.some((call) => call.path.includes('alert-rules') || call.path.includes('alert-channels')),
    ).toBe(false);
  });

  it('gives an admin the manage controls too', async () => {
    openArea('al');
    expect(await screen.findByRole('button', { name: 'Add Rule' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Send test to The bell' })).toBeEnabled();
  });

  it('shows the demo (an admin) the manage controls and switches disabled, each saying the demo is read-only', async () => {
    const { network, eu } = world();
    api.addMember(network.id, 'demo', 'admin');
    renderAs('demo', <ServerAlertsPage />, {
      ...atRoute(paths.serverArea(network.id, eu.id, 'alerts')),
      demo: true,
    });
    const rules = await screen.findByRole('list', { name: 'Alert rules' });
    const channels = await screen.findByRole('list', { name: 'Alert channels' });
    const controls = [
      screen.getByRole('button', { name: 'Add Rule' }),
      within(rules).getByRole('switch', { name: /FPS below 20/ }),
      within(rules).getByRole('button', { name: /Edit rule/ }),
      within(channels).getByRole('switch', { name: 'Enabled: The bell' }),
      within(channels).getByRole('button', { name: 'Send test to The bell' }),
    ];
    for (const control of controls) {
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', 'The demo is read-only');
    }
  });

  it('checks a rule against the limits before sending, then shows the API’s message beside its field', async () => {
    const { user, network, eu } = openArea('ana');
    await user.click(await screen.findByRole('button', { name: 'Add Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Alert Rule' });
    await user.selectOptions(within(dialog).getByLabelText('Alert when'), 'players_above');
    expect(within(dialog).getByLabelText('Server')).toHaveValue(eu.id);
    await user.type(within(dialog).getByLabelText('Players'), '100001');
    await user.clear(within(dialog).getByLabelText('For (minutes)'));
    await user.type(within(dialog).getByLabelText('For (minutes)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    expect(within(dialog).getByLabelText('Players')).toHaveAccessibleDescription(
      expect.stringContaining(ALERT_RULE_MESSAGES.threshold),
    );
    expect(within(dialog).getByLabelText('For (minutes)')).toHaveAccessibleDescription(
      expect.stringContaining(ALERT_RULE_MESSAGES.minutes),
    );
    expect(api.callsTo('POST', `/api/networks/${network.id}/alert-rules`)).toHaveLength(0);

    api.failures.set('POST /api/networks/:id/alert-rules', {
      status: 400,
      body: {
        success: false,
        error: 'Invalid input',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'minutes', message: 'minutes is longer than the history kept' }],
      },
    });
    await user.clear(within(dialog).getByLabelText('Players'));
    await user.type(within(dialog).getByLabelText('Players'), '80');
    await user.clear(within(dialog).getByLabelText('For (minutes)'));
    await user.type(within(dialog).getByLabelText('For (minutes)'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('For (minutes)')).toHaveAccessibleDescription(
        expect.stringContaining('minutes is longer than the history kept'),
      ),
    );
    expect(api.callsTo('POST', `/api/networks/${network.id}/alert-rules`)[0].body).toEqual({
      kind: 'players_above',
      serverId: eu.id,
      threshold: 80,
      minutes: 15,
      channelIds: null,
      enabled: true,
    });

    api.failures.clear();
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('More than 80 players for 15 minutes · EU Main')).toBeInTheDocument();
  });

  it('asks for Steam IDs to watch', async () => {
    const { user } = openArea('ana');
    await user.click(await screen.findByRole('button', { name: 'Add Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Alert Rule' });
    await user.selectOptions(within(dialog).getByLabelText('Alert when'), 'player_joins');
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    expect(within(dialog).getByLabelText('Watched players (Steam IDs)')).toHaveAccessibleDescription(
      expect.stringContaining(ALERT_RULE_MESSAGES.steamIdsRequired),
    );
    await user.type(
      within(dialog).getByLabelText('Watched players (Steam IDs)'),
      '76561198000000001{Enter}12345',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    expect(within(dialog).getByLabelText('Watched players (Steam IDs)')).toHaveAccessibleDescription(
      expect.stringContaining(ALERT_RULE_MESSAGES.steamIds),
    );
  });

  it('edits a rule without changing its kind, and keeps a network-wide kind off any server', async () => {
    const { user, network } = openArea('ana');
    await user.click(await screen.findByRole('button', { name: 'Edit rule: FPS below 20 for 5 minutes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alert Rule' });
    expect(within(dialog).getByLabelText('Alert when')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('FPS'));
    await user.type(within(dialog).getByLabelText('FPS'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save Rule' }));
    expect(await screen.findByText('FPS below 15 for 5 minutes · EU Main')).toBeInTheDocument();
    const [patch] = api.calls.filter((call) => call.method === 'PATCH');
    expect(patch.body).not.toHaveProperty('kind');
    expect(patch.body).toMatchObject({ threshold: 15, minutes: 5 });

    await user.click(screen.getByRole('button', { name: 'Add Rule' }));
    const add = await screen.findByRole('dialog', { name: 'Add Alert Rule' });
    await user.selectOptions(within(add).getByLabelText('Alert when'), 'member_joins');
    expect(within(add).queryByLabelText('Server')).not.toBeInTheDocument();
    await user.click(within(add).getByRole('button', { name: 'Add Rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `/api/networks/${network.id}/alert-rules`)[0].body).toMatchObject({
      kind: 'member_joins',
      serverId: null,
    });
  });

  it('turns a rule off and deletes one', async () => {
    const { user, network } = openArea('ana');
    const toggle = await screen.findByRole('switch', { name: 'Enabled: FPS below 20 for 5 minutes' });
    await user.click(toggle);
    await waitFor(() => expect(api.rules.find((rule) => rule.kind === 'fps_below')?.enabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Delete rule: FPS below 20 for 5 minutes' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Rule' }));
    await waitFor(() => expect(screen.queryByText(/FPS below 20/)).not.toBeInTheDocument());
    expect(api.rules.filter((rule) => rule.networkId === network.id)).toHaveLength(2);
  });

  it('shows a new webhook’s secret once, with a copy button, and the URL refused by the egress policy beside its field', async () => {
    const { user } = openArea('ana');
    await user.click(await screen.findByRole('button', { name: 'Add Channel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Alert Channel' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'webhook');
    await user.click(within(dialog).getByRole('button', { name: 'Add Channel' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      ALERT_CHANNEL_MESSAGES.nameRequired,
    );
    expect(within(dialog).getByLabelText('Webhook URL')).toHaveAccessibleDescription(
      expect.stringContaining(ALERT_CHANNEL_MESSAGES.urlRequired),
    );
    await user.type(within(dialog).getByLabelText('Name'), 'Ops hook');
    await user.type(within(dialog).getByLabelText('Webhook URL'), 'ftp://example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add Channel' }));
    expect(within(dialog).getByLabelText('Webhook URL')).toHaveAccessibleDescription(
      expect.stringContaining(ALERT_CHANNEL_MESSAGES.url),
    );
    await user.clear(within(dialog).getByLabelText('Webhook URL'));
    await user.type(within(dialog).getByLabelText('Webhook URL'), 'http://169.254.169.254/latest');
    await user.click(within(dialog).getByRole('button', { name: 'Add Channel' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Webhook URL')).toHaveAccessibleDescription(
        expect.stringContaining(REFUSED_URL_MESSAGE),
      ),
    );
    expect(api.channels.some((channel) => channel.name === 'Ops hook')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Webhook URL'));
    await user.type(within(dialog).getByLabelText('Webhook URL'), 'https://hooks.example.com/outpost');
    await user.click(within(dialog).getByRole('button', { name: 'Add Channel' }));
    dialog = await screen.findByRole('dialog', { name: 'Webhook Signing Secret' });
    expect(within(dialog).getByLabelText('Signing secret')).toHaveValue(api.secret);
    expect(dialog).toHaveTextContent('This secret is shown only once and will not be shown again.');
    expect(within(dialog).getByRole('button', { name: 'Copy Secret' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('https://hooks.example.com/outpost')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(api.secret)).not.toBeInTheDocument();
    expect(screen.queryByText(api.secret)).not.toBeInTheDocument();
  });

  it('sends a test and shows its delivery’s outcome', async () => {
    const { user } = openArea('ana');
    await user.click(await screen.findByRole('button', { name: 'Send test to The bell' }));
    expect(await screen.findByText(/^Test: Delivered at /)).toBeInTheDocument();

    api.testOutcome = {
      status: 'retrying',
      attempts: 1,
      lastError: 'HTTP 502',
      nextAttemptAt: '2026-11-28T10:00:05.000Z',
    };
    await user.click(screen.getByRole('button', { name: 'Send test to Staff mail' }));
    expect(
      await screen.findByText(/^Test: Retrying: HTTP 502; next attempt at .* \(1 attempt so far\)$/),
    ).toBeInTheDocument();
  });

  it('says so when the history is empty or fails, and filters by state', async () => {
    const { user, network } = openArea('cy');
    await screen.findByRole('list', { name: 'Alert history' });
    await user.selectOptions(screen.getByLabelText('State'), 'firing');
    expect(await screen.findByRole('heading', { name: 'No alerts match these filters' })).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/networks/${network.id}/alerts`).at(-1)?.query.get('state')).toBe(
      'firing',
    );
    api.failures.set('GET /api/networks/:id/alerts', {
      status: 500,
      body: { success: false, error: 'The database is unavailable', code: 'DB_UNAVAILABLE' },
    });
    await user.selectOptions(screen.getByLabelText('State'), 'resolved');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is unavailable');
  });
});

describe('the network’s Alerts tab', () => {
  it('lists every rule and the network’s alerts, filtered by server', async () => {
    const { network, us } = world();
    const { user } = renderAs(
      'ana',
      <NetworksRoutes screen="network-dashboard" />,
      atRoute(`${paths.network(network.id)}?tab=alerts`),
    );
    expect(await screen.findByRole('tab', { name: 'Alerts', selected: true })).toBeInTheDocument();
    const rules = await screen.findByRole('list', { name: 'Alert rules' });
    expect(within(rules).getAllByRole('listitem')).toHaveLength(3);
    const history = await screen.findByRole('list', { name: 'Alert history' });
    expect(within(history).getAllByRole('listitem', { name: /offline/ })).toHaveLength(2);
    await user.selectOptions(
      within(screen.getByRole('region', { name: 'History' })).getByLabelText('Server'),
      us.id,
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Alert history' })).getAllByRole('listitem', {
          name: /offline/,
        }),
      ).toHaveLength(1),
    );
    expect(screen.getByRole('list', { name: 'Alert history' })).toHaveTextContent('US West is offline');
  });

  it('is offered to members, who read the history only', async () => {
    const { network } = world();
    renderAs(
      'cy',
      <NetworksRoutes screen="network-dashboard" />,
      atRoute(`${paths.network(network.id)}?tab=alerts`),
    );
    expect(await screen.findByRole('list', { name: 'Alert history' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Rule' })).not.toBeInTheDocument();
  });
});
