import { BrokenImageOutlined, PlayArrow } from '@mui/icons-material';
import { Box } from '@mui/material';
import { memo } from 'react';
import type { Slide } from '../../api/index.ts';
import { turnedFit } from './layout.ts';
import { LoadingBar } from './LoadingBar.tsx';
import { TextSlideFace } from './TextSlideFace.tsx';
import { useHeldTurn, useShownImage } from './useShownImage.ts';

interface Props {
  slide: Slide;
  width: number;
  height: number;
  /** Degrees clicked but not yet applied by the server: shown at once as a CSS turn. */
  pendingRotation: number;
  /** Which server image to show (the square one in the read-only gallery). */
  imageUrl?: string | null;
}

/** The picture inside a tile: image, clip poster with a play badge, text face, a loading bar or a broken image. */
export const SlideThumb = memo(function SlideThumb({ slide, width, height, pendingRotation, imageUrl }: Props) {
  const url = imageUrl !== undefined ? imageUrl : slide.thumbUrl;
  const image = useShownImage(slide.isText ? null : url);
  const turn = useHeldTurn(pendingRotation, image.swapping);

  if (slide.isText) {
    return (
      <TextSlideFace
        caption={slide.slideCaption}
        fontSize={slide.fontSize}
        background={slide.slideBackground}
        height={height}
      />
    );
  }
  return (
    <>
      {image.shown && !image.failed && (
        <Box
          component="img"
          src={image.shown}
          alt=""
          draggable={false}
          decoding="async"
          onLoad={image.onLoad}
          onError={image.onError}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            transition: 'transform 180ms ease-out',
            opacity: image.loaded ? 1 : 0,
          }}
          style={{ transform: turn ? `rotate(${turn}deg) scale(${turnedFit(width, height, turn)})` : undefined }}
        />
      )}
      {image.failed && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
          <BrokenImageOutlined aria-label="Image failed to load" />
        </Box>
      )}
      {!image.failed && !image.loaded && (
        <LoadingBar label="Loading slide" />
      )}
      {slide.isVideo && image.loaded && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: 6,
            bottom: 6,
            width: 22,
            height: 22,
            borderRadius: '50%',
            bgcolor: 'rgba(0,0,0,0.6)',
            color: '#fff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <PlayArrow sx={{ fontSize: 16 }} />
        </Box>
      )}
    </>
  );
});
