import { paths } from '@outpost/contracts';
import { setUpFakeServer } from '@outpost/testing';
import { AUTOMATION_MESSAGES } from '@outpost/validation';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeAutomationApi, TEMPLATES } from '../../../test/fake-automation-api';
import { atRoute, renderAs } from '../../../test/render';
import { browserTimeZone } from '../utils/schedule-preview';
import { NetworkAutomationTab } from './network-automation-tab';

const api = setUpFakeServer(new FakeAutomationApi());

const openDialog = async (userId = 'ana') => {
  const network = api.addNetwork('Rust Legends', 'ana');
  const eu = api.addServer(network.id, 'EU Main');
  const us = api.addServer(network.id, 'US West');
  const rendered = renderAs(
    userId,
    <NetworkAutomationTab networkId={network.id} />,
    atRoute(paths.network(network.id)),
  );
  await rendered.user.click(await screen.findByRole('button', { name: 'New automation' }));
  const dialog = await screen.findByRole('dialog', { name: 'New automation' });
  return { ...rendered, network, eu, us, dialog };
};

const described = (message: string) => expect.stringContaining(message);

// Typing whole automations takes a while on a busy machine.
jest.setTimeout(20_000);

describe('the automation dialog', () => {
  it('checks the form with the API’s own rules and messages before sending anything', async () => {
    const { user, dialog, network } = await openDialog();
    const inDialog = within(dialog);
    await user.type(inDialog.getByLabelText('Cron expression'), '61 * * * *');
    // Enter in a field submits the form, as in every dialog of the panel.
    await user.type(inDialog.getByLabelText('Name'), '{Enter}');
    expect(inDialog.getByLabelText('Name')).toHaveAccessibleDescription(described(AUTOMATION_MESSAGES.name));
    expect(inDialog.getByLabelText('Cron expression')).toHaveAccessibleDescription(
      described(AUTOMATION_MESSAGES.cron),
    );
    const action = inDialog.getByRole('listitem', { name: 'Action 1' });
    expect(within(action).getByLabelText('Message')).toHaveAccessibleDescription(
      described(AUTOMATION_MESSAGES.message),
    );

    await user.click(inDialog.getByLabelText('Trigger: when something happens'));
    await user.selectOptions(inDialog.getByLabelText('When'), 'chat.message');
    await user.type(inDialog.getByLabelText('Message matches'), '(a+)+$');
    await user.selectOptions(within(action).getByLabelText('Type'), 'ban');
    await user.type(within(action).getByLabelText('Duration (minutes)'), '0');
    await user.clear(within(action).getByLabelText('Delay (seconds)'));
    await user.type(within(action).getByLabelText('Delay (seconds)'), '901');
    await user.click(inDialog.getByRole('button', { name: 'Create automation' }));
    expect(inDialog.getByLabelText('Message matches')).toHaveAccessibleDescription(
      described(AUTOMATION_MESSAGES.patternUnsafe),
    );
    expect(within(action).getByLabelText('Reason')).toHaveAccessibleDescription(
      described(AUTOMATION_MESSAGES.reason),
    );
    expect(within(action).getByLabelText('Duration (minutes)')).toHaveAccessibleDescription(
      described(AUTOMATION_MESSAGES.durationMinutes),
    );
    expect(within(action).getByLabelText('Delay (seconds)')).toHaveAccessibleDescription(
      described(AUTOMATION_MESSAGES.delaySeconds),
    );
    expect(api.callsTo('POST', `/api/networks/${network.id}/automations`)).toHaveLength(0);
  });

  it('shows the API’s 400 beside the field it names, then creates the automation', async () => {
    const { user, dialog, network, eu } = await openDialog();
    const inDialog = within(dialog);
    await user.type(inDialog.getByLabelText('Name'), 'Ban on a slur');
    await user.click(inDialog.getByLabelText('Trigger: when something happens'));
    await user.selectOptions(inDialog.getByLabelText('When'), 'chat.message');
    await user.type(inDialog.getByLabelText('Message matches'), 'slur');
    const action = inDialog.getByRole('listitem', { name: 'Action 1' });
    await user.selectOptions(within(action).getByLabelText('Type'), 'ban');
    await user.type(within(action).getByLabelText('Reason'), 'Hate speech');
    await user.click(inDialog.getByLabelText('Only these servers'));
    await user.click(inDialog.getByLabelText('EU Main'));
    // Whether a server is this network's is the API's to say (one may have been removed meanwhile).
    api.failures.set('POST /api/networks/:id/automations', {
      status: 400,
      body: {
        success: false,
        error: AUTOMATION_MESSAGES.unknownServer,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'serverIds.0', message: AUTOMATION_MESSAGES.unknownServer }],
      },
    });
    await user.click(inDialog.getByRole('button', { name: 'Create automation' }));
    await waitFor(() =>
      expect(inDialog.getByRole('group', { name: 'Servers' })).toHaveAccessibleDescription(
        AUTOMATION_MESSAGES.unknownServer,
      ),
    );
    expect(
      inDialog.queryByText(AUTOMATION_MESSAGES.unknownServer, { selector: '[role="alert"]' }),
    ).toBeNull();
    expect(api.callsTo('POST', `/api/networks/${network.id}/automations`)[0].body).toEqual({
      name: 'Ban on a slur',
      enabled: true,
      serverIds: [eu.id],
      schedule: null,
      trigger: {
        event: 'chat.message',
        pattern: 'slur',
        channel: null,
        between: null,
        watched: null,
        linked: null,
      },
      cooldownSeconds: 0,
      perPlayerCooldownSeconds: 0,
      actions: [
        {
          type: 'ban',
          reason: 'Hate speech',
          durationMinutes: null,
          scope: 'server',
          delaySeconds: 0,
          continueOnFailure: false,
        },
      ],
    });

    api.failures.clear();
    await user.click(inDialog.getByRole('button', { name: 'Create automation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Ban on a slur' })).toHaveTextContent(
      'A chat message matches /slur/ · EU Main',
    );
  });

  it('reads a schedule back in words with its next five times as it is typed', async () => {
    const { user, dialog } = await openDialog();
    const inDialog = within(dialog);
    expect(inDialog.getByLabelText('Time zone')).toHaveValue(browserTimeZone());
    expect(inDialog.getByLabelText('Time zone')).toHaveAccessibleDescription(
      `Your browser's time zone is ${browserTimeZone()}.`,
    );
    const preview = inDialog.getByRole('region', { name: 'Schedule preview' });
    expect(preview).toHaveTextContent('once it is complete');
    await user.clear(inDialog.getByLabelText('Time zone'));
    await user.type(inDialog.getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.type(inDialog.getByLabelText('Cron expression'), '30 18 * * 1-5');
    expect(preview).toHaveTextContent('At 18:30, Monday through Friday (Asia/Tokyo)');
    const times = within(
      within(preview).getByRole('list', { name: 'Next 5 times (Asia/Tokyo):' }),
    ).getAllByRole('listitem');
    expect(times).toHaveLength(5);
    for (const time of times) expect(time).toHaveTextContent(/^(Mon|Tue|Wed|Thu|Fri), .* 18:30$/);
    await user.type(inDialog.getByLabelText('Cron expression'), ' 5');
    expect(preview).toHaveTextContent('once it is complete');
  });

  it('fills the form from a template, in the browser’s time zone, and creates it', async () => {
    const { user, dialog, network, eu } = await openDialog();
    const inDialog = within(dialog);
    expect(inDialog.getByLabelText('Templates')).toHaveFocus();
    await inDialog.findByRole('option', { name: 'Restart countdown' });
    await user.selectOptions(inDialog.getByLabelText('Templates'), 'restart-countdown');
    expect(inDialog.getByLabelText('Templates')).toHaveAccessibleDescription(TEMPLATES[0].description);
    expect(inDialog.getByLabelText('Name')).toHaveValue('Daily restart');
    expect(inDialog.getByLabelText('Cron expression')).toHaveValue('0 5 * * *');
    expect(inDialog.getByLabelText('Time zone')).toHaveValue(browserTimeZone());
    expect(inDialog.getByLabelText('Only when the server is online')).toBeChecked();
    const actions = within(inDialog.getByRole('list', { name: 'Actions' })).getAllByRole('listitem');
    expect(actions.map((item) => within(item).getByLabelText(/^(Message|Command)$/))).toEqual([
      expect.objectContaining({ value: 'Restart in 60 minutes' }),
      expect.objectContaining({ value: 'Restart in 1 minute' }),
      expect.objectContaining({ value: 'restart 60 "Daily restart"' }),
    ]);
    expect(within(actions[1]).getByLabelText('Delay (seconds)')).toHaveValue('900');

    // The last two actions change places, and the servers narrow to one.
    await user.click(within(actions[1]).getByRole('button', { name: 'Move down' }));
    await user.click(inDialog.getByLabelText('Only these servers'));
    await user.click(inDialog.getByLabelText('EU Main'));
    await user.click(inDialog.getByRole('button', { name: 'Create automation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [created] = api.callsTo('POST', `/api/networks/${network.id}/automations`);
    expect(created.body).toMatchObject({
      name: 'Daily restart',
      serverIds: [eu.id],
      schedule: { cron: '0 5 * * *', timezone: browserTimeZone(), onlyWhenOnline: true },
      trigger: null,
      actions: [
        { type: 'broadcast', message: 'Restart in 60 minutes' },
        { type: 'console', command: 'restart 60 "Daily restart"', delaySeconds: 60 },
        { type: 'broadcast', message: 'Restart in 1 minute', delaySeconds: 900 },
      ],
    });
  });

  it('fills a trigger’s filters from a template, and closes on Escape', async () => {
    const { user, dialog } = await openDialog();
    const inDialog = within(dialog);
    await inDialog.findByRole('option', { name: 'Warn on a chat keyword' });
    await user.selectOptions(inDialog.getByLabelText('Templates'), 'warn-chat-keyword');
    expect(inDialog.getByLabelText('Trigger: when something happens')).toBeChecked();
    expect(inDialog.getByLabelText('When')).toHaveValue('chat.message');
    expect(inDialog.getByLabelText('Message matches')).toHaveValue('(?:discord\\.gg|free skins)');
    expect(inDialog.getByLabelText('Per-player cooldown (seconds)')).toHaveValue('600');
    const [action] = within(inDialog.getByRole('list', { name: 'Actions' })).getAllByRole('listitem');
    expect(within(action).getByLabelText('Type')).toHaveValue('warn');
    expect(within(action).getByLabelText('Message')).toHaveValue(
      'No advertising on {server.name}, {player.name}',
    );
    expect(inDialog.getByText('{player.steamId}')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits an automation: the whole of it is sent back, changed', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    const automation = api.addAutomation(network.id, {
      name: 'Wipe day',
      enabled: true,
      serverIds: null,
      schedule: { cron: '0 19 * * 4', timezone: 'Europe/London', onlyWhenOnline: false },
      actions: [{ type: 'broadcast', message: 'Wipe tonight at 20:00' }],
    });
    const { user } = renderAs('ana', <NetworkAutomationTab networkId={network.id} />);
    const item = await screen.findByRole('listitem', { name: 'Wipe day' });
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit automation' });
    expect(within(dialog).queryByLabelText('Templates')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Schedule preview' })).toHaveTextContent(
      'At 19:00, only on Thursday (Europe/London)',
    );
    await user.clear(within(dialog).getByLabelText('Cron expression'));
    await user.type(within(dialog).getByLabelText('Cron expression'), '0 18 * * 4');
    await user.click(within(dialog).getByRole('button', { name: 'Save automation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [patch] = api.callsTo('PATCH', `/api/networks/${network.id}/automations/${automation.id}`);
    expect(patch.body).toMatchObject({
      name: 'Wipe day',
      schedule: { cron: '0 18 * * 4', timezone: 'Europe/London', onlyWhenOnline: false },
      trigger: null,
    });
    expect(await screen.findByText(/At 18:00, only on Thursday \(Europe\/London\)/)).toBeInTheDocument();
  });
});
