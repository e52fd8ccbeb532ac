import { useEffect, useRef, useState } from 'react';

/** Spec 1, section 2.2: the setup page's hash routes, '#/' (the form) and '#/themes' (the theme picker open). */
export const THEMES_HASH = '#/themes';

/** The picker follows the address: Back closes it, and a link to …/setup#/themes opens the page with it. */
export function useThemesHash(): { open: boolean; show(): void; hide(): void } {
  const [hash, setHash] = useState(() => window.location.hash);
  // Where this page added the #/themes entry itself; only that entry may be left with Back.
  const pushedAt = useRef<string | null>(null);

  useEffect(() => {
    const read = () => setHash(window.location.hash);
    window.addEventListener('hashchange', read);
    window.addEventListener('popstate', read);
    return () => {
      window.removeEventListener('hashchange', read);
      window.removeEventListener('popstate', read);
    };
  }, []);

  return {
    open: hash === THEMES_HASH,
    show() {
      if (window.location.hash === THEMES_HASH) return;
      pushedAt.current = window.location.pathname;
      window.location.hash = THEMES_HASH.slice(1);
    },
    hide() {
      if (window.location.hash !== THEMES_HASH) return;
      if (pushedAt.current === window.location.pathname) {
        pushedAt.current = null;
        window.history.back();
        return;
      }
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
      setHash('');
    },
  };
}
