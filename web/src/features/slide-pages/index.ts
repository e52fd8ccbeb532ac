import type { PageRoute } from '../../app/route-types.ts';
import { DownloaderPage } from './DownloaderPage.tsx';
import { GalleryPage } from './GalleryPage.tsx';
import { RubbishBinPage } from './RubbishBinPage.tsx';

export const SLIDE_PAGES_ROUTES: PageRoute[] = [
  { path: '/slides/rubbish_bin/:videoId', title: 'Restore Deleted Slides', audience: 'public', component: RubbishBinPage },
  { path: '/slides/downloader/:videoId', title: 'Download Slides', audience: 'public', component: DownloaderPage },
  { path: '/slides/gallery/:videoId', title: 'Photos', audience: 'public', component: GalleryPage },
];
