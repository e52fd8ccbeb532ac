import { OpenWith } from '@mui/icons-material';
import { Box } from '@mui/material';
import { memo, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { Slide } from '../../api/index.ts';
import type { CommandName } from './commands.ts';
import { SelectedMark, TILE_FOCUS_RING } from './SelectedMark.tsx';
import { SlideThumb } from './SlideThumb.tsx';
import { TileTools } from './TileTools.tsx';

export interface TileHandlers {
  pointerDown(event: PointerEvent, id: number): void;
  click(event: MouseEvent | KeyboardEvent, id: number): void;
  contextMenu(event: MouseEvent, id: number): void;
  open(id: number): void;
  command(name: CommandName, id: number): void;
}

export interface TileState {
  cover: boolean;
  selected: boolean;
  busy: boolean;
  deleting: boolean;
  dragging: boolean;
  /** Another editor is dragging this slide (live sync): dimmed, outlined, marked, and not draggable here. */
  othersDragging: boolean;
  pendingRotation: number;
  /** Tools inside the tile: on hover at full grid scale, or for the tapped selected slide on touch screens. */
  tools: 'hover' | 'shown' | 'none';
  /** False on touch screens: no hover label there (a tap would leave it stuck). */
  hoverable: boolean;
}

interface Props extends TileState {
  slide: Slide;
  index: number;
  x: number;
  width: number;
  height: number;
  handlers: TileHandlers;
}

function hoverLabel(index: number, cover: boolean, busy: boolean): string {
  if (busy) return '...';
  return cover ? 'Cover Photo' : String(index + 1);
}

/** Another editor holds this slide: a dashed outline and a move badge over the dimmed picture. */
function OthersDraggingMark() {
  return (
    <>
      <Box aria-hidden sx={{ position: 'absolute', inset: 0, border: '2px dashed', borderColor: 'secondary.main', borderRadius: '6px', pointerEvents: 'none' }} />
      <Box
        aria-hidden
        title="Another editor is moving this slide"
        sx={{
          position: 'absolute',
          right: 4,
          bottom: 4,
          display: 'flex',
          p: '2px',
          borderRadius: '50%',
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          pointerEvents: 'none',
        }}
      >
        <OpenWith sx={{ fontSize: 16 }} />
      </Box>
    </>
  );
}

/** One slide in the grid with its style states (spec 2 "Slide tile"). */
export const SlideTile = memo(function SlideTile(props: Props) {
  const { slide, index, x, width, height, cover, selected, busy, deleting, dragging, othersDragging, pendingRotation, tools, hoverable, handlers } = props;
  const rotating = pendingRotation !== 0;
  const kind = slide.isText ? `, text slide: ${slide.slideCaption.replace(/\s+/g, ' ').trim()}` : slide.isVideo ? ', video clip' : '';
  const name = `Slide ${index + 1}${cover ? ', Cover Photo' : ''}${kind}${othersDragging ? ', another editor is moving it' : ''}`;
  const states = [
    cover && 'cover',
    selected && 'selected',
    deleting && 'deleting',
    dragging && 'dragging',
    othersDragging && 'someone-else-dragging',
    rotating && 'rotating',
    busy && 'busy',
  ];
  // Tools are made only for the tile under the pointer or holding focus: a large grid stays light.
  const [active, setActive] = useState(false);
  return (
    <Box
      role="listitem"
      data-testid="slide-tile"
      data-slide-id={slide.id}
      data-state={states.filter(Boolean).join(' ')}
      className="slide-tile"
      sx={{
        position: 'absolute',
        top: 0,
        height,
        borderRadius: '6px',
        overflow: 'hidden',
        bgcolor: '#e9e5de',
        opacity: deleting ? 0.35 : dragging ? 0.3 : 1,
        filter: deleting ? 'grayscale(1)' : undefined,
        transition: 'opacity 150ms',
        ...(hoverable ? { '&:hover .tile-label': { opacity: 1 } } : {}),
        '.grid-dragging & .tile-label, .grid-dragging & .tile-tools': { display: 'none' },
      }}
      style={{ left: x, width }}
      onPointerEnter={hoverable ? () => setActive(true) : undefined}
      onPointerLeave={hoverable ? () => setActive(false) : undefined}
      onFocus={() => setActive(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(false);
      }}
    >
      <Box
        role="button"
        tabIndex={0}
        aria-label={name}
        aria-pressed={selected}
        onPointerDown={(e) => handlers.pointerDown(e, slide.id)}
        onClick={(e) => handlers.click(e, slide.id)}
        onContextMenu={(e) => handlers.contextMenu(e, slide.id)}
        onDoubleClick={() => handlers.open(slide.id)}
        onDragStart={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') handlers.open(slide.id);
          else if (e.key === ' ') {
            e.preventDefault();
            handlers.click(e, slide.id);
          }
        }}
        sx={{
          position: 'absolute',
          inset: 0,
          cursor: othersDragging ? 'not-allowed' : 'pointer',
          userSelect: 'none',
          // Only the picture dims, so the mark of another editor's drag stands out on it.
          ...(othersDragging ? { opacity: 0.45, filter: 'saturate(0.3)' } : {}),
          ...TILE_FOCUS_RING,
        }}
      >
        <SlideThumb
          slide={slide}
          width={width}
          height={height}
          pendingRotation={pendingRotation}
        />
      </Box>
      {selected && <SelectedMark />}
      {othersDragging && <OthersDraggingMark />}
      <Box
        className="tile-label"
        aria-hidden
        sx={{
          position: 'absolute',
          left: 4,
          bottom: 4,
          px: 0.75,
          borderRadius: 1,
          bgcolor: 'rgba(0,0,0,0.62)',
          color: '#fff',
          fontSize: 12,
          lineHeight: '20px',
          opacity: 0,
          pointerEvents: 'none',
          transition: 'opacity 120ms',
        }}
      >
        {hoverLabel(index, cover, busy)}
      </Box>
      {(tools === 'shown' || (tools === 'hover' && active)) && <TileTools slide={slide} busy={busy} onCommand={handlers.command} />}
    </Box>
  );
});
