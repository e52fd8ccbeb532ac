import { ChevronLeft, ChevronRight, Close } from '@mui/icons-material';
import { Box, ButtonBase, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Slide, VideoRef } from '../../api/index.ts';
import { GALLERY_THUMB, TextSlideFace, VideoRefGate } from '../slides/index.ts';
import { SlidePageFrame } from './SlidePageFrame.tsx';
import { useSlidesOf } from './useSlidesOf.ts';

/** /slides/gallery/:videoId: the read-only gallery (spec 2 "Read-only gallery"), opened from the details page's Extras. */
export function GalleryPage({ params }: { params: Record<string, string | undefined> }) {
  return <VideoRefGate param={params.videoId}>{(ref, link) => <Gallery key={String(ref)} videoRef={ref} link={link} />}</VideoRefGate>;
}

const describe = (slide: Slide, index: number): string =>
  slide.isText ? `Slide ${index + 1}, text slide: ${slide.slideCaption.replace(/\s+/g, ' ').trim()}` : `Slide ${index + 1}${slide.isVideo ? ', video clip' : ''}`;

function Face({ slide, index, size }: { slide: Slide; index: number; size: 'square' | 'big' }) {
  if (slide.isText) {
    return (
      <Box role="img" aria-label={describe(slide, index)} sx={{ position: 'absolute', inset: 0 }}>
        <TextSlideFace caption={slide.slideCaption} fontSize={slide.fontSize} background={slide.slideBackground} height={size === 'square' ? GALLERY_THUMB : undefined} />
      </Box>
    );
  }
  const src = size === 'square' ? slide.squareUrl : slide.bigUrl;
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={describe(slide, index)}
      loading={size === 'square' ? 'lazy' : undefined}
      sx={size === 'square' ? { display: 'block', width: GALLERY_THUMB, height: GALLERY_THUMB, objectFit: 'cover' } : { display: 'block', maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', m: 'auto' }}
    />
  );
}

function Gallery({ videoRef, link }: { videoRef: VideoRef; link: boolean }) {
  const { slides, error } = useSlidesOf(videoRef, false);
  const shown = useMemo(() => slides ?? [], [slides]);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <SlidePageFrame
      title="Photos"
      backHref={link ? `/creator/${videoRef}/slides` : `/videos/${videoRef}/details`}
      backLabel={link ? 'Back to Slides' : 'Back to Video Details'}
      loading={slides === null}
      error={error}
    >
      {shown.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 8 }}>This video has no slides.</Typography>
      ) : (
        <Box component="ul" aria-label="Slides" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: `repeat(auto-fill, ${GALLERY_THUMB}px)`, justifyContent: { xs: 'center', sm: 'start' } }}>
          {shown.map((slide, i) => (
            <Box component="li" key={slide.id}>
              <ButtonBase
                onClick={() => setOpen(i)}
                aria-label={`Open ${describe(slide, i)}`}
                sx={{ position: 'relative', width: GALLERY_THUMB, height: GALLERY_THUMB, borderRadius: 1, overflow: 'hidden', bgcolor: '#e9e5de', '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 } }}
              >
                <Face slide={slide} index={i} size="square" />
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}
      {open !== null && shown[open] && <BigSlide slides={shown} index={open} onMove={setOpen} onClose={() => setOpen(null)} />}
    </SlidePageFrame>
  );
}

/** One slide large, with the previous and next ones a press (or an arrow key) away. */
function BigSlide({ slides, index, onMove, onClose }: { slides: Slide[]; index: number; onMove: (index: number) => void; onClose: () => void }) {
  const titleId = useId();
  const slide = slides[index];
  const previous = index > 0 ? index - 1 : null;
  const next = index < slides.length - 1 ? index + 1 : null;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft' && previous !== null) onMove(previous);
      if (e.key === 'ArrowRight' && next !== null) onMove(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, onMove]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth slotProps={{ paper: { sx: { bgcolor: '#111', color: '#fff' } } }}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
        <Box component="span" sx={{ flexGrow: 1, fontSize: '1rem' }}>
          Slide {index + 1} of {slides.length}
          {slide.isVideo ? ' (video clip)' : ''}
        </Box>
        <IconButton aria-label="Previous slide" disabled={previous === null} onClick={() => previous !== null && onMove(previous)} sx={{ color: '#fff' }}>
          <ChevronLeft />
        </IconButton>
        <IconButton aria-label="Next slide" disabled={next === null} onClick={() => next !== null && onMove(next)} sx={{ color: '#fff' }}>
          <ChevronRight />
        </IconButton>
        <IconButton aria-label="Close" onClick={onClose} sx={{ color: '#fff' }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: { xs: 1, sm: 2 }, display: 'flex' }}>
        <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', maxHeight: '75vh', display: 'flex', containerType: 'size' }}>
          <Face slide={slide} index={index} size="big" />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
