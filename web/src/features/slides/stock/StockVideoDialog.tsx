import { CheckCircle } from '@mui/icons-material';
import { Box, Button, ButtonBase, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Slide, VideoRef } from '../../../api/index.ts';
import { addStockVideoClips, fetchStockVideos, type StockVideo, type StockVideosData } from '../../../api/stock-slides.ts';
import { matchesWords } from './search.ts';

export interface StockVideoDialogProps {
  open: boolean;
  videoRef: VideoRef;
  onClose(): void;
  /** The clip slides the server added. */
  onAdded(slides: Slide[]): void;
}

/** Spec 2 section 9: stock clip tiles are 267 by 150. */
export const TILE_WIDTH = 267;
export const TILE_HEIGHT = 150;

export const addLabel = (count: number): string => (count === 1 ? 'Add 1 Clip' : `Add ${count} Clips`);

function ClipTile({ clip, selected, onToggle }: { clip: StockVideo; selected: boolean; onToggle(): void }) {
  const [hover, setHover] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (hover) void el.play().catch(() => undefined);
    else el.pause();
  }, [hover]);
  return (
    <ButtonBase
      focusRipple
      aria-pressed={selected}
      onClick={onToggle}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
      data-stock-video-id={clip.id}
      sx={{ display: 'block', width: TILE_WIDTH, maxWidth: '100%', textAlign: 'left', borderRadius: 1, overflow: 'hidden', outline: '3px solid', outlineColor: selected ? 'primary.main' : 'transparent' }}
    >
      <Box sx={{ position: 'relative', width: '100%', aspectRatio: `${TILE_WIDTH} / ${TILE_HEIGHT}`, bgcolor: 'grey.900' }}>
        <Box component="img" src={clip.thumbUrl} alt="" width={TILE_WIDTH} height={TILE_HEIGHT} sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
        {hover && (
          <Box component="video" ref={video} src={clip.previewUrl} muted loop playsInline autoPlay aria-hidden sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
        )}
        {selected && <CheckCircle color="primary" sx={{ position: 'absolute', top: 6, right: 6, bgcolor: 'common.white', borderRadius: '50%' }} />}
      </Box>
      <Typography component="span" variant="body2" sx={{ display: 'block', px: 1, py: 0.75, fontWeight: selected ? 700 : 500 }}>
        {clip.videoTitle}
      </Typography>
    </ButtonBase>
  );
}

/**
 * Add Stock Videos (spec 2 "Stock video dialog"): search, 'Suggested Clips' from the video's theme and 'Other
 * Clips'; a click chooses a clip (chosen ones stay shown whatever the search), hovering plays it, and 'Add N Clips'
 * adds them as clip slides. Closing resets it.
 */
export function StockVideoDialog({ open, videoRef, onClose, onAdded }: StockVideoDialogProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [data, setData] = useState<StockVideosData | null>(null);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setData(null);
    fetchStockVideos(videoRef).then((d) => live && setData(d), () => live && setData({ themeClips: [], videos: [], preparing: 0 }));
    return () => {
      live = false;
    };
  }, [open, videoRef]);

  const shown = useMemo(() => (data?.videos ?? []).filter((v) => chosen.includes(v.id) || matchesWords(query, v.videoTitle, v.tags)), [data, query, chosen]);
  const suggested = shown.filter((v) => data?.themeClips.includes(v.id));
  const others = shown.filter((v) => !data?.themeClips.includes(v.id));

  const close = () => {
    setQuery('');
    setChosen([]);
    onClose();
  };
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  async function add() {
    setAdding(true);
    try {
      const reply = await addStockVideoClips(videoRef, chosen);
      onAdded(reply.data);
      close();
    } catch {
      // The call showed its message; the choice stays for another try.
    } finally {
      setAdding(false);
    }
  }

  const section = (title: string, clips: StockVideo[]) =>
    clips.length > 0 && (
      <Box component="section" aria-label={title} sx={{ mb: 3 }}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(min(${TILE_WIDTH}px, 100%), 1fr))`, gap: 2, justifyItems: 'center' }}>
          {clips.map((clip) => (
            <ClipTile key={clip.id} clip={clip} selected={chosen.includes(clip.id)} onToggle={() => toggle(clip.id)} />
          ))}
        </Box>
      </Box>
    );

  return (
    <Dialog open={open} onClose={adding ? undefined : close} aria-labelledby="stock-video-title" maxWidth="md" fullWidth fullScreen={narrow}>
      <DialogTitle id="stock-video-title">Stock Videos</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 300 }}>
        <TextField label="Search" type="search" size="small" fullWidth value={query} onChange={(e) => setQuery(e.target.value)} sx={{ mb: 2 }} />
        {data === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading clips" />
          </Box>
        ) : (
          <>
            {data.preparing > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {data.preparing === 1 ? '1 more clip is being prepared.' : `${data.preparing} more clips are being prepared.`}
              </Typography>
            )}
            {section('Suggested Clips', suggested)}
            {section('Other Clips', others)}
            {shown.length === 0 && <Typography sx={{ color: 'text.secondary' }}>No clips match your search.</Typography>}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {adding && <CircularProgress size={24} aria-label="Adding clips" />}
        <Button onClick={close} disabled={adding}>
          Close
        </Button>
        {chosen.length > 0 && (
          <Button variant="contained" onClick={() => void add()} disabled={adding}>
            {addLabel(chosen.length)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
