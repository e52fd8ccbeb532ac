export { SETUP_ROUTES, SETUP_PATH } from './routes.ts';
