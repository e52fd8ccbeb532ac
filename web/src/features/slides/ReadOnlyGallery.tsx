import { Box, Typography } from '@mui/material';
import type { Slide } from '../../api/index.ts';
import { TextSlideFace } from './TextSlideFace.tsx';

/** Spec 1 section 9: the default thumbnail is 150 by 150. */
export const GALLERY_THUMB = 150;

/** Read-only mode (spec 2 "Read-only gallery"): square thumbnails of the slides, nothing else. */
export function ReadOnlyGallery({ slides }: { slides: Slide[] }) {
  const shown = slides.filter((s) => !s.deleted);
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', px: { xs: 1, sm: 2 }, py: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        Slides
      </Typography>
      {shown.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>This video has no slides.</Typography>
      ) : (
        <Box component="ul" aria-label="Slides" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {shown.map((slide, i) => (
            <Box component="li" key={slide.id} sx={{ position: 'relative', width: GALLERY_THUMB, height: GALLERY_THUMB, borderRadius: 1, overflow: 'hidden', bgcolor: '#e9e5de' }}>
              {/* A text slide has no picture file: it is drawn as it looks in the video. */}
              {slide.isText && (
                <Box role="img" aria-label={`Slide ${i + 1}, text slide: ${slide.slideCaption.replace(/\s+/g, ' ').trim()}`} sx={{ position: 'absolute', inset: 0 }}>
                  <TextSlideFace caption={slide.slideCaption} fontSize={slide.fontSize} background={slide.slideBackground} height={GALLERY_THUMB} />
                </Box>
              )}
              {!slide.isText && slide.squareUrl && (
                <Box component="img" src={slide.squareUrl} alt={`Slide ${i + 1}`} loading="lazy" width={GALLERY_THUMB} height={GALLERY_THUMB} sx={{ display: 'block', objectFit: 'cover' }} />
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
