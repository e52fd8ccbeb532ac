import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/**
 * One route for /creator/new and /creator/{id}/setup: the first save turns the one address into the other,
 * and staying on the same route keeps the form (and what is being typed) in place.
 */
export const SETUP_PATH = /^\/creator\/(?:new|(?<videoAuthOrId>[A-Za-z0-9_-]+)\/setup)\/?$/;

export const SETUP_ROUTES: PageRoute[] = [{ path: SETUP_PATH, title: 'Video Setup', audience: 'public', component: lazyPage(() => import('./SetupPage.tsx'), 'SetupPage') }];
