export { PreviewDialog } from './PreviewDialog.tsx';
export { slowGenerationWarning } from './playback.ts';
