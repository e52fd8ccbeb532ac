export { VideoRow, videoHref } from './VideoRow.tsx';
export { useStoredBoolean } from './useStoredBoolean.ts';
