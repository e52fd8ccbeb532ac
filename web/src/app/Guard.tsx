import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useMe } from '../api/index.ts';
import type { Audience } from './route-types.ts';
import { NotFoundPage } from './fallback-pages.tsx';

/** Sends guests to the login page (and back afterwards) and hides super pages from everyone else. */
export function Guard({ audience, children }: { audience: Audience; children: ReactNode }) {
  const { me } = useMe();
  const [location] = useLocation();
  if (audience === 'public') return <>{children}</>;
  if (!me) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (audience === 'guest') return me.user ? <Redirect to="/dashboard" replace /> : <>{children}</>;
  if (!me.user) return <Redirect to={`/users/login?next=${encodeURIComponent(location)}`} replace />;
  if (audience === 'super' && me.user.role !== 'super') return <NotFoundPage />;
  return <>{children}</>;
}
