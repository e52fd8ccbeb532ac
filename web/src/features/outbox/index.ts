export { OUTBOX_ROUTES } from './routes.ts';
