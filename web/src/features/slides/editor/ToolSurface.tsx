import { Box, CircularProgress } from '@mui/material';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

export interface Shown {
  /** The picture's box inside the area, in CSS pixels. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** The image file's own size. */
  naturalWidth: number;
  naturalHeight: number;
}

/** The largest box of the picture's shape that fits the area, centred (letterboxed). */
export function fitBox(area: { width: number; height: number }, natural: { width: number; height: number }) {
  const scale = Math.min(area.width / natural.width, area.height / natural.height);
  const width = natural.width * scale;
  const height = natural.height * scale;
  return { left: (area.width - width) / 2, top: (area.height - height) / 2, width, height };
}

interface Props {
  src: string | null;
  alt: string;
  /** CSS applied to the picture (a tool's own effect drawn over the image without it, e.g. a filter). */
  imageStyle?: CSSProperties;
  /** Drawn over the picture's box once its size is known. */
  children?: (shown: Shown) => ReactNode;
  /** Space kept free around the picture, so crop handles outside a small area stay reachable. */
  padding?: number;
  /** Cut the picture to its box (it is turned and zoomed to show the straightened photo). */
  clip?: boolean;
  /** The image file's size, once loaded. */
  onNatural?(size: { width: number; height: number }): void;
}

/**
 * A tool's picture: the slide's image without that tool's own edit (big_sans_{tool}_url), letterboxed in the tool's
 * area, with the tool's overlay positioned exactly over it.
 */
export function ToolSurface({ src, alt, imageStyle, children, padding = 16, onNatural, clip = false }: Props) {
  const areaRef = useRef<HTMLDivElement>(null);
  const [area, setArea] = useState({ width: 0, height: 0 });
  const [natural, setNatural] = useState<{ src: string; width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = areaRef.current;
    if (!element) return;
    const measure = () => setArea({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const ready = natural && natural.src === src && area.width > 0 && area.height > 0;
  const box = ready ? fitBox(area, natural) : null;
  return (
    <Box sx={{ position: 'absolute', inset: `${padding}px` }} ref={areaRef}>
      {src && (
        // The picture's box: a tool that turns the picture (straighten) clips it to the box, as the video does.
        <div style={{ position: 'absolute', left: box?.left ?? 0, top: box?.top ?? 0, width: box?.width ?? 1, height: box?.height ?? 1, overflow: clip ? 'hidden' : 'visible' }}>
          <img
            src={src}
            alt={alt}
            draggable={false}
            onLoad={(e) => {
              const size = { width: e.currentTarget.naturalWidth || 1, height: e.currentTarget.naturalHeight || 1 };
              setNatural({ src, ...size });
              onNatural?.(size);
            }}
            style={{ display: 'block', width: '100%', height: '100%', opacity: box ? 1 : 0, userSelect: 'none', ...imageStyle }}
          />
        </div>
      )}
      {!box && src && <CircularProgress aria-label="Loading image" sx={{ position: 'absolute', top: '50%', left: '50%', mt: -2.5, ml: -2.5, color: '#fff' }} />}
      {box && natural && children?.({ ...box, naturalWidth: natural.width, naturalHeight: natural.height })}
    </Box>
  );
}
