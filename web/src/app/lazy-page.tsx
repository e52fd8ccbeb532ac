import { Alert, Box, Button, CircularProgress, Fade } from '@mui/material';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { PageComponent } from './route-types.ts';

/** A page whose code is a chunk of its own (scripts/build.ts splits the bundle at each dynamic import). */
export type LazyPage = PageComponent & { preload(): Promise<unknown> };

/**
 * A route's page loaded the first time the route is opened, so the first load carries only the shell and the page
 * it shows: `lazyPage(() => import('./DashboardPage.tsx'), 'DashboardPage')`. The route's path, title and audience
 * stay eager. preload() starts the download early (App does it as soon as a route matches, while the Guard still
 * waits for the session); a failed download is forgotten, so the next attempt asks again.
 */
export function lazyPage<K extends string, M extends Record<K, PageComponent>>(load: () => Promise<M>, name: K): LazyPage {
  let loading: Promise<{ default: PageComponent }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => ({ default: module[name] }),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** Starts loading a route's page if it is a lazy one; an eager page is already there. */
export function preloadPage(page: PageComponent): void {
  const lazyOne = page as Partial<LazyPage>;
  if (typeof lazyOne.preload === 'function') void lazyOne.preload().catch(() => undefined); // PageSuspense shows the failure
}

/**
 * What a page shows while its code arrives: the shell around it stays, and a spinner fades in only if the wait is
 * long enough to notice, so a quick load does not flash one.
 */
export function PageLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <Fade in style={{ transitionDelay: '250ms' }}>
        <CircularProgress aria-label="Loading page" />
      </Fade>
    </Box>
  );
}

interface BoundaryState {
  error?: unknown;
}

/** The browsers' words for a dynamic import that failed: Chromium, Firefox, Safari. */
const CHUNK_FAILED = /dynamically imported module|module script failed|Failed to fetch/i;

/**
 * A page whose code could not be downloaded (the connection dropped, or the app was updated and this tab asks for a
 * chunk the new build no longer has) says so and offers a reload, which fetches the current version, instead of
 * leaving the whole app blank. Any other error goes on up as before.
 */
class PageLoadBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof Error) || !CHUNK_FAILED.test(error.message)) throw error;
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', p: 3 }}>
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          This page could not be loaded. The app may have been updated, or the connection was lost.
        </Alert>
      </Box>
    );
  }
}

/** Around a lazy page: the loading state while its chunk arrives, and a way out if it never does. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <PageLoadBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageLoadBoundary>
  );
}
