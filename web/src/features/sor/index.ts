export { SOR_ROUTES } from './routes.ts';

export { SorBanner } from './SorBanner.tsx';
