import { Box } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavbar } from '../api/index.ts';
import { Banners } from './Banners.tsx';
import { NavDrawer } from './NavDrawer.tsx';
import { SuperDrawer } from './SuperDrawer.tsx';
import { TopBar } from './TopBar.tsx';

/** Top bar, drawers and banners around every page. */
export function Shell({ title, children }: { title: string; children: ReactNode }) {
  const { navbar } = useNavbar();
  const [menuOpen, setMenuOpen] = useState(false);
  const [superOpen, setSuperOpen] = useState(false);
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
      <TopBar title={title} navbar={navbar} onOpenMenu={() => setMenuOpen(true)} onOpenSuper={() => setSuperOpen(true)} />
      <NavDrawer open={menuOpen} navbar={navbar} onClose={() => setMenuOpen(false)} />
      {navbar?.super && <SuperDrawer open={superOpen} navbar={navbar} onClose={() => setSuperOpen(false)} />}
      <Banners navbar={navbar} />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {children}
      </Box>
    </Box>
  );
}
