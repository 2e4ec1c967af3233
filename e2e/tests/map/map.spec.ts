import { MAP_GRID_CELL_METRES, paths } from '@outpost/contracts';
import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { ownerWithServer } from '../../support/networks';
import { setPlan } from '../../support/plan';
import { gameServer, type FakePlayer } from '../../support/plugin';

// The live map on a Premium network: a game server reports a player at a grid cell's corner, the
// dot is there and its hover says the cell; the server moves the player to another cell's corner
// and then half a metre north-west of it, and the dot follows live (no reload), its reference
// changing exactly at the cell edges. And a large world (4,500 m, small cells at the first view)
// still shows its references, on a desktop and on a phone.

const stamp = Date.now().toString(36);
const WORLD = 3000;
const HALF = WORLD / 2;
const CELL = MAP_GRID_CELL_METRES;

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([head, body, tail]);
};
/** A solid red PNG of 16 × 16 pixels. */
const redPng = () => {
  const header = Buffer.from([0, 0, 0, 16, 0, 0, 0, 16, 8, 2, 0, 0, 0]);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(16 * 3).fill(Buffer.from([255, 0, 0]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(16).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The canvas's colour at a world position (its pixels, as drawn). */
const colourAt = async (page: Page, x: number, z: number) => {
  const canvas = page.getByTestId('map-canvas');
  const box = (await canvas.boundingBox())!;
  const { px, py } = await pointOf(page, x, z);
  return canvas.evaluate(
    (element: HTMLCanvasElement, [cx, cy]) => {
      const ratio = element.width / element.getBoundingClientRect().width;
      return Array.from(
        element
          .getContext('2d')!
          .getImageData(cx * ratio, cy * ratio, 1, 1)
          .data.slice(0, 3),
      );
    },
    [px - box.x, py - box.y],
  );
};

/** Where a world position is on the page, at the map's first (whole world) view. */
const pointOf = async (page: Page, x: number, z: number) => {
  const canvas = page.getByTestId('map-canvas');
  const box = (await canvas.boundingBox())!;
  const scale = Number(await canvas.getAttribute('data-scale'));
  return { px: box.x + box.width / 2 + x * scale, py: box.y + box.height / 2 - z * scale };
};

/** Until the panel has written the world size the server reported (it writes positions every 5 s). */
const mapReady = (api: { get: <T>(url: string) => Promise<T> }, serverId: string, world: number) =>
  expect
    .poll(
      async () => (await api.get<{ worldSize: number | null }>(`/api/servers/${serverId}/map`)).worldSize,
      {
        timeout: 15_000,
      },
    )
    .toBe(world);

const hoverAt = async (page: Page, x: number, z: number) => {
  const { px, py } = await pointOf(page, x, z);
  // Away first, so the move over the dot is a fresh hover.
  await page.mouse.move(px + 40, py + 40);
  await page.mouse.move(px, py);
};

test('a dot moves when the game server moves its player, and its grid reference is right at the cell edges', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const user = `map_${stamp}`;
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user,
    network: `Map ${stamp}`,
    server: 'EU Map',
    address: '203.0.113.242:28015',
  });
  setPlan(`${user}@example.com`, 'premium');
  const game = gameServer(request, server.token);
  const rex: FakePlayer = { steamId: '76561198000009901', name: `Rex ${stamp}`, ip: '198.51.100.91' };
  const report = (x: number, z: number) =>
    game.heartbeat([{ ...rex, position: { x, y: 10, z } }], { worldSize: WORLD, seed: 7 });

  // G12's north-west corner: the edges belong to G and to 12.
  const g12 = { x: -HALF + 6 * CELL, z: HALF - 12 * CELL };
  await report(g12.x, g12.z);
  // The panel writes positions every 5 s (the heartbeat waits for none of it).
  await mapReady(ownerApi, server.id, WORLD);
  await owner.goto(paths.serverArea(network.id, server.id, 'map'));
  // The whole map on screen, so every point of it can be hovered.
  await owner.setViewportSize({ width: 1280, height: 1400 });
  const canvas = owner.getByTestId('map-canvas');
  await expect(canvas).toBeVisible();
  await canvas.scrollIntoViewIfNeeded();
  await expect(owner.getByRole('link', { name: 'Public map page' })).toHaveAttribute(
    'href',
    'https://rustmaps.com/map/3000_7',
  );
  const tooltip = owner.getByRole('tooltip');
  await hoverAt(owner, g12.x, g12.z);
  await expect(tooltip).toHaveText(`${rex.name} · G12`);

  // Moved to K3's corner: the dot is there now, and no longer at G12.
  const k3 = { x: -HALF + 10 * CELL, z: HALF - 3 * CELL };
  await report(k3.x, k3.z);
  await expect(async () => {
    await hoverAt(owner, k3.x, k3.z);
    await expect(tooltip).toHaveText(`${rex.name} · K3`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await hoverAt(owner, g12.x, g12.z);
  await expect(tooltip).toHaveCount(0);

  // Half a metre west and north of that corner is J2.
  await report(k3.x - 0.5, k3.z + 0.5);
  await expect(async () => {
    await hoverAt(owner, k3.x - 0.5, k3.z + 0.5);
    await expect(tooltip).toHaveText(`${rex.name} · J2`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(owner.getByRole('combobox', { name: 'Follow' })).toContainText(`${rex.name} (J2)`);

  // The owner uploads the wipe's map image: it lies under the grid (a point inside a cell, away from
  // its label and the dot, turns from the plain background to the image's red).
  const inside = { x: -HALF + 2.5 * CELL, z: HALF - 15.6 * CELL };
  expect(await colourAt(owner, inside.x, inside.z)).not.toEqual([255, 0, 0]);
  await owner
    .locator('input[type=file]')
    .setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: redPng() });
  await expect(owner.getByRole('button', { name: 'Replace map image' })).toBeVisible();
  await expect.poll(() => colourAt(owner, inside.x, inside.z), { timeout: 10_000 }).toEqual([255, 0, 0]);

  // The dot opens the player's profile.
  const { px, py } = await pointOf(owner, k3.x - 0.5, k3.z + 0.5);
  await owner.mouse.click(px, py);
  await expect(owner).toHaveURL(new RegExp(`${paths.playerProfile(network.id, rex.steamId)}$`));
});

/** Whether the canvas shows label text (light pixels) in a box of the page (x, y, width, height). */
const hasTextIn = async (page: Page, box: { x: number; y: number; width: number; height: number }) => {
  const canvas = page.getByTestId('map-canvas');
  const at = (await canvas.boundingBox())!;
  return canvas.evaluate(
    (element: HTMLCanvasElement, [x, y, width, height]) => {
      const ratio = element.width / element.getBoundingClientRect().width;
      const { data } = element
        .getContext('2d')!
        .getImageData(x * ratio, y * ratio, Math.ceil(width * ratio), Math.ceil(height * ratio));
      // Labels are near white; the ground and the grid lines are dark.
      for (let i = 0; i < data.length; i += 4) if (data[i] > 140 && data[i + 1] > 140) return true;
      return false;
    },
    [box.x - at.x, box.y - at.y, box.width, box.height],
  );
};

test('a 4,500 m world shows its grid references at the first view, on a desktop and on a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const user = `mapgrid_${stamp}`;
  const world = 4500;
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user,
    network: `Map Grid ${stamp}`,
    server: 'EU Big',
    address: '203.0.113.243:28015',
  });
  setPlan(`${user}@example.com`, 'premium');
  await gameServer(request, server.token).heartbeat([], { worldSize: world, seed: 3 });
  await mapReady(ownerApi, server.id, world);

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await owner.setViewportSize(viewport);
    await owner.goto(paths.serverArea(network.id, server.id, 'map'));
    const canvas = owner.getByTestId('map-canvas');
    await expect(canvas).toBeVisible();
    await canvas.scrollIntoViewIfNeeded();
    await expect(canvas).not.toHaveAttribute('data-grid-labels', '0');
    // Column A's letter at the top of the world, in its cell; numbers down the left edge under it.
    const { px: aX, py: top } = await pointOf(owner, -world / 2 + CELL / 2, world / 2);
    const { px: left } = await pointOf(owner, -world / 2, world / 2);
    await expect.poll(() => hasTextIn(owner, { x: aX - 4, y: top + 2, width: 8, height: 11 })).toBe(true);
    await expect.poll(() => hasTextIn(owner, { x: left + 2, y: top + 16, width: 10, height: 50 })).toBe(true);
    // A cell's middle holds no text.
    const { px: midX, py: midY } = await pointOf(owner, 0.5 * CELL, -0.5 * CELL);
    expect(await hasTextIn(owner, { x: midX - 2, y: midY - 2, width: 4, height: 4 })).toBe(false);
  }
});
