import { Box } from '@mui/material';
import { memo, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { Slide } from '../../api/index.ts';
import { gridHeight, imageAspect, layoutRows, rowPitch, SelectedMark, SlideThumb, TILE_FOCUS_RING, useElementWidth, useGridMetrics, useVisibleRows, type Selection } from '../slides/index.ts';

interface Props {
  label: string;
  slides: Slide[];
  selection: Selection;
  onClick(event: MouseEvent | KeyboardEvent, id: number): void;
  onContextMenu(id: number): void;
}

interface TileProps {
  slide: Slide;
  index: number;
  x: number;
  width: number;
  height: number;
  selected: boolean;
  onClick: Props['onClick'];
  onContextMenu: Props['onContextMenu'];
}

const Tile = memo(function Tile({ slide, index, x, width, height, selected, onClick, onContextMenu }: TileProps) {
  return (
    <Box role="listitem" className="slide-tile" data-slide-id={slide.id} sx={{ position: 'absolute', top: 0, height }} style={{ left: x, width }}>
      <Box
        role="button"
        tabIndex={0}
        aria-label={`Slide ${index + 1}${slide.origPath ? `, ${slide.origPath}` : ''}`}
        aria-pressed={selected}
        onClick={(e) => onClick(e, slide.id)}
        onContextMenu={() => onContextMenu(slide.id)}
        onKeyDown={(e) => {
          if (e.key === ' ' || e.key === 'Enter') {
            e.preventDefault();
            onClick(e, slide.id);
          }
        }}
        sx={{
          position: 'absolute',
          inset: 0,
          borderRadius: '6px',
          overflow: 'hidden',
          bgcolor: '#e9e5de',
          cursor: 'pointer',
          userSelect: 'none',
          ...TILE_FOCUS_RING,
        }}
      >
        <SlideThumb slide={slide} width={width} height={height} pendingRotation={0} />
      </Box>
      {selected && <SelectedMark />}
    </Box>
  );
});

/** A slide grid laid out like the workspace's (spec 1 section 9) where slides are only selected, not moved. */
export function SelectableGrid({ label, slides, selection, onClick, onContextMenu }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const metrics = useGridMetrics();
  const width = useElementWidth(ref);
  const rows = useMemo(() => (width > 0 ? layoutRows(slides.map(imageAspect), width, metrics) : []), [slides, width, metrics]);
  const [first, last] = useVisibleRows(ref, rowPitch(metrics), rows.length);
  return (
    <Box ref={ref} role="list" aria-label={label} sx={{ position: 'relative' }} style={{ height: gridHeight(rows, metrics) }}>
      {rows.slice(first, last).map((row, i) => (
        <Box key={first + i} role="none" sx={{ position: 'absolute', left: 0, right: 0 }} style={{ top: row.top, height: metrics.rowHeight }}>
          {row.cells.map((cell) => {
            const slide = slides[cell.index];
            return (
              <Tile
                key={slide.id}
                slide={slide}
                index={cell.index}
                x={cell.x}
                width={cell.width}
                height={metrics.rowHeight}
                selected={selection.ids.has(slide.id)}
                onClick={onClick}
                onContextMenu={onContextMenu}
              />
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
