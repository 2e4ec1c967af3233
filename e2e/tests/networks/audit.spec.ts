import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ownerWithServer } from '../../support/networks';
import { serverAreaLink } from '../../support/server-areas';

// The audit log against the real panel: an owner renames a server; the entry shows in the
// server's Audit Log area and the network's Audit Log tab, the CSV export downloads with it, and
// the dashboard's Recent Activity lists it with a link to the network.

const stamp = Date.now().toString(36);

test('a change shows in the Audit Log area, the network tab, the CSV export and Recent Activity', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `audit_${stamp}`,
    network: `EU Audit ${stamp}`,
    server: 'EU Audit',
    address: '203.0.113.231:28015',
  });
  const renamed = `Renamed ${stamp}`;
  await ownerApi.patch(`/api/servers/${server.id}`, { name: renamed });

  // The server's own area: its entries, newest first.
  await owner.goto(paths.server(network.id, server.id));
  await serverAreaLink(owner, 'Audit Log').click();
  await expect(owner).toHaveURL(new RegExp(`${paths.serverArea(network.id, server.id, 'audit')}$`));
  const serverLog = owner.getByRole('table', { name: 'Server audit log' });
  const change = serverLog.getByRole('row').filter({ hasText: 'Server changed' });
  await expect(change).toContainText(renamed);
  await expect(change).toContainText("Changed the server's name.");
  await expect(serverLog.getByRole('row').nth(1)).toContainText('Server changed');
  await expect(serverLog.getByRole('row').filter({ hasText: 'Server added' })).toBeVisible();

  // The network's tab, filtered to that action; the export takes the same filter.
  await owner.goto(paths.network(network.id));
  await owner.getByRole('tab', { name: 'Audit Log' }).click();
  const networkLog = owner.getByRole('table', { name: 'Network audit log' });
  await expect(networkLog.getByRole('row').filter({ hasText: 'Network created' })).toBeVisible();
  await owner.getByLabel('Action').selectOption({ label: 'Server changed' });
  await expect(networkLog.getByRole('row')).toHaveCount(2);
  await expect(networkLog.getByRole('row').nth(1)).toContainText(renamed);

  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`audit-${network.id}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('time,action,action_label,actor_id,actor,target_type,target_id,target,details');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`server.updated,Server changed,`);
  expect(lines[1]).toContain(`,server,${server.id},${renamed},`);

  // The dashboard's Recent Activity, linking to the network.
  await owner.goto(paths.dashboard());
  const activity = owner.getByRole('region', { name: 'Recent Activity' });
  const line = activity.getByRole('link', {
    name: new RegExp(`updated the server ${renamed} in EU Audit ${stamp}`),
  });
  await expect(line).toHaveAttribute('href', paths.network(network.id));
});
