import type { TooltipProps } from '@mui/material';
import { useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';

type Tooltip = ComponentType<TooltipProps>;
let loaded: Tooltip | undefined;
const load = (): Promise<Tooltip> => import('@mui/material/Tooltip').then((m) => (loaded = m.default as Tooltip));

/**
 * MUI's Tooltip, fetched the first time a pointer or the keyboard reaches the control: with its positioning engine
 * it is a sixth of the sign-in page's first load, for a label nobody has asked to see yet. The hover or focus that
 * fetched it is replayed once it is in, so that first label still shows.
 */
export function LazyTooltip({ title, children }: { title: string; children: ReactElement }) {
  const [Tip, setTip] = useState<Tooltip | undefined>(() => loaded);
  const wrapper = useRef<HTMLSpanElement>(null);
  const woken = useRef<'pointer' | 'focus' | null>(null);

  useEffect(() => {
    if (!Tip || !woken.current) return;
    const target = wrapper.current?.firstElementChild;
    if (!target) return;
    // The pointer is already over the control: MUI listens for mouseover, which will not come again until it leaves.
    if (woken.current === 'pointer' && target.matches(':hover')) target.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    if (woken.current === 'focus' && target.matches(':focus-visible')) {
      (target as HTMLElement).blur();
      (target as HTMLElement).focus();
    }
  }, [Tip]);

  const wake = (how: 'pointer' | 'focus') => {
    if (Tip || woken.current) return;
    woken.current = how;
    void load().then((t) => setTip(() => t));
  };
  return (
    <span ref={wrapper} style={{ display: 'inline-flex' }} onPointerEnter={() => wake('pointer')} onFocus={() => wake('focus')}>
      {Tip ? <Tip title={title}>{children}</Tip> : children}
    </span>
  );
}
