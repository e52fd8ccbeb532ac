export { STOCK_SONGS_ROUTES } from './routes.ts';
