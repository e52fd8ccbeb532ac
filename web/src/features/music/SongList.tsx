import { Box, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useRef } from 'react';
import { previewDisabled } from '../../../../common/timing.ts';
import { rowShift } from './reorder.ts';
import { isSaved, type ManagerSong } from './song-model.ts';
import { ROW_COLUMNS, SongRow } from './SongRow.tsx';
import { useSongDrag } from './useSongDrag.ts';

interface Props {
  /** Saved songs first, in the video's order, then files still uploading or failed. */
  songs: ManagerSong[];
  videoLength: number | null;
  readOnly: boolean;
  onMove(from: number, to: number): void;
  onEdit(song: ManagerSong): void;
  onAction(song: ManagerSong): void;
}

const timingSongs = (songs: ManagerSong[]) => songs.map((s) => ({ length: s.length, trimStart: s.trimStart, trimEnd: s.trimEnd, crossfade: s.crossfade }));

/** The song table: Name, Length and actions; saved songs reorder by dragging their handle or with the arrow keys. */
export function SongList({ songs, videoLength, readOnly, onMove, onEdit, onAction }: Props) {
  const saved = songs.filter(isSaved);
  const { drag, begin } = useSongDrag(saved.length, onMove);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  const forTiming = timingSongs(saved);

  // Moving a row moves its DOM node, which drops the keyboard focus; put it back on the moved row's handle.
  useEffect(() => {
    if (!refocus.current) return;
    handles.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [songs]);

  const step = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= saved.length) return;
    refocus.current = saved[index].key;
    onMove(index, to);
  };

  return (
    <Box role="table" aria-label="Songs" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.paper' }}>
      <Box role="rowgroup">
        <Box
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: ROW_COLUMNS,
            alignItems: 'center',
            px: { xs: 0.5, sm: 1 },
            py: 1,
            bgcolor: 'grey.50',
            borderBottom: 1,
            borderColor: 'divider',
            color: 'text.secondary',
          }}
        >
          <Box role="columnheader">
            <Box component="span" sx={visuallyHidden}>
              Order
            </Box>
          </Box>
          <Box role="columnheader">
            <Box component="span" sx={visuallyHidden}>
              Preview
            </Box>
          </Box>
          <Typography role="columnheader" variant="subtitle2">
            Name
          </Typography>
          <Typography role="columnheader" variant="subtitle2">
            Length
          </Typography>
          <Box role="columnheader">
            <Box component="span" sx={visuallyHidden}>
              Actions
            </Box>
          </Box>
        </Box>
      </Box>
      <Box role="rowgroup" sx={{ userSelect: drag ? 'none' : undefined }}>
        {songs.map((song) => {
          const index = isSaved(song) ? saved.indexOf(song) : null;
          const dragging = drag !== null && index === drag.from;
          const offset = drag === null || index === null ? 0 : dragging ? drag.dy : rowShift(index, drag.from, drag.to, drag.rowHeight);
          return (
            <SongRow
              key={song.key}
              song={song}
              index={index}
              readOnly={readOnly}
              previewDisabled={index !== null && videoLength !== null && previewDisabled(forTiming, index, videoLength)}
              offset={offset}
              dragging={dragging}
              handleRef={(el) => {
                if (el) handles.current.set(song.key, el);
                else handles.current.delete(song.key);
              }}
              onDragStart={begin}
              onStep={step}
              onEdit={onEdit}
              onAction={onAction}
            />
          );
        })}
      </Box>
    </Box>
  );
}
