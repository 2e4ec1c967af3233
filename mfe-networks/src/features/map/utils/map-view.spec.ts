import { gridReference, MAP_GRID_CELL_METRES } from '@outpost/contracts';
import {
  dotAt,
  fitView,
  followView,
  gridLabels,
  hoverText,
  panBy,
  toScreen,
  toWorld,
  zoomAt,
} from './map-view';

const SIZE = { width: 800, height: 600 };
const WORLD = 4000;

describe('the map view', () => {
  it('labels 28 columns A…AB and rows 0…27 on a 4000 m map, the last ones centred in their part cell', () => {
    const { columns, rows } = gridLabels(WORLD);
    expect(columns.map((c) => c.label)).toEqual([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''), 'AA', 'AB']);
    expect(rows.map((r) => r.label)).toEqual(Array.from({ length: 28 }, (_, i) => String(i)));
    expect(columns[0].x).toBeCloseTo(-2000 + MAP_GRID_CELL_METRES / 2);
    // AB covers 27 × 146.3 = 3950.1 … 4000 from the west edge.
    expect(columns[27].x).toBeCloseTo(-2000 + (27 * MAP_GRID_CELL_METRES + 4000) / 2);
    expect(rows[0].z).toBeCloseTo(2000 - MAP_GRID_CELL_METRES / 2);
    // Each label's centre has that label as its grid reference.
    for (const c of columns) expect(gridReference(c.x, rows[5].z, WORLD)).toBe(`${c.label}5`);
  });

  it('says the name and grid reference of a hovered player', () => {
    expect(hoverText({ name: 'Rex', grid: 'G12' })).toBe('Rex · G12');
    expect(hoverText({ name: 'Ada', grid: null })).toBe('Ada · off the grid');
  });

  it('picks the dot under the pointer, and none a little further', () => {
    const view = fitView(SIZE, WORLD);
    const dots = [
      { steamId: '1', name: 'Rex', x: 0, z: 0, grid: 'N13' },
      { steamId: '2', name: 'Ada', x: 500, z: 500, grid: 'Q10' },
    ];
    const ada = toScreen(view, SIZE, 500, 500);
    expect(dotAt(dots, view, SIZE, ada.sx + 3, ada.sy - 3)?.name).toBe('Ada');
    expect(dotAt(dots, view, SIZE, ada.sx + 12, ada.sy)).toBeNull();
  });

  it('follows a player: the view centres on them and keeps its zoom', () => {
    const view = zoomAt(fitView(SIZE, WORLD), SIZE, WORLD, 4);
    const followed = followView(view, WORLD, { x: -1200, z: 700 });
    expect(followed).toEqual({ centerX: -1200, centerZ: 700, scale: view.scale });
    expect(toScreen(followed, SIZE, -1200, 700)).toEqual({ sx: 400, sy: 300 });
    expect(followView(view, WORLD, undefined)).toBe(view);
  });

  it('zooms about the pointer within its limits and pans with the drag', () => {
    const fit = fitView(SIZE, WORLD);
    const under = toWorld(fit, SIZE, 600, 200);
    const zoomed = zoomAt(fit, SIZE, WORLD, 2, 600, 200);
    expect(zoomed.scale).toBeCloseTo(fit.scale * 2);
    const still = toWorld(zoomed, SIZE, 600, 200);
    expect(still.x).toBeCloseTo(under.x);
    expect(still.z).toBeCloseTo(under.z);
    expect(zoomAt(fit, SIZE, WORLD, 1 / 2).scale).toBeCloseTo(fit.scale);
    expect(zoomAt(fit, SIZE, WORLD, 1000).scale).toBeCloseTo(fit.scale * 32);
    const panned = panBy(zoomed, WORLD, 100, -50);
    expect(panned.centerX).toBeCloseTo(zoomed.centerX - 100 / zoomed.scale);
    expect(panned.centerZ).toBeCloseTo(zoomed.centerZ - 50 / zoomed.scale);
  });
});
