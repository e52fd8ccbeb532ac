import { useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { gridScale, metricsForScale, visibleRowRange, type GridMetrics } from './layout.ts';

/** Grid metrics follow the window width (spec 2: scale = window width / 850). */
export function useGridMetrics(): GridMetrics {
  const [scale, setScale] = useState(() => gridScale(window.innerWidth));
  useEffect(() => {
    const onResize = () => setScale(gridScale(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return useMemo(() => metricsForScale(scale), [scale]);
}

export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The rows of a window-scrolled grid that are on screen (plus a few), updated once a frame while scrolling. */
export function useVisibleRows(ref: RefObject<HTMLElement | null>, pitch: number, rowCount: number): [number, number] {
  const [range, setRange] = useState<[number, number]>([0, Math.min(rowCount, 8)]);
  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      const next = visibleRowRange(element.getBoundingClientRect().top, window.innerHeight, pitch, rowCount);
      setRange((old) => (old[0] === next[0] && old[1] === next[1] ? old : next));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Alerts and bars above the grid move it without a scroll.
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    return () => {
      observer.disconnect();
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ref, pitch, rowCount]);
  return range;
}
