import { Box } from '@mui/material';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNavbar } from '../api/index.ts';
import { Banners } from './Banners.tsx';
import { TopBar } from './TopBar.tsx';

// The drawers start closed: they (and MUI's Drawer and Modal) are fetched when first opened, not with every page.
const NavDrawer = lazy(() => import('./NavDrawer.tsx').then((m) => ({ default: m.NavDrawer })));
const SuperDrawer = lazy(() => import('./SuperDrawer.tsx').then((m) => ({ default: m.SuperDrawer })));

/** Top bar, drawers and banners around every page. */
export function Shell({ title, children }: { title: string; children: ReactNode }) {
  const { navbar } = useNavbar();
  const [menuOpen, setMenuOpen] = useState(false);
  const [superOpen, setSuperOpen] = useState(false);
  // Once opened a drawer stays mounted, so it can slide closed and open again at once.
  const [menuUsed, setMenuUsed] = useState(false);
  const [superUsed, setSuperUsed] = useState(false);
  useEffect(() => {
    document.title = title ? `${title} - Tribute Videos` : 'Tribute Videos';
  }, [title]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <TopBar
        title={title}
        navbar={navbar}
        onOpenMenu={() => {
          setMenuUsed(true);
          setMenuOpen(true);
        }}
        onOpenSuper={() => {
          setSuperUsed(true);
          setSuperOpen(true);
        }}
      />
      <Suspense fallback={null}>
        {menuUsed && <NavDrawer open={menuOpen} navbar={navbar} onClose={() => setMenuOpen(false)} />}
        {superUsed && navbar?.super && <SuperDrawer open={superOpen} navbar={navbar} onClose={() => setSuperOpen(false)} />}
      </Suspense>
      <Banners navbar={navbar} />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {children}
      </Box>
    </Box>
  );
}
