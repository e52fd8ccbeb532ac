import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

export const SLIDE_PAGES_ROUTES: PageRoute[] = [
  { path: '/slides/rubbish_bin/:videoId', title: 'Restore Deleted Slides', audience: 'public', component: lazyPage(() => import('./RubbishBinPage.tsx'), 'RubbishBinPage') },
  { path: '/slides/downloader/:videoId', title: 'Download Slides', audience: 'public', component: lazyPage(() => import('./DownloaderPage.tsx'), 'DownloaderPage') },
  { path: '/slides/gallery/:videoId', title: 'Photos', audience: 'public', component: lazyPage(() => import('./GalleryPage.tsx'), 'GalleryPage') },
];
