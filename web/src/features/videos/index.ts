export { VIDEOS_ROUTES } from './routes.ts';

export { VideoRow, videoHref } from './VideoRow.tsx';
export { useStoredBoolean } from './useStoredBoolean.ts';
