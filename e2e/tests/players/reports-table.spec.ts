import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { moderatedNetwork } from '../../support/moderated-network';

// Issue 38, item 15: in the Reports table the Message cell starts on the row's first line, as the
// report's subject, its parties and its time do (its paragraph's margin pushed it a line down).
test('the Reports table: every cell of a row starts on its first line', async ({ browser }) => {
  const { owner, network, server } = await moderatedNetwork(browser, 'rtable');
  await owner.setViewportSize({ width: 1366, height: 768 });
  await owner.goto(`${paths.serverArea(network.id, server.id, 'punishments')}?tab=reports`);
  const row = owner
    .getByRole('table', { name: 'Reports' })
    .getByRole('row')
    .filter({ hasText: 'Wallhack near the launch site' });
  const subject = row.getByRole('button', { name: 'Wallhack near the launch site' });
  const message = row.getByText('tracks everyone through the walls of the launch site');
  const parties = row.getByRole('link', { name: 'Player 01' });
  const when = row.locator('time');
  await expect(message).toBeVisible();
  const tops = await Promise.all(
    [subject, parties, message, when].map(async (cell) => Math.round((await cell.boundingBox())!.y)),
  );
  // The same line: a link's or a button's box may sit a pixel or two off the text's.
  for (const top of tops) expect(Math.abs(top - tops[0]!)).toBeLessThanOrEqual(3);
  await owner.context().close();
});
