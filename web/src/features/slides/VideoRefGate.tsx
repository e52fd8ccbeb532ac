import { Box, CircularProgress } from '@mui/material';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { getSecurityHash, setSecurityHash, useMe, type VideoRef } from '../../api/index.ts';
import { NotFoundPage } from '../../app/fallback-pages.tsx';

/** A creator URL holds a numeric video id (signed-in users) or a family upload-link hash (CONVENTIONS). */
export function parseVideoRef(param: string | undefined): { ref: VideoRef; link: boolean } | null {
  if (!param) return null;
  if (/^\d+$/.test(param)) return { ref: Number(param), link: false };
  return /^[A-Za-z0-9_-]+$/.test(param) ? { ref: param, link: true } : null;
}

function Waiting() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/**
 * Resolves the page's video reference before anything loads: a hash is set as the security hash ahead of the
 * first request; a numeric id needs a signed-in user and sends guests to the login page and back.
 */
export function VideoRefGate({ param, children }: { param: string | undefined; children: (ref: VideoRef, link: boolean) => ReactNode }) {
  const parsed = useMemo(() => {
    const value = parseVideoRef(param);
    // Set during render, not in an effect: the children's first requests (in their effects) must carry it.
    setSecurityHash(value?.link ? String(value.ref) : undefined);
    return value;
  }, [param]);
  const hash = parsed?.link ? String(parsed.ref) : undefined;
  useEffect(() => {
    setSecurityHash(hash);
    return () => {
      if (getSecurityHash() === hash) setSecurityHash(undefined);
    };
  }, [hash]);
  const { me } = useMe();
  const [location] = useLocation();
  if (!parsed) return <NotFoundPage />;
  if (parsed.link) return <>{children(parsed.ref, true)}</>;
  if (!me) return <Waiting />;
  if (!me.user) return <Redirect to={`/users/login?next=${encodeURIComponent(location)}`} replace />;
  return <>{children(parsed.ref, false)}</>;
}
