import { Box } from '@mui/material';
import { useCallback, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { Slide } from '../../api/index.ts';
import { DragGhost } from './DragGhost.tsx';
import { dropTargetAt, GRID, gridHeight, imageAspect, layoutRows, rowPitch, type GridMetrics } from './layout.ts';
import type { PendingRotations } from './rotation.ts';
import type { Selection } from './selection.ts';
import { SlideTile, type TileHandlers } from './SlideTile.tsx';
import type { UploadItem } from './uploads/index.ts';
import { UploadTile } from './UploadTile.tsx';
import { useGridDrag } from './useGridDrag.ts';
import { useElementWidth, useVisibleRows } from './useGridViewport.ts';

const UPLOAD_ASPECT = 4 / 3;

export interface SlideGridProps {
  slides: Slide[];
  uploads: UploadItem[];
  metrics: GridMetrics;
  selection: Selection;
  busy: ReadonlySet<number>;
  deleting: ReadonlySet<number>;
  pending: PendingRotations;
  coverId: number | null;
  canEdit: boolean;
  touch: boolean;
  handlers: Omit<TileHandlers, 'pointerDown'>;
  onCancelUpload(uploadId: string): void;
  carried(grabbed: number): number[];
  allowedDrop(ids: number[], index: number): boolean;
  onDrop(ids: number[], index: number): void;
  /** Slides another editor is dragging right now (live sync): shown so and not draggable here. */
  othersDragging?: ReadonlySet<number>;
  /** Tells the other editors this page started (ids) or ended (none) a drag. */
  onDragging?(ids: number[]): void;
}

const NONE: ReadonlySet<number> = new Set();

/** The slide grid: rows laid out by layout.ts, only the rows near the viewport in the page, slides dragged to reorder. */
export function SlideGrid(props: SlideGridProps) {
  const { slides, uploads, metrics, selection, busy, deleting, pending, coverId, canEdit, touch } = props;
  const othersDragging = props.othersDragging ?? NONE;
  const gridRef = useRef<HTMLDivElement>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(gridRef);
  const aspects = useMemo(() => [...slides.map(imageAspect), ...uploads.map(() => UPLOAD_ASPECT)], [slides, uploads]);
  const rows = useMemo(() => (width > 0 ? layoutRows(aspects, width, metrics) : []), [aspects, width, metrics]);
  const pitch = rowPitch(metrics);
  const [first, last] = useVisibleRows(gridRef, pitch, rows.length);

  const { drag, begin, consumeClick } = useGridDrag({
    gridRef,
    ghostRef,
    enabled: canEdit,
    targetAt: (x, y) => dropTargetAt(rows, x, y, metrics, slides.length),
    carried: props.carried,
    allowed: props.allowedDrop,
    onDrop: props.onDrop,
    locked: (id) => othersDragging.has(id),
    onDragging: props.onDragging,
  });

  const { handlers } = props;
  const click = useCallback(
    (event: MouseEvent | KeyboardEvent, id: number) => {
      if (!consumeClick()) handlers.click(event, id);
    },
    [handlers, consumeClick],
  );
  const tileHandlers = useMemo<TileHandlers>(() => ({ ...handlers, click, pointerDown: begin }), [handlers, click, begin]);
  const dragged = useMemo(() => new Set(drag?.ids ?? []), [drag]);

  return (
    <Box
      ref={gridRef}
      role="list"
      aria-label="Slides"
      className={drag ? 'grid-dragging' : undefined}
      sx={{ position: 'relative', flexGrow: 1, minWidth: 0, cursor: drag ? (drag.allowed ? 'grabbing' : 'not-allowed') : undefined }}
      style={{ height: gridHeight(rows, metrics) }}
    >
      {rows.slice(first, last).map((row, i) => (
        <Box key={first + i} role="none" sx={{ position: 'absolute', left: 0, right: 0 }} style={{ top: row.top, height: metrics.rowHeight }}>
          {row.cells.map((cell) => {
            if (cell.index >= slides.length) {
              const item = uploads[cell.index - slides.length];
              return <UploadTile key={item.uploadId} item={item} x={cell.x} width={cell.width} height={metrics.rowHeight} onCancel={props.onCancelUpload} />;
            }
            const slide = slides[cell.index];
            const selected = selection.ids.has(slide.id);
            const tools = !canEdit || !metrics.inlineTools ? 'none' : touch ? (selected && selection.last === slide.id ? 'shown' : 'none') : 'hover';
            return (
              <SlideTile
                key={slide.id}
                slide={slide}
                index={cell.index}
                x={cell.x}
                width={cell.width}
                height={metrics.rowHeight}
                cover={slide.id === coverId}
                selected={selected}
                busy={busy.has(slide.id)}
                deleting={deleting.has(slide.id)}
                dragging={dragged.has(slide.id)}
                othersDragging={othersDragging.has(slide.id)}
                pendingRotation={pending.get(slide.id) ?? 0}
                tools={tools}
                hoverable={!touch}
                handlers={tileHandlers}
              />
            );
          })}
        </Box>
      ))}
      {drag?.target && (
        <Box
          aria-hidden
          data-drop-cursor={drag.allowed ? 'allowed' : 'refused'}
          sx={{ position: 'absolute', width: GRID.dropCursorWidth, borderRadius: 1, bgcolor: drag.allowed ? 'primary.main' : 'error.main', pointerEvents: 'none' }}
          style={{ left: drag.target.x, top: rows[drag.target.row].top, height: metrics.rowHeight }}
        />
      )}
      {drag && <DragGhost ref={ghostRef} slide={slides.find((s) => s.id === drag.grabbed)} count={drag.ids.length} />}
    </Box>
  );
}
