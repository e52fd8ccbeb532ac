export { SLIDE_PAGES_ROUTES } from './routes.ts';
