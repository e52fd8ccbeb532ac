export { SEARCH_ROUTES } from './routes.ts';
