import { paths } from '@outpost/contracts';
import { expect, test, type Page } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { gameServer } from '../../support/plugin';

// A silent server raises one alert: it reaches the open page live (the bell and the server's
// Alerts area, no reload), with the panel's own delivery succeeded, and resolves when the server
// reports again. The panel sets a server offline after 3 missed heartbeats (30 s of silence, no
// shorter in the built panel), so the spec waits that long once.

const stamp = Date.now().toString(36);
const LIVE = { timeout: 10_000 };
const OFFLINE = { timeout: 60_000 };
const liveIndicator = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Live|Connecting|Reconnecting/ });

test('a silent server’s alert shows in the bell and the Alerts area, delivered in the panel, and resolves when it is back', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `alerts_${stamp}`,
    network: `EU Alerts ${stamp}`,
    server: 'EU Alerts',
    address: '203.0.113.240:28015',
  });
  const game = gameServer(request, server.token);
  await game.heartbeat([]);

  await owner.goto(paths.serverArea(network.id, server.id, 'alerts'));
  await expect(liveIndicator(owner)).toHaveText('Live');
  // A new network has the offline rule (the settings' toggle) and a channel to the panel's bell.
  const rules = owner.getByRole('list', { name: 'Alert rules' });
  await expect(rules.getByRole('listitem').filter({ hasText: 'Server goes offline' })).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Alert channels' })).toContainText('In the panel (the bell)');
  await expect(owner.getByRole('heading', { name: 'No alerts yet' })).toBeVisible();
  const bell = owner.getByRole('button', { name: /^Alerts, \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Alerts, 0 unread');

  // The server stops reporting: after the missed heartbeats the alert arrives without a reload.
  await expect(bell).toHaveAccessibleName('Alerts, 1 unread', OFFLINE);
  const history = owner.getByRole('list', { name: 'Alert history' });
  const fired = history.getByRole('listitem', { name: /offline/i });
  await expect(fired).toHaveCount(1, LIVE);
  await expect(fired).toContainText('Firing');
  await expect(
    fired.getByRole('listitem').filter({ hasText: '(In the panel (the bell))' }).first(),
  ).toContainText(/Succeeded.*Delivered at/, LIVE);

  await bell.click();
  const popover = owner.getByRole('dialog', { name: 'Alerts' });
  const item = popover.getByRole('link', { name: /offline/i });
  await expect(item).toContainText('Firing');
  await expect(item).toContainText('EU Alerts');
  await owner.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(bell).toBeFocused();

  // Back: the same alert resolves, in place.
  await game.heartbeat([]);
  await expect(fired).toContainText('Resolved', LIVE);
  await expect(history.getByRole('listitem', { name: /offline/i })).toHaveCount(1);

  await bell.click();
  await popover.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Alerts, 0 unread', LIVE);
  await owner.context().close();
});

// A rule chooses its channels in its form: every channel by default, or those ticked. An F7 report
// then reaches only the channel chosen (the history's deliveries say so), and the rules list says
// where each rule sends.
test('a rule’s form chooses the channels its alerts go to', async ({ browser, request }) => {
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `alertch_${stamp}`,
    network: `EU Channels ${stamp}`,
    server: 'EU Channels',
    address: '203.0.113.241:28015',
  });
  const game = gameServer(request, server.token);
  await game.heartbeat([]);
  await owner.goto(paths.serverArea(network.id, server.id, 'alerts'));
  const channels = owner.getByRole('list', { name: 'Alert channels' });
  await expect(channels).toContainText('Owner and admins');

  await owner.getByRole('button', { name: 'Add Rule' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Add Alert Rule' });
  await dialog.getByLabel('Alert when').selectOption({ label: 'A player sends an F7 report' });
  const sendTo = dialog.getByRole('group', { name: 'Send to' });
  await expect(sendTo.getByRole('radio', { name: 'Every channel' })).toBeChecked();
  await sendTo.getByRole('radio', { name: 'Chosen channels' }).check();
  const chosen = dialog.getByRole('group', { name: 'Channels to send to' });
  await expect(chosen.getByRole('checkbox')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expect(chosen).toContainText('Choose at least one channel, or send to all channels');
  await chosen.getByRole('checkbox', { name: /^Panel/ }).check();
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expect(dialog).toBeHidden();

  const rule = owner
    .getByRole('list', { name: 'Alert rules' })
    .getByRole('listitem')
    .filter({ hasText: 'A player sends an F7 report' });
  await expect(rule).toContainText('Sends to Panel');

  // A report: its alert reaches the panel's bell only, not the owner's and admins' e-mail.
  await game.events([
    {
      id: `e2e-channels-${stamp}`,
      type: 'report',
      at: new Date().toISOString(),
      reporterSteamId: '76561198000000001',
      targetSteamId: '76561198000000002',
      subject: 'aimbot',
      message: 'snaps to heads',
    },
  ]);
  const history = owner.getByRole('list', { name: 'Alert history' });
  const reported = history.getByRole('listitem', { name: /New F7 report/ });
  await expect(reported).toHaveCount(1, LIVE);
  const deliveries = reported.getByRole('list', { name: /^Deliveries of / });
  await expect(deliveries.getByRole('listitem')).toHaveCount(1);
  await expect(deliveries).toContainText('(In the panel (the bell))');
  await expect(deliveries).not.toContainText('Owner and admins');

  // Back to every channel, from the rule's own form.
  await rule.getByRole('button', { name: /^Edit rule/ }).click();
  const edit = owner.getByRole('dialog', { name: 'Edit Alert Rule' });
  await expect(edit.getByRole('radio', { name: 'Chosen channels' })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: /^Panel/ })).toBeChecked();
  await edit.getByRole('radio', { name: 'Every channel' }).check();
  await edit.getByRole('button', { name: 'Save Rule' }).click();
  await expect(edit).toBeHidden();
  await expect(rule).toContainText('Sends to every channel');
  await owner.context().close();
});
