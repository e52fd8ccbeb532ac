export { FAMILY_ROUTES } from './routes.ts';
