export { ACCOUNT_ROUTES } from './routes.ts';
