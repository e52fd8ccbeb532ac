import assert from 'node:assert/strict';
import { cellWidth, dropTargetAt, gridHeight, gridMetrics, gridScale, imageAspect, layoutRows, turnedFit, visibleRowRange } from './layout.ts';

describe('slide grid layout', () => {
  it('scales with the window width over 850, clamped between 0.25 and 1', () => {
    assert.equal(gridScale(1280), 1);
    assert.equal(gridScale(850), 1);
    assert.equal(gridScale(425), 0.5);
    assert.equal(gridScale(100), 0.25);
  });

  it('derives row height, cell limits and margin from the scale, with inline tools only at full scale', () => {
    assert.deepEqual(gridMetrics(1280), { scale: 1, rowHeight: 150, minCellWidth: 50, maxCellWidth: 300, margin: 5, inlineTools: true });
    assert.deepEqual(gridMetrics(425), { scale: 0.5, rowHeight: 75, minCellWidth: 25, maxCellWidth: 150, margin: 2.5, inlineTools: false });
    assert.equal(gridMetrics(849).inlineTools, false);
  });

  it('sizes a cell from the aspect between the minimum and maximum width', () => {
    const m = gridMetrics(1000);
    assert.equal(cellWidth(4 / 3, m), 200);
    assert.equal(cellWidth(3, m), 300);
    assert.equal(cellWidth(0.1, m), 50);
    assert.equal(cellWidth(NaN, m), 200);
  });

  it('wraps a cell that would overflow, unless it is first in its row', () => {
    const m = gridMetrics(1000);
    const rows = layoutRows([4 / 3, 4 / 3, 4 / 3], 410, m);
    assert.deepEqual(
      rows.map((r) => r.cells.map((c) => [c.index, c.x, c.width])),
      [
        [
          [0, 0, 200],
          [1, 205, 200],
        ],
        [[2, 0, 200]],
      ],
    );
    assert.deepEqual(
      rows.map((r) => r.top),
      [0, 155],
    );
    const narrow = layoutRows([2, 2], 100, m);
    assert.equal(narrow.length, 2, 'each wide cell takes its own row');
    assert.equal(narrow[0].cells[0].width, 100, 'a first cell wider than the grid is cut to the grid width');
    assert.equal(gridHeight(rows, m), 305);
    assert.equal(gridHeight([], m), 0);
  });

  it('puts the drop point before the cell whose centre is right of the pointer, else after the row', () => {
    const m = gridMetrics(1000);
    const rows = layoutRows([4 / 3, 4 / 3, 4 / 3, 4 / 3], 410, m);
    assert.deepEqual(dropTargetAt(rows, 10, 10, m, 4), { index: 0, row: 0, x: 0 });
    assert.deepEqual(dropTargetAt(rows, 150, 10, m, 4), { index: 1, row: 0, x: 200.5 });
    assert.deepEqual(dropTargetAt(rows, 400, 10, m, 4), { index: 2, row: 0, x: 405.5 });
    assert.deepEqual(dropTargetAt(rows, 400, 170, m, 4), { index: 4, row: 1, x: 405.5 });
    assert.equal(dropTargetAt(rows, 400, 9999, m, 4)?.row, 1, 'below the grid counts as the last row');
    assert.equal(dropTargetAt(rows, 10, 10, m, 0), null);
  });

  it('never drops among upload tiles at the end', () => {
    const m = gridMetrics(1000);
    const rows = layoutRows([4 / 3, 4 / 3, 4 / 3, 4 / 3], 410, m);
    assert.deepEqual(dropTargetAt(rows, 400, 170, m, 2), { index: 2, row: 0, x: 405.5 });
    assert.deepEqual(dropTargetAt(rows, 400, 10, m, 1), { index: 1, row: 0, x: 200.5 });
  });

  it('shapes a cell after the photo turns and crop, and text slides as 16:9', () => {
    const photo = { isText: false, width: 400, height: 300, angle: 0, crop: null };
    assert.equal(imageAspect(photo), 4 / 3);
    assert.equal(imageAspect({ ...photo, angle: 90 }), 3 / 4);
    assert.equal(imageAspect({ ...photo, angle: -270 }), 3 / 4);
    assert.equal(imageAspect({ ...photo, crop: { x1: 0, x2: 16000, y1: 0, y2: 32000 } }), 2 / 3);
    assert.equal(imageAspect({ ...photo, isText: true }), 16 / 9);
    assert.ok(Number.isNaN(imageAspect({ ...photo, width: null })));
  });

  it('shrinks a turned image so it stays inside its cell', () => {
    assert.equal(turnedFit(200, 150, 90), 0.75);
    assert.equal(turnedFit(200, 150, -270), 0.75);
    assert.equal(turnedFit(200, 150, 180), 1);
  });

  it('renders only the rows near the viewport', () => {
    assert.deepEqual(visibleRowRange(200, 900, 155, 100, 0), [0, 5]);
    assert.deepEqual(visibleRowRange(-1550, 900, 155, 100, 2), [8, 18]);
    assert.deepEqual(visibleRowRange(-100000, 900, 155, 100, 2), [100, 100]);
    assert.deepEqual(visibleRowRange(0, 900, 155, 0), [0, 0]);
  });
});
