import { ChevronLeft, ChevronRight, InfoOutlined } from '@mui/icons-material';
import { Box, CircularProgress, IconButton } from '@mui/material';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Slide } from '../../../api/index.ts';
import { turnedFit } from '../layout.ts';
import { TextSlideFace } from '../TextSlideFace.tsx';
import { useHeldTurn, useShownImage } from '../useShownImage.ts';
import { FrameBox } from './SlideFrame.tsx';

interface Props {
  slide: Slide;
  index: number;
  total: number;
  pendingRotation: number;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onInspect(): void;
}

/** The arrows show while the pointer is over the image's left or right edge (clear of a clip's controls). */
const edgeZone = { position: 'absolute', top: '15%', bottom: '20%', width: '22%', '&:hover > button': { opacity: 1 } } as const;

const edgeButton = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(0,0,0,0.55)',
  color: '#fff',
  opacity: 0,
  transition: 'opacity 150ms',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
  '&:focus-visible': { opacity: 1 },
} as const;

function useAreaSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 1, height: 1 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth || 1, height: element.clientHeight || 1 });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

/** The letterboxed picture of the slide view, with previous and next arrows at its edges and the slide number. */
export function SlideStage({ slide, index, total, pendingRotation, onPrevious, onNext, onInspect }: Props) {
  const { ref, size } = useAreaSize();
  const image = useShownImage(slide.isText || slide.isVideo ? null : slide.bigUrl);
  const turn = useHeldTurn(pendingRotation, image.swapping);
  return (
    <Box ref={ref} sx={{ position: 'absolute', inset: 0 }}>
      {slide.isText ? (
        <FrameBox>
          <TextSlideFace caption={slide.slideCaption} fontSize={slide.fontSize} background={slide.slideBackground} />
        </FrameBox>
      ) : slide.isVideo ? (
        <Box
          component="video"
          key={slide.id}
          src={slide.videoUrl ?? undefined}
          poster={slide.bigUrl ?? undefined}
          controls
          autoPlay
          playsInline
          aria-label={`Video clip ${slide.origPath ?? ''}`.trim()}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', bgcolor: '#000' }}
        />
      ) : (
        image.shown && (
          <Box
            component="img"
            src={image.shown}
            alt={slide.origPath ?? `Slide ${index + 1}`}
            onLoad={image.onLoad}
            onError={image.onError}
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', transition: 'transform 200ms ease-out' }}
            style={{ transform: turn ? `rotate(${turn}deg) scale(${turnedFit(size.width, size.height, turn)})` : undefined }}
          />
        )
      )}
      {!slide.isText && !slide.isVideo && !image.loaded && !image.failed && (
        <CircularProgress aria-label="Loading image" sx={{ position: 'absolute', top: '50%', left: '50%', mt: -2.5, ml: -2.5, color: '#fff' }} />
      )}
      <Box sx={{ position: 'absolute', top: 12, left: 12, px: 1.25, py: 0.25, borderRadius: 4, bgcolor: 'rgba(0,0,0,0.6)', color: '#fff', fontSize: 14, fontWeight: 600 }}>
        {index + 1} / {total}
      </Box>
      {!slide.isText && (
        <IconButton aria-label="Photo details" onClick={onInspect} sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}>
          <InfoOutlined />
        </IconButton>
      )}
      {onPrevious && (
        <Box sx={{ ...edgeZone, left: 0 }}>
          <IconButton aria-label="Previous slide" onClick={onPrevious} sx={{ ...edgeButton, left: 8 }}>
            <ChevronLeft fontSize="large" />
          </IconButton>
        </Box>
      )}
      {onNext && (
        <Box sx={{ ...edgeZone, right: 0 }}>
          <IconButton aria-label="Next slide" onClick={onNext} sx={{ ...edgeButton, right: 8 }}>
            <ChevronRight fontSize="large" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
