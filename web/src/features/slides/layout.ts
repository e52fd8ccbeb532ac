/**
 * The slide grid's geometry (spec 2 "Grid layout rules" and section 9): fixed-height rows of cells whose width
 * follows the image's aspect, flowed left to right. Pure, so it is unit-tested and shared by every slide grid.
 */
export const GRID = {
  baseWidth: 850,
  minScale: 0.25,
  maxScale: 1,
  rowHeight: 150,
  maxCellWidth: 300,
  minCellWidth: 50,
  margin: 5,
  dropCursorWidth: 4,
} as const;

export interface GridMetrics {
  scale: number;
  rowHeight: number;
  minCellWidth: number;
  maxCellWidth: number;
  margin: number;
  /** Tile tools show inside tiles only on a full-size grid. */
  inlineTools: boolean;
}

export const gridScale = (windowWidth: number): number => Math.min(GRID.maxScale, Math.max(GRID.minScale, windowWidth / GRID.baseWidth));

export const gridMetrics = (windowWidth: number): GridMetrics => metricsForScale(gridScale(windowWidth));

export function metricsForScale(scale: number): GridMetrics {
  return {
    scale,
    rowHeight: GRID.rowHeight * scale,
    minCellWidth: GRID.minCellWidth * scale,
    maxCellWidth: GRID.maxCellWidth * scale,
    margin: GRID.margin * scale,
    inlineTools: scale >= 1,
  };
}

/** Width of a cell showing an image of the given width:height ratio; unknown ratios get a 4:3 cell. */
export function cellWidth(aspect: number, m: GridMetrics): number {
  const ratio = Number.isFinite(aspect) && aspect > 0 ? aspect : 4 / 3;
  return Math.min(m.maxCellWidth, Math.max(m.minCellWidth, m.rowHeight * ratio));
}

export interface LaidCell {
  index: number;
  x: number;
  width: number;
}

export interface LaidRow {
  top: number;
  cells: LaidCell[];
}

export const rowPitch = (m: GridMetrics): number => m.rowHeight + m.margin;

/** A cell wraps to a new row when it would overflow the width, unless it is first in its row. */
export function layoutRows(aspects: number[], containerWidth: number, m: GridMetrics): LaidRow[] {
  const rows: LaidRow[] = [];
  let row: LaidRow | undefined;
  let x = 0;
  aspects.forEach((aspect, index) => {
    const width = Math.min(cellWidth(aspect, m), Math.max(containerWidth, m.minCellWidth));
    if (!row || (row.cells.length > 0 && x + width > containerWidth)) {
      row = { top: rows.length * rowPitch(m), cells: [] };
      rows.push(row);
      x = 0;
    }
    row.cells.push({ index, x, width });
    x += width + m.margin;
  });
  return rows;
}

export const gridHeight = (rows: LaidRow[], m: GridMetrics): number => (rows.length ? rows.length * rowPitch(m) - m.margin : 0);

export interface DropTarget {
  /** Position in the slide list where the dragged slides land. */
  index: number;
  row: number;
  /** Left edge of the drop cursor inside the grid. */
  x: number;
}

/**
 * Where a drop at grid point (x, y) lands: before the first cell of the pointer's row whose centre is right of x,
 * else after the row's last cell. Only the first `slideCount` cells are slides (upload tiles follow them).
 */
export function dropTargetAt(rows: LaidRow[], x: number, y: number, m: GridMetrics, slideCount: number): DropTarget | null {
  if (!rows.length || slideCount === 0) return null;
  let rowIndex = Math.min(rows.length - 1, Math.max(0, Math.floor(y / rowPitch(m))));
  while (rowIndex > 0 && rows[rowIndex].cells[0].index >= slideCount) rowIndex--;
  const cells = rows[rowIndex].cells.filter((c) => c.index < slideCount);
  const half = GRID.dropCursorWidth / 2;
  const before = cells.find((c) => c.x + c.width / 2 > x);
  if (before) return { index: before.index, row: rowIndex, x: Math.max(0, before.x - m.margin / 2 - half) };
  const last = cells[cells.length - 1];
  return { index: last.index + 1, row: rowIndex, x: last.x + last.width + m.margin / 2 - half };
}

/** The displayed shape of a photo after its quarter turns and crop. */
export function imageAspect(slide: {
  isText: boolean;
  width: number | null;
  height: number | null;
  angle: number;
  crop: { x1: number; x2: number; y1: number; y2: number } | null;
}): number {
  if (slide.isText) return 16 / 9;
  if (!slide.width || !slide.height) return NaN;
  const turned = Math.abs(Math.round(slide.angle / 90)) % 2 === 1;
  const w = turned ? slide.height : slide.width;
  const h = turned ? slide.width : slide.height;
  const c = slide.crop;
  const cropRatio = c && c.x2 > c.x1 && c.y2 > c.y1 ? (c.x2 - c.x1) / (c.y2 - c.y1) : 1;
  return (w / h) * cropRatio;
}

/** Scale that keeps a cell's content inside the cell while it is shown turned by `degrees` (pending rotation). */
export function turnedFit(width: number, height: number, degrees: number): number {
  const quarter = Math.abs(Math.round(degrees / 90)) % 2 === 1;
  if (!quarter || width <= 0 || height <= 0) return 1;
  return Math.min(width / height, height / width);
}

/** Rows [first, last) that intersect the viewport (plus `overscan` rows each side): only these are rendered. */
export function visibleRowRange(gridTop: number, viewportHeight: number, pitch: number, rowCount: number, overscan = 3): [number, number] {
  if (rowCount === 0 || pitch <= 0) return [0, 0];
  const first = Math.floor(-gridTop / pitch) - overscan;
  const last = Math.ceil((viewportHeight - gridTop) / pitch) + overscan;
  return [Math.max(0, Math.min(rowCount, first)), Math.max(0, Math.min(rowCount, last))];
}
