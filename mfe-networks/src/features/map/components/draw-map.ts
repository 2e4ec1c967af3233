import { gridCellCount, MAP_GRID_CELL_METRES, type MapPlayer, type ServerMap } from '@outpost/contracts';
import type { GridLabelLayout } from '../utils/grid-labels';
import { toScreen, toWorld, type MapView, type Size } from '../utils/map-view';

const COLORS = {
  background: '#1b2330',
  grid: 'rgba(255,255,255,0.16)',
  label: 'rgba(255,255,255,0.7)',
  halo: 'rgba(11,15,21,0.8)',
};

type Bounds = { minX: number; maxX: number; minZ: number; maxZ: number };
/** A trail's extent in the world, computed once per trail (a live update makes new arrays). */
const trailBounds = new WeakMap<readonly { x: number; z: number }[], Bounds>();
const boundsOf = (trail: readonly { x: number; z: number }[]): Bounds => {
  let box = trailBounds.get(trail);
  if (!box) {
    box = { minX: Infinity, maxX: -Infinity, minZ: Infinity, maxZ: -Infinity };
    for (const { x, z } of trail) {
      box.minX = Math.min(box.minX, x);
      box.maxX = Math.max(box.maxX, x);
      box.minZ = Math.min(box.minZ, z);
      box.maxZ = Math.max(box.maxZ, z);
    }
    trailBounds.set(trail, box);
  }
  return box;
};

/**
 * One frame of the map: the image or a plain ground, the grid and its references, the trails that
 * cross the view, the players as dots, then the followed one ringed.
 */
export const drawMap = (
  ctx: CanvasRenderingContext2D,
  canvas: HTMLCanvasElement,
  size: Size,
  view: MapView,
  worldSize: number,
  players: readonly MapPlayer[],
  trails: ServerMap['trails'] | null,
  image: HTMLImageElement | null,
  following: string | null,
  labels: GridLabelLayout,
) => {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(size.width * ratio);
  const height = Math.round(size.height * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = '#0f141c';
  ctx.fillRect(0, 0, size.width, size.height);
  const nw = toScreen(view, size, -worldSize / 2, worldSize / 2);
  const side = worldSize * view.scale;
  if (image) ctx.drawImage(image, nw.sx, nw.sy, side, side);
  else {
    ctx.fillStyle = COLORS.background;
    ctx.fillRect(nw.sx, nw.sy, side, side);
  }

  // The grid: one path for every line.
  const cell = MAP_GRID_CELL_METRES * view.scale;
  const cells = gridCellCount(worldSize);
  ctx.beginPath();
  for (let i = 0; i <= cells; i++) {
    const x = Math.round(nw.sx + Math.min(i * cell, side)) + 0.5;
    ctx.moveTo(x, nw.sy);
    ctx.lineTo(x, nw.sy + side);
    const y = Math.round(nw.sy + Math.min(i * cell, side)) + 0.5;
    ctx.moveTo(nw.sx, y);
    ctx.lineTo(nw.sx + side, y);
  }
  ctx.strokeStyle = COLORS.grid;
  ctx.lineWidth = 1;
  ctx.stroke();

  // The references: each cell's in its corner, or the letters and numbers along the edges when
  // cells are small (gridLabelLayout); a dark halo keeps them legible on a map image.
  ctx.font = `${labels.font}px system-ui, sans-serif`;
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = COLORS.halo;
  ctx.fillStyle = COLORS.label;
  for (const label of labels.labels) {
    ctx.textAlign = label.align;
    ctx.textBaseline = label.baseline;
    ctx.strokeText(label.text, label.x, label.y);
    ctx.fillText(label.text, label.x, label.y);
  }
  ctx.textAlign = 'left';

  if (trails) {
    // Only the trails that cross the view are stroked: zoomed in, most of 300 are off screen, and
    // rasterizing their segments would be most of the frame.
    const topLeft = toWorld(view, size, 0, 0);
    const bottomRight = toWorld(view, size, size.width, size.height);
    ctx.beginPath();
    for (const player of players) {
      const trail = trails[player.steamId];
      if (!trail || trail.length < 2) continue;
      const box = boundsOf(trail);
      if (
        box.maxX < topLeft.x ||
        box.minX > bottomRight.x ||
        box.maxZ < bottomRight.z ||
        box.minZ > topLeft.z
      )
        continue;
      trail.forEach((point, i) => {
        const p = toScreen(view, size, point.x, point.z);
        if (i === 0) ctx.moveTo(p.sx, p.sy);
        else ctx.lineTo(p.sx, p.sy);
      });
    }
    // Opaque and 1 px: a translucent or wider stroke costs about half again as much to rasterize.
    ctx.strokeStyle = '#b8922a';
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  // Every dot in one path, then the followed one on top.
  ctx.beginPath();
  for (const player of players) {
    const p = toScreen(view, size, player.x, player.z);
    if (p.sx < -5 || p.sy < -5 || p.sx > size.width + 5 || p.sy > size.height + 5) continue;
    ctx.moveTo(p.sx + 4, p.sy);
    ctx.arc(p.sx, p.sy, 4, 0, Math.PI * 2);
  }
  ctx.fillStyle = '#4ade80';
  ctx.fill();
  ctx.strokeStyle = '#0b3d1c';
  ctx.lineWidth = 1;
  ctx.stroke();
  const followedPlayer = following ? players.find((p) => p.steamId === following) : undefined;
  if (followedPlayer) {
    const p = toScreen(view, size, followedPlayer.x, followedPlayer.z);
    ctx.beginPath();
    ctx.arc(p.sx, p.sy, 7, 0, Math.PI * 2);
    ctx.strokeStyle = '#facc15';
    ctx.lineWidth = 2;
    ctx.stroke();
  }
};
