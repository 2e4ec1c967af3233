import { liveEventReceived } from '@outpost/api-client';
import { paths, PREMIUM_FEATURE_NAMES, type AutomationRunAction } from '@outpost/contracts';
import { setUpFakeServer } from '@outpost/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeAutomationApi } from '../../../test/fake-automation-api';
import { atRoute, renderAs } from '../../../test/render';
import NetworksRoutes from '../../../routes';
import { NetworkAutomationTab } from './network-automation-tab';

const api = setUpFakeServer(new FakeAutomationApi());

const restart = {
  name: 'Daily restart',
  enabled: true,
  serverIds: null,
  schedule: { cron: '0 5 * * *', timezone: 'Europe/Berlin', onlyWhenOnline: true },
  actions: [{ type: 'broadcast' as const, message: 'Restart in 5 minutes' }],
};

/** `ana` owns the network, `al` is an admin, `mo` a moderator, `cy` a member; it has a schedule and a trigger. */
const world = () => {
  const network = api.addNetwork('Rust Legends', 'ana');
  for (const [userId, role] of [
    ['al', 'admin'],
    ['mo', 'moderator'],
    ['cy', 'member'],
  ] as const)
    api.addMember(network.id, userId, role);
  const eu = api.addServer(network.id, 'EU Main');
  const schedule = api.addAutomation(network.id, restart, {
    lastRun: {
      id: 'run-0',
      status: 'failed',
      startedAt: '2026-12-02T04:00:00.000Z',
      finishedAt: '2026-12-02T04:00:03.000Z',
    },
  });
  const trigger = api.addAutomation(network.id, {
    name: 'Discord link',
    enabled: false,
    serverIds: [eu.id],
    trigger: { event: 'chat.message', pattern: '^!discord', channel: null },
    actions: [{ type: 'broadcast', message: 'Join us: discord.gg/rust' }],
  });
  return { network, eu, schedule, trigger };
};

const openTab = (userId: string) => {
  const ids = world();
  const rendered = renderAs(
    userId,
    <NetworkAutomationTab networkId={ids.network.id} />,
    atRoute(paths.network(ids.network.id)),
  );
  return { ...rendered, ...ids };
};

const row = (name: string) => screen.findByRole('listitem', { name });

describe('the network’s Automation tab', () => {
  it('lists the owner’s automations with what sets each off, where, their runs and their buttons', async () => {
    const { user } = openTab('ana');
    expect(await screen.findByRole('heading', { name: 'Automation' })).toBeInTheDocument();
    const daily = await row('Daily restart');
    expect(daily).toHaveTextContent('Schedule');
    expect(daily).toHaveTextContent('At 05:00 (Europe/Berlin) · All servers');
    expect(daily).toHaveTextContent(/Next run.*2026/);
    expect(within(daily).getByText('Failed')).toBeInTheDocument();
    expect(within(daily).getByRole('switch', { name: 'Enabled' })).toBeChecked();
    for (const name of ['Edit', 'Run now', 'Run history', 'Delete'])
      expect(within(daily).getByRole('button', { name })).toBeEnabled();
    expect(within(daily).queryByRole('button', { name: 'Dry run' })).not.toBeInTheDocument();

    const discord = await row('Discord link');
    expect(discord).toHaveTextContent('Trigger');
    expect(discord).toHaveTextContent('A chat message matches /^!discord/ · EU Main');
    expect(discord).toHaveTextContent('Last runNever');
    expect(discord).not.toHaveTextContent('Next run');
    expect(within(discord).getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
    expect(within(discord).getByRole('button', { name: 'Dry run' })).toBeEnabled();
    expect(within(discord).queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New automation' })).toBeEnabled();

    await user.click(within(discord).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(api.automations.find((a) => a.name === 'Discord link')?.enabled).toBe(true));
    await waitFor(() => expect(within(discord).getByRole('switch', { name: 'Enabled' })).toBeChecked());
  });

  it('says so while loading, when the list is empty, and when it fails', async () => {
    const network = api.addNetwork('Fresh', 'ana');
    api.addMember(network.id, 'mo', 'moderator');
    api.held.add('GET /api/networks/:id/automations');
    const { unmount } = renderAs('ana', <NetworkAutomationTab networkId={network.id} />);
    expect(await screen.findByText('Loading automations…')).toBeInTheDocument();
    api.held.clear();
    api.release();
    expect(await screen.findByRole('heading', { name: 'No automations yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start from a template' })).toBeEnabled();
    unmount();

    const moderator = renderAs('mo', <NetworkAutomationTab networkId={network.id} />);
    expect(await screen.findByRole('heading', { name: 'No automations yet' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Start from a template|New automation/ }),
    ).not.toBeInTheDocument();
    moderator.unmount();

    api.failures.set('GET /api/networks/:id/automations', {
      status: 500,
      body: { success: false, error: 'The database is unavailable', code: 'DB_UNAVAILABLE' },
    });
    const { user } = renderAs('ana', <NetworkAutomationTab networkId={network.id} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load automations');
    expect(alert).toHaveTextContent('The database is unavailable');
    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No automations yet' })).toBeInTheDocument();
  });

  it('lets a moderator read the list and the runs, and change nothing', async () => {
    const { user, schedule } = openTab('mo');
    const daily = await row('Daily restart');
    expect(within(daily).getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    expect(
      within(daily).queryByRole('button', { name: /Edit|Run now|Dry run|Delete/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New automation' })).not.toBeInTheDocument();
    api.addRun(schedule, { summary: 'Due at 05:00' });
    await user.click(within(daily).getByRole('button', { name: 'Run history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run history: Daily restart' });
    expect(
      await within(dialog).findByRole('listitem', { name: 'Schedule: Due at 05:00' }),
    ).toBeInTheDocument();
  });

  it('shows the demo (an admin) its switch and write buttons disabled, each saying the demo is read-only', async () => {
    const { network } = world();
    api.addMember(network.id, 'demo', 'admin');
    renderAs('demo', <NetworkAutomationTab networkId={network.id} />, {
      ...atRoute(paths.network(network.id)),
      demo: true,
    });
    const daily = await row('Daily restart');
    const controls = [
      within(daily).getByRole('switch', { name: 'Enabled' }),
      ...['Edit', 'Run now', 'Delete'].map((name) => within(daily).getByRole('button', { name })),
      screen.getByRole('button', { name: 'New automation' }),
    ];
    for (const control of controls) {
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', 'The demo is read-only');
    }
    expect(within(daily).getByRole('button', { name: 'Run history' })).toBeEnabled();
  });

  it('explains Premium, with Upgrade, on a Free network', async () => {
    const { network } = world();
    api.free.add(network.id);
    renderAs('ana', <NetworkAutomationTab networkId={network.id} />);
    expect(await screen.findByRole('heading', { name: 'This area is part of Premium' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(PREMIUM_FEATURE_NAMES.automation))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', paths.plan());
    expect(screen.queryByRole('button', { name: 'New automation' })).not.toBeInTheDocument();
  });

  it('asks nothing of a network known to be on Free: Premium is said at once', async () => {
    const { network } = world();
    api.networks.find((stored) => stored.id === network.id)!.plan = 'free';
    renderAs('ana', <NetworkAutomationTab networkId={network.id} />);
    expect(await screen.findByRole('heading', { name: 'This area is part of Premium' })).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/networks/${network.id}/automations`)).toHaveLength(0);
  });

  it('shows each run of the history with every action’s outcome, pages older runs and follows the live stream', async () => {
    const { user, store, network, schedule, eu } = openTab('ana');
    const action = (position: number, fields: Partial<AutomationRunAction>): AutomationRunAction => ({
      position,
      type: 'broadcast',
      status: 'succeeded',
      sent: null,
      detail: null,
      commandId: null,
      dueAt: '2026-12-02T05:00:00.000Z',
      finishedAt: null,
      ...fields,
    });
    for (let n = 1; n <= 25; n += 1) api.addRun(schedule, { summary: `Older run ${n}` });
    api.addRun(schedule, {
      serverId: eu.id,
      serverName: 'EU Main',
      summary: 'Due at 05:00',
      status: 'failed',
      actions: [
        action(0, { sent: 'say "Restart in 5 minutes"', status: 'succeeded' }),
        action(1, { status: 'delivered', sent: 'say "Restart in 1 minute"' }),
        action(2, { type: 'console', status: 'failed', sent: 'restart 60', detail: 'Unknown command' }),
        action(3, { status: 'pending' }),
        action(4, { status: 'waiting' }),
        action(5, { status: 'expired', detail: 'The server did not take it within 60 s' }),
        action(6, { type: 'kick', status: 'skipped', detail: 'An earlier action failed' }),
      ],
    });
    await user.click(within(await row('Daily restart')).getByRole('button', { name: 'Run history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run history: Daily restart' });
    const run = await within(dialog).findByRole('listitem', { name: 'Schedule: Due at 05:00' });
    expect(run).toHaveTextContent(/^FailedSchedule: Due at 05:00EU Main · .* · 2\.5 s/);
    const steps = within(within(run).getByRole('list', { name: 'Actions of Schedule: Due at 05:00' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      '1. Broadcast (say)Succeededsay "Restart in 5 minutes"',
      '2. Broadcast (say)Deliveredsay "Restart in 1 minute"',
      '3. Console commandFailedrestart 60Why: Unknown command',
      '4. Broadcast (say)Pending',
      '5. Broadcast (say)Waiting',
      '6. Broadcast (say)ExpiredThe server did not take it within 60 s',
      '7. Kick the playerSkippedAn earlier action failed',
    ]);
    expect(within(dialog).getAllByRole('listitem', { name: /^Schedule: Older run/ })).toHaveLength(24);
    await user.click(within(dialog).getByRole('button', { name: 'Load older' }));
    expect(
      await within(dialog).findByRole('listitem', { name: 'Schedule: Older run 1' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('No older runs')).toBeInTheDocument();

    api.addRun(schedule, { summary: 'Due at 06:00', status: 'running', finishedAt: null });
    store.dispatch(
      liveEventReceived({
        type: 'automation.run',
        networkId: network.id,
        automationId: schedule.id,
        runId: 'run-new',
        serverId: null,
      }),
    );
    const live = await within(dialog).findByRole('listitem', { name: 'Schedule: Due at 06:00' });
    expect(live).toHaveTextContent(/^Running.*running$/);
  });

  it('runs a schedule now and opens its history on the run', async () => {
    const { user, network, schedule } = openTab('al');
    await user.click(within(await row('Daily restart')).getByRole('button', { name: 'Run now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run history: Daily restart' });
    expect(
      await within(dialog).findByRole('listitem', { name: 'Run now: Started by hand' }),
    ).toHaveTextContent('Running');
    expect(api.callsTo('POST', `/api/networks/${network.id}/automations/${schedule.id}/run`)).toHaveLength(1);
  });

  it('shows what a dry run found, or why a trigger cannot be replayed', async () => {
    const { user, eu } = openTab('ana');
    api.dryRun = {
      examined: 12,
      replayable: true,
      matches: [
        {
          at: '2026-12-02T20:15:00.000Z',
          serverId: eu.id,
          serverName: 'EU Main',
          summary: 'Rusty said !discord',
          steamId: '76561198000000001',
          actions: [{ position: 0, type: 'broadcast', sent: 'say "Join us: discord.gg/rust"' }],
        },
      ],
    };
    const discord = await row('Discord link');
    await user.click(within(discord).getByRole('button', { name: 'Dry run' }));
    let dialog = await screen.findByRole('dialog', { name: 'Dry run: Discord link' });
    expect(
      await within(dialog).findByText('12 events in the last 24 h examined; 1 would have fired.'),
    ).toBeInTheDocument();
    const match = within(dialog).getByRole('listitem', { name: 'Rusty said !discord' });
    expect(match).toHaveTextContent('EU Main');
    expect(match).toHaveTextContent('1. Broadcast (say)say "Join us: discord.gg/rust"');
    expect(dialog).toHaveTextContent('A dry run acts on nothing');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    api.dryRun = { examined: 0, matches: [], replayable: false };
    await user.click(within(discord).getByRole('button', { name: 'Dry run' }));
    dialog = await screen.findByRole('dialog', { name: 'Dry run: Discord link' });
    expect(await within(dialog).findByRole('heading', { name: 'Nothing to replay' })).toBeInTheDocument();
  });

  it('deletes an automation once confirmed', async () => {
    const { user } = openTab('ana');
    await user.click(within(await row('Discord link')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete automation' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete automation' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Discord link' })).not.toBeInTheDocument(),
    );
    expect(api.automations.map((a) => a.name)).toEqual(['Daily restart']);
  });
});

describe('the network page', () => {
  it.each([
    ['mo', true],
    ['cy', false],
  ])('offers %s the Automation tab: %s', async (userId, offered) => {
    const { network } = world();
    renderAs(
      userId,
      <NetworksRoutes screen="network-dashboard" />,
      atRoute(`${paths.network(network.id)}?tab=automation`),
    );
    if (offered) {
      expect(await screen.findByRole('tab', { name: 'Automation', selected: true })).toBeInTheDocument();
      expect(await screen.findByRole('listitem', { name: 'Daily restart' })).toBeInTheDocument();
    } else {
      expect(await screen.findByRole('tab', { name: 'Servers', selected: true })).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Automation' })).not.toBeInTheDocument();
      expect(api.calls.some((call) => call.path.includes('/automations'))).toBe(false);
    }
  });
});
