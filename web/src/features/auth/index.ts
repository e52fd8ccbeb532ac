export { switchToUser } from './api.ts';
export { AUTH_ROUTES } from './routes.ts';
