import { CssBaseline, ThemeProvider } from '@mui/material';
import { useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { AlertHost } from '../ui/AlertHost.tsx';
import { Guard } from './Guard.tsx';
import { PageSuspense, preloadPage } from './lazy-page.tsx';
import { NOT_FOUND, ROUTES } from './routes.ts';
import { Shell } from './Shell.tsx';
import { theme } from './theme.ts';

function useDocumentTitle() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
}

export function App() {
  useDocumentTitle();
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Switch>
        {ROUTES.map((route) => (
          <Route key={String(route.path)} path={route.path}>
            {(params) => {
              // The page's chunk downloads while the Guard still waits for the session, not after it.
              preloadPage(route.component);
              const page = (
                <Guard audience={route.audience}>
                  <PageSuspense>
                    <route.component params={params} />
                  </PageSuspense>
                </Guard>
              );
              return route.bare ? page : <Shell title={route.title}>{page}</Shell>;
            }}
          </Route>
        ))}
        <Route>
          <Shell title={NOT_FOUND.title}>
            <NOT_FOUND.component params={{}} />
          </Shell>
        </Route>
      </Switch>
      <AlertHost />
    </ThemeProvider>
  );
}
