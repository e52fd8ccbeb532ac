export { MUSIC_ROUTES } from './routes.ts';

export { formatLength } from './format.ts';
