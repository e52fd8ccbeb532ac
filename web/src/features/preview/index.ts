export { PREVIEW_ROUTES } from './routes.ts';

export { PreviewDialog } from './PreviewDialog.tsx';
