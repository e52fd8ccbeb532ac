export { REPORTS_ROUTES } from './routes.ts';
