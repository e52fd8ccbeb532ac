export { PreviewDialog } from './PreviewDialog.tsx';
