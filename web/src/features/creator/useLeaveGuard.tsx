import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/** Spec 1, section 4: leaving the setup page while a save runs. */
export const STILL_SAVING_MESSAGE = 'There are changes still saving.';

export interface LeaveGuard {
  /** Starts any save that is only waiting for its moment. */
  flush(): void;
  busy(): boolean;
  idle(): Promise<void>;
}

/** An in-app link this page should hold back: same site, plain left click, another address. */
function heldLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const path = `${url.pathname}${url.search}`;
  return path === `${window.location.pathname}${window.location.search}` ? null : path;
}

/** What the dialog says; the setup page's save warning unless a page has its own. */
export interface LeaveText {
  title: string;
  message: string;
}

const SAVING: LeaveText = { title: 'Saving', message: STILL_SAVING_MESSAGE };

/**
 * Warns before leaving while work runs (a save, an upload): the browser's own prompt on closing or reloading, and
 * a dialog for links inside the app, which goes on by itself once the work is done.
 */
export function useLeaveGuard(guard: LeaveGuard, text: LeaveText = SAVING) {
  const [, navigate] = useLocation();
  const [held, setHeld] = useState<string | null>(null);
  const guardRef = useRef(guard);
  const messageRef = useRef(text.message);
  useEffect(() => {
    guardRef.current = guard;
    messageRef.current = text.message;
  });

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      guardRef.current.flush();
      if (!guardRef.current.busy()) return;
      event.preventDefault();
      event.returnValue = messageRef.current;
    };
    const click = (event: MouseEvent) => {
      const path = heldLink(event);
      if (!path) return;
      guardRef.current.flush();
      if (!guardRef.current.busy()) return;
      event.preventDefault();
      event.stopPropagation();
      setHeld(path);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, []);

  useEffect(() => {
    if (!held) return;
    let cancelled = false;
    void guardRef.current.idle().then(() => {
      if (cancelled) return;
      setHeld(null);
      navigate(held);
    });
    return () => {
      cancelled = true;
    };
  }, [held, navigate]);

  const leave = () => {
    const path = held;
    setHeld(null);
    if (path) navigate(path);
  };

  return (
    <Dialog open={held !== null} onClose={() => setHeld(null)} aria-labelledby="leave-guard-title" aria-describedby="leave-guard-text">
      <DialogTitle id="leave-guard-title">{text.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-guard-text">{text.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setHeld(null)}>Stay</Button>
        <Button onClick={leave} variant="contained">
          Leave Anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
