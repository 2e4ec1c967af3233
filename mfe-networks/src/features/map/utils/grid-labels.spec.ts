import { gridCellCount, MAP_GRID_CELL_METRES } from '@outpost/contracts';
import { CELL_LABELS_FROM_PX, gridLabelLayout, labelWidth, type GridLabel } from './grid-labels';
import { fitView, zoomAt, type Size } from './map-view';

const DESKTOP: Size = { width: 900, height: 620 };
const PHONE: Size = { width: 358, height: 358 };
const WORLDS = [1000, 3000, 4500, 6000];

/** A label's box on the canvas, as it is drawn (its alignment and baseline). */
const boxOf = (label: GridLabel, font: number) => {
  const width = labelWidth(label.text, font);
  const left = label.align === 'center' ? label.x - width / 2 : label.x;
  const top = label.baseline === 'middle' ? label.y - font / 2 : label.y;
  return { left, top, right: left + width, bottom: top + font };
};

const overlaps = (a: ReturnType<typeof boxOf>, b: ReturnType<typeof boxOf>) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the grid labels', () => {
  describe.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ] as const)('at the default (whole world) view on %s', (_screen, size) => {
    it.each(WORLDS)(
      'labels a %i m world: letters and numbers, none overlapping, all on the canvas',
      (world) => {
        const layout = gridLabelLayout(fitView(size, world), size, world);
        const texts = layout.labels.map((label) => label.text);
        if (layout.mode === 'edges') {
          // The first column and a row near the top are always named; the rest as room allows.
          expect(texts).toContain('A');
          expect(texts.some((text) => /^\d+$/.test(text))).toBe(true);
          expect(texts.filter((text) => /^[A-Z]+$/.test(text)).length).toBeGreaterThanOrEqual(
            Math.min(gridCellCount(world), 5),
          );
        } else expect(texts).toContain('A0');
        const boxes = layout.labels.map((label) => boxOf(label, layout.font));
        for (const [i, box] of boxes.entries()) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.top).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(size.width);
          expect(box.bottom).toBeLessThanOrEqual(size.height);
          for (const other of boxes.slice(i + 1)) expect(overlaps(box, other)).toBe(false);
        }
      },
    );
  });

  it('names each cell in its corner once cells are large enough, and only the cells in view', () => {
    const world = 4500;
    let view = fitView(DESKTOP, world);
    while (MAP_GRID_CELL_METRES * view.scale < CELL_LABELS_FROM_PX) view = zoomAt(view, DESKTOP, world, 1.25);
    const layout = gridLabelLayout(view, DESKTOP, world);
    expect(layout.mode).toBe('cells');
    // Zoomed on the centre (P15 of 31 × 31 cells), the corner cells are out of view.
    expect(layout.labels.map((label) => label.text)).toContain('P15');
    expect(layout.labels.map((label) => label.text)).not.toContain('A0');
    expect(layout.labels.length).toBeLessThan(gridCellCount(world) ** 2);
  });

  it('thins the letters when cells are narrower than a label (a 6 km world on a phone), never the first', () => {
    const layout = gridLabelLayout(fitView(PHONE, 6000), PHONE, 6000);
    const letters = layout.labels.filter((label) => /^[A-Z]+$/.test(label.text)).map((label) => label.text);
    expect(layout.mode).toBe('edges');
    expect(letters[0]).toBe('A');
    expect(letters.length).toBeLessThan(gridCellCount(6000));
  });

  it('labels nothing on a world of no size', () => {
    expect(gridLabelLayout(fitView(DESKTOP, 1000), DESKTOP, 0).labels).toEqual([]);
  });
});
