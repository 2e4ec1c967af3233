import { gridCellCount, gridColumnLabel, gridReference, MAP_GRID_CELL_METRES, publicMapUrlOf } from './index';

const CELL = MAP_GRID_CELL_METRES;

describe('the Rust map grid', () => {
  it('names columns A…Z, then AA, AB…', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(gridColumnLabel)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
  });

  it('counts partial cells at the east and south edges', () => {
    expect(gridCellCount(4000)).toBe(28);
    expect(gridCellCount(3500)).toBe(24);
    expect(gridCellCount(CELL * 20)).toBe(20);
    expect(gridCellCount(0)).toBe(0);
  });

  it('starts at A0 in the north-west corner, letters growing east and numbers south', () => {
    expect(gridReference(-2000, 2000, 4000)).toBe('A0');
    expect(gridReference(2000, 2000, 4000)).toBe('AB0');
    expect(gridReference(-2000, -2000, 4000)).toBe('A27');
    expect(gridReference(2000, -2000, 4000)).toBe('AB27');
    expect(gridReference(0, 0, 4000)).toBe('N13');
  });

  it('puts a position on a west or north cell edge into the cell east or south of it', () => {
    const size = 3000;
    const west = -size / 2;
    const north = size / 2;
    // Column edges: A|B at one cell from the west edge.
    expect(gridReference(west + CELL - 0.01, north - 1, size)).toBe('A0');
    expect(gridReference(west + CELL, north - 1, size)).toBe('B0');
    expect(gridReference(west + 6 * CELL - 0.01, north - 1, size)).toBe('F0');
    expect(gridReference(west + 6 * CELL, north - 1, size)).toBe('G0');
    // Row edges: 11|12 at twelve cells from the north edge.
    expect(gridReference(west + 1, north - 12 * CELL + 0.01, size)).toBe('A11');
    expect(gridReference(west + 1, north - 12 * CELL, size)).toBe('A12');
    // Both at once: the corner of G12.
    expect(gridReference(west + 6 * CELL, north - 12 * CELL, size)).toBe('G12');
    expect(gridReference(west + 6 * CELL - 0.01, north - 12 * CELL + 0.01, size)).toBe('F11');
  });

  it('has no reference off the map or without a world size', () => {
    expect(gridReference(-2000.5, 0, 4000)).toBeNull();
    expect(gridReference(0, 2000.5, 4000)).toBeNull();
    expect(gridReference(0, 0, 0)).toBeNull();
    expect(gridReference(Number.NaN, 0, 4000)).toBeNull();
  });

  it("links a procedural map's public page from its size and seed", () => {
    expect(publicMapUrlOf(4000, 123456)).toBe('https://rustmaps.com/map/4000_123456');
    expect(publicMapUrlOf(null, 1)).toBeNull();
    expect(publicMapUrlOf(4000, null)).toBeNull();
  });
});
