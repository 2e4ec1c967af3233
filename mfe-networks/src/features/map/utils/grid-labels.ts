import { MAP_GRID_CELL_METRES } from '@outpost/contracts';
import { gridLabels, toScreen, type MapView, type Size } from './map-view';

/** One reference drawn on the map: its text where it goes (canvas pixels) and how it sits there. */
export type GridLabel = {
  text: string;
  x: number;
  y: number;
  align: 'left' | 'center';
  baseline: 'top' | 'middle';
};

/**
 * How the grid is labelled at this zoom. `cells`: every cell names itself in its top-left corner
 * (G12), once cells are large enough to hold that. `edges`: the letters across the top, the numbers
 * down the left side, as a paper map does; every second or third one when cells are narrower than
 * a label (a 6 km world on a phone). Either way, the whole world in view is labelled: the default
 * view of any world size has its references.
 */
export type GridLabelLayout = { mode: 'cells' | 'edges'; font: number; labels: GridLabel[] };

/** From this cell size (px) each cell holds its whole reference readably (AB27 at 10 px). */
export const CELL_LABELS_FROM_PX = 40;
/** The size of the letters and numbers along the edges, in px. */
export const EDGE_FONT_PX = 10;
/** Space kept between two labels and around them, in px. */
const GAP_PX = 3;

/** About how wide a label is at `font` px (capitals and digits of a sans-serif: under 0.65 em each). */
export const labelWidth = (text: string, font: number): number => text.length * font * 0.65;

/** The grid's labels for the view: what the canvas draws, and what the tests check. */
export const gridLabelLayout = (view: MapView, size: Size, worldSize: number): GridLabelLayout => {
  const { columns, rows } = gridLabels(worldSize);
  const cell = MAP_GRID_CELL_METRES * view.scale;
  if (cell <= 0 || columns.length === 0) return { mode: 'edges', font: EDGE_FONT_PX, labels: [] };
  const side = worldSize * view.scale;
  const nw = toScreen(view, size, -worldSize / 2, worldSize / 2);
  // The cells on screen (a part cell counts): their columns and rows.
  const first = (origin: number) => Math.max(0, Math.floor(-origin / cell));
  const last = (origin: number, extent: number, count: number) =>
    Math.min(count - 1, Math.floor((extent - origin) / cell));
  const shownColumns = { from: first(nw.sx), to: last(nw.sx, size.width, columns.length) };
  const shownRows = { from: first(nw.sy), to: last(nw.sy, size.height, rows.length) };

  if (cell >= CELL_LABELS_FROM_PX) {
    const labels: GridLabel[] = [];
    for (let c = shownColumns.from; c <= shownColumns.to; c++)
      for (let r = shownRows.from; r <= shownRows.to; r++)
        labels.push({
          text: `${columns[c].label}${rows[r].label}`,
          x: nw.sx + c * cell + GAP_PX,
          y: nw.sy + r * cell + GAP_PX,
          align: 'left',
          baseline: 'top',
        });
    return { mode: 'cells', font: Math.min(12, cell / 4), labels };
  }

  const font = EDGE_FONT_PX;
  // Every `step`-th column so that the widest letters never touch; rows likewise by their height.
  const columnStep = Math.ceil((labelWidth(columns[columns.length - 1].label, font) + GAP_PX) / cell);
  const rowStep = Math.ceil((font + GAP_PX) / cell);
  // The top and left edges of the world, or of the canvas when the world goes on past them.
  const top = Math.max(nw.sy, 0) + GAP_PX;
  const left = Math.max(nw.sx, 0) + GAP_PX;
  const right = Math.min(nw.sx + side, size.width);
  const bottom = Math.min(nw.sy + side, size.height);
  const centreOf = (origin: number, i: number) => origin + (i * cell + Math.min((i + 1) * cell, side)) / 2;
  const labels: GridLabel[] = [];
  for (let c = shownColumns.from; c <= shownColumns.to; c++) {
    if (c % columnStep !== 0) continue;
    const text = columns[c].label;
    const x = centreOf(nw.sx, c);
    // Only whole on the world's face (a part cell at the east edge may be too narrow).
    if (x - labelWidth(text, font) / 2 < Math.max(nw.sx, 0) || x + labelWidth(text, font) / 2 > right)
      continue;
    labels.push({ text, x, y: top, align: 'center', baseline: 'top' });
  }
  // The numbers start under the band of letters, so the two never meet in the corner.
  const below = top + font + GAP_PX;
  for (let r = shownRows.from; r <= shownRows.to; r++) {
    if (r % rowStep !== 0) continue;
    const y = centreOf(nw.sy, r);
    if (y - font / 2 < below || y + font / 2 > bottom) continue;
    labels.push({ text: rows[r].label, x: left, y, align: 'left', baseline: 'middle' });
  }
  return { mode: 'edges', font, labels };
};
