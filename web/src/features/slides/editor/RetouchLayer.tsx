import { useEffect, useRef, useState } from 'react';

function useLoadedImage(src: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const img = new Image();
    img.onload = () => live && setImage(img);
    img.src = src;
    return () => {
      live = false;
    };
  }, [src]);
  return image && image.src.endsWith(src ?? '\0') ? image : null;
}

/**
 * A canvas over a tool's picture, at the picture file's own resolution, on which the tool paints its own effect:
 * `paint` gets the context with the picture drawn and the optional second picture (the blemish blur).
 */
export function RetouchLayer({ src, extraSrc, paint, label }: { src: string | null; extraSrc?: string | null; paint(ctx: CanvasRenderingContext2D, picture: HTMLImageElement, extra: HTMLImageElement | null): void; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const picture = useLoadedImage(src);
  const extra = useLoadedImage(extraSrc ?? null);
  useEffect(() => {
    const c = canvas.current;
    if (!c || !picture) return;
    c.width = picture.naturalWidth;
    c.height = picture.naturalHeight;
    const ctx = c.getContext('2d', { willReadFrequently: true });
    if (!ctx) return;
    ctx.drawImage(picture, 0, 0);
    paint(ctx, picture, extra);
  });
  return <canvas ref={canvas} role="img" aria-label={label} style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', visibility: picture ? 'visible' : 'hidden' }} />;
}
