import { gridCellCount, gridColumnLabel, MAP_GRID_CELL_METRES } from '@outpost/contracts';

/** What the canvas shows: the world point at its centre and how many pixels a metre takes. */
export type MapView = { centerX: number; centerZ: number; scale: number };
export type Size = { width: number; height: number };
export type Dot = { steamId: string; name: string; x: number; z: number; grid: string | null };

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 32;
/** One press of + or -, or a wheel notch. */
export const ZOOM_STEP = 1.25;
/** One press of an arrow key, in pixels. */
export const PAN_STEP_PX = 60;
/** How near the pointer must be to a dot to pick it, in pixels. */
export const PICK_RADIUS_PX = 8;

/** The whole world in view, with a small margin. */
export const fitScale = (size: Size, worldSize: number): number =>
  (Math.min(size.width, size.height) / worldSize) * 0.96;

export const fitView = (size: Size, worldSize: number): MapView => ({
  centerX: 0,
  centerZ: 0,
  scale: fitScale(size, worldSize),
});

/** World (x east, z north) to canvas pixels (y down). */
export const toScreen = (view: MapView, size: Size, x: number, z: number): { sx: number; sy: number } => ({
  sx: size.width / 2 + (x - view.centerX) * view.scale,
  sy: size.height / 2 - (z - view.centerZ) * view.scale,
});

export const toWorld = (view: MapView, size: Size, sx: number, sy: number): { x: number; z: number } => ({
  x: view.centerX + (sx - size.width / 2) / view.scale,
  z: view.centerZ - (sy - size.height / 2) / view.scale,
});

/** Zooms by `factor` keeping the world point under (sx, sy) where it is, within the zoom limits. */
export const zoomAt = (
  view: MapView,
  size: Size,
  worldSize: number,
  factor: number,
  sx?: number,
  sy?: number,
): MapView => {
  const fit = fitScale(size, worldSize);
  const scale = Math.min(fit * MAX_ZOOM, Math.max(fit * MIN_ZOOM, view.scale * factor));
  const px = sx ?? size.width / 2;
  const py = sy ?? size.height / 2;
  const anchor = toWorld(view, size, px, py);
  return clampView(
    {
      scale,
      centerX: anchor.x - (px - size.width / 2) / scale,
      centerZ: anchor.z + (py - size.height / 2) / scale,
    },
    worldSize,
  );
};

/** Moves the view by a drag of (dx, dy) pixels (the map follows the pointer). */
export const panBy = (view: MapView, worldSize: number, dx: number, dy: number): MapView =>
  clampView(
    { ...view, centerX: view.centerX - dx / view.scale, centerZ: view.centerZ + dy / view.scale },
    worldSize,
  );

/** The view's centre stays over the world. */
export const clampView = (view: MapView, worldSize: number): MapView => {
  const half = worldSize / 2;
  const clamp = (n: number) => Math.min(half, Math.max(-half, n));
  return { ...view, centerX: clamp(view.centerX), centerZ: clamp(view.centerZ) };
};

/** Following a player: the view centred on them, at the same zoom. */
export const followView = (
  view: MapView,
  worldSize: number,
  dot: { x: number; z: number } | undefined,
): MapView => (dot ? clampView({ ...view, centerX: dot.x, centerZ: dot.z }, worldSize) : view);

/** The grid's labels: a letter per column and a number per row, with their cell's centre. */
export const gridLabels = (
  worldSize: number,
): { columns: { label: string; x: number }[]; rows: { label: string; z: number }[] } => {
  const count = gridCellCount(worldSize);
  const half = worldSize / 2;
  const columns = Array.from({ length: count }, (_, i) => ({
    label: gridColumnLabel(i),
    x: -half + Math.min((i + 0.5) * MAP_GRID_CELL_METRES, (i * MAP_GRID_CELL_METRES + worldSize) / 2),
  }));
  const rows = Array.from({ length: count }, (_, i) => ({
    label: String(i),
    z: half - Math.min((i + 0.5) * MAP_GRID_CELL_METRES, (i * MAP_GRID_CELL_METRES + worldSize) / 2),
  }));
  return { columns, rows };
};

/** The dot nearest (sx, sy) within PICK_RADIUS_PX, if any. */
export const dotAt = <T extends Dot>(
  dots: readonly T[],
  view: MapView,
  size: Size,
  sx: number,
  sy: number,
): T | null => {
  let best: T | null = null;
  let bestDistance = PICK_RADIUS_PX * PICK_RADIUS_PX;
  for (const dot of dots) {
    const p = toScreen(view, size, dot.x, dot.z);
    const d = (p.sx - sx) ** 2 + (p.sy - sy) ** 2;
    if (d <= bestDistance) {
      best = dot;
      bestDistance = d;
    }
  }
  return best;
};

/** What hovering a dot says: the player's name and grid reference. */
export const hoverText = (dot: Pick<Dot, 'name' | 'grid'>): string =>
  `${dot.name} · ${dot.grid ?? 'off the grid'}`;
