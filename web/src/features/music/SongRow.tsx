import { CancelOutlined, ClearRounded, DeleteOutlined, DragIndicator, ErrorOutlined, TuneRounded } from '@mui/icons-material';
import { Box, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import type { KeyboardEvent, PointerEvent, Ref } from 'react';
import { formatLength } from './format.ts';
import { PreviewButton } from './PreviewButton.tsx';
import { isPreparing, rowAction, type ManagerSong } from './song-model.ts';

/** Spec 1 section 9: song rows are 39 px high on extra-small screens, else 81. */
export const ROW_HEIGHT = { xs: 39, sm: 81 } as const;
export const ROW_COLUMNS = { xs: '28px 34px minmax(0, 1fr) 44px 68px', sm: '40px 52px minmax(0, 1fr) 72px 96px' } as const;
export const UPLOAD_ERROR_BACKGROUND = '#ffd0d0';

interface Props {
  song: ManagerSong;
  /** Row position among the saved songs; null for rows that cannot move (uploads). */
  index: number | null;
  readOnly: boolean;
  previewDisabled: boolean;
  /** Pixels to draw the row away from its place while a drag is under way. */
  offset: number;
  dragging: boolean;
  handleRef?: Ref<HTMLButtonElement>;
  onDragStart(event: PointerEvent<HTMLElement>, index: number): void;
  onStep(index: number, step: -1 | 1): void;
  onEdit(song: ManagerSong): void;
  onAction(song: ManagerSong): void;
}

const ACTION_ICONS = { Delete: DeleteOutlined, Clear: ClearRounded, Cancel: CancelOutlined } as const;

function StatusLine({ song }: { song: ManagerSong }) {
  if (song.uploadError) {
    return (
      <Typography variant="body2" noWrap sx={{ color: song.uploadError.permanent ? '#8c1d18' : 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
        {song.uploadError.permanent ? song.uploadError.message : `${song.uploadError.message} Retrying...`}
      </Typography>
    );
  }
  if (song.uploading) {
    return (
      <Typography variant="body2" noWrap sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
        Uploading {Math.round(song.progress * 100)}%
      </Typography>
    );
  }
  return (
    <Typography variant="body2" noWrap sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
      {song.artist || (song.stockSongId === null ? 'Uploaded music' : '\u00a0')}
    </Typography>
  );
}

/** One song: drag handle, preview, name with artist or upload state, length and its actions. */
export function SongRow({ song, index, readOnly, previewDisabled, offset, dragging, handleRef, onDragStart, onStep, onEdit, onAction }: Props) {
  const action = rowAction(song);
  const ActionIcon = ACTION_ICONS[action];
  const movable = index !== null && !readOnly;
  const failed = song.uploadError?.permanent ?? false;

  const stepKeys = (event: KeyboardEvent) => {
    if (index === null || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onStep(index, event.key === 'ArrowUp' ? -1 : 1);
  };

  return (
    <Box
      role="row"
      data-testid="song-row"
      data-song-id={song.id ?? undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: ROW_COLUMNS,
        alignItems: 'center',
        height: ROW_HEIGHT,
        px: { xs: 0.5, sm: 1 },
        position: 'relative',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: failed ? UPLOAD_ERROR_BACKGROUND : 'background.paper',
        transform: offset ? `translateY(${offset}px)` : undefined,
        transition: dragging ? 'none' : 'transform 150ms ease',
        zIndex: dragging ? 2 : undefined,
        boxShadow: dragging ? 6 : undefined,
      }}
    >
      <Box role="cell" sx={{ display: 'flex', justifyContent: 'center' }}>
        {movable && (
          <Tooltip title="Drag to reorder">
            <IconButton
              ref={handleRef}
              size="small"
              aria-label={`Move ${song.title} (arrow keys move it up or down)`}
              onPointerDown={(event) => onDragStart(event, index)}
              onKeyDown={stepKeys}
              sx={{ cursor: dragging ? 'grabbing' : 'grab', touchAction: 'none', p: { xs: 0.25, sm: 0.75 } }}
            >
              <DragIndicator fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Box role="cell" sx={{ display: 'flex', justifyContent: 'center' }}>
        {song.id !== null && (
          <PreviewButton
            previewKey={song.key}
            url={song.previewUrl}
            label={song.title}
            disabled={previewDisabled}
            disabledReason="The songs before this one already last longer than the video"
            size="small"
          />
        )}
      </Box>
      <Box role="cell" sx={{ minWidth: 0, pr: 1, display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography noWrap sx={{ fontWeight: 500, fontSize: { xs: '0.875rem', sm: '1rem' } }}>
            {song.title}
          </Typography>
          <StatusLine song={song} />
        </Box>
        {song.uploadError && (
          <Tooltip title={song.uploadError.message}>
            <ErrorOutlined role="img" aria-label={song.uploadError.message} fontSize="small" sx={{ display: { xs: 'block', sm: 'none' }, color: '#8c1d18' }} />
          </Tooltip>
        )}
      </Box>
      <Box role="cell" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums', fontSize: { xs: '0.8125rem', sm: '0.9375rem' } }}>
        {isPreparing(song) ? 'Preparing…' : song.id !== null ? formatLength(song.length) : ''}
      </Box>
      <Box role="cell" sx={{ display: 'flex', justifyContent: 'flex-end', gap: { xs: 0, sm: 0.5 } }}>
        {!readOnly && song.id !== null && (
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit ${song.title}`} onClick={() => onEdit(song)}>
              <TuneRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {!readOnly && (
          <Tooltip title={action}>
            <IconButton size="small" aria-label={`${action} ${song.title}`} onClick={() => onAction(song)}>
              <ActionIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {song.uploading && (
        <LinearProgress
          variant="determinate"
          value={Math.round(song.progress * 100)}
          aria-label={`Uploading ${song.title}`}
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 3 }}
        />
      )}
    </Box>
  );
}
