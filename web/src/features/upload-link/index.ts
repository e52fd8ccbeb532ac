export { UPLOAD_LINK_ROUTES } from './routes.ts';
