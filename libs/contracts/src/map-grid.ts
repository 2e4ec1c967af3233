// The Rust map grid: letters across (A…Z, AA, AB…), numbers down from 0, as the game's own map and
// the public map tools draw it.
//
// Convention followed: the uMod "Grid" plugin's (yetzt/rust-grid, Grid.cs), which public map
// tools share: world coordinates have their origin at the map's centre, x growing east and z
// growing north; columns count from the west edge, column = floor((x + worldSize/2) / 146.3), in
// square cells of 146.3 m. Rows count
// from the north edge, 0 at the top as the in-game map labels them: row = floor((worldSize/2 - z) /
// 146.3). (That plugin counts rows from the south and flips them, floor(size/146.3) - 1 - row,
// which agrees at the north edge only when the size is a multiple of the cell; rustplusplus snaps
// the size to the grid with cells of 146.25 instead.) A cell's west and north edges belong to it:
// x exactly on an edge is in the cell east of it, z exactly on an edge in the cell south of it;
// the east and south edges of the map belong to the last column and row. The last column and row
// are partial when the size is not a multiple of the cell (a 4000 m map has 28 of each, A…AB and
// 0…27). A position off the map (the ocean beyond the edge) has no reference.

/** The side of one grid cell, in metres. */
export const MAP_GRID_CELL_METRES = 146.3;

/** A billionth of a cell (0.15 µm). */
const EDGE = 1e-9;

/** Columns (and rows) of a map `worldSize` metres wide: the last may be partial. */
export const gridCellCount = (worldSize: number): number =>
  worldSize > 0 ? Math.ceil(worldSize / MAP_GRID_CELL_METRES - EDGE) : 0;

/** A column's letters: 0 → A, 25 → Z, 26 → AA, 27 → AB (bijective base 26, as spreadsheets). */
export const gridColumnLabel = (column: number): string => {
  let label = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    label = String.fromCharCode(65 + ((n - 1) % 26)) + label;
  return label;
};

/** The cell (column from the west, row from the north) of a world position, or null off the map. */
export const gridCellOf = (
  x: number,
  z: number,
  worldSize: number,
): { column: number; row: number } | null => {
  const half = worldSize / 2;
  if (!(worldSize > 0) || !Number.isFinite(x) || !Number.isFinite(z)) return null;
  if (x < -half || x > half || z < -half || z > half) return null;
  const count = gridCellCount(worldSize);
  // EDGE absorbs floating point (-1500 + 146.3 + 1500 is 146.29999…): a position on an edge, as a
  // client computes it, lands where the convention puts it. The east and south edges themselves
  // belong to the last column and row.
  const column = Math.min(Math.floor((x + half) / MAP_GRID_CELL_METRES + EDGE), count - 1);
  const row = Math.min(Math.floor((half - z) / MAP_GRID_CELL_METRES + EDGE), count - 1);
  return { column, row };
};

/** The grid reference of a world position ("G12"), or null off the map. */
export const gridReference = (x: number, z: number, worldSize: number): string | null => {
  const cell = gridCellOf(x, z, worldSize);
  return cell && `${gridColumnLabel(cell.column)}${cell.row}`;
};

/** The world position of a cell's north-west corner (the inverse of gridCellOf's edges). */
export const gridCellCorner = (column: number, row: number, worldSize: number): { x: number; z: number } => ({
  x: -worldSize / 2 + column * MAP_GRID_CELL_METRES,
  z: worldSize / 2 - row * MAP_GRID_CELL_METRES,
});
