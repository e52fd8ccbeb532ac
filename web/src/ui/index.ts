export { AlertHost } from './AlertHost.tsx';
export { ConfirmDialog } from './ConfirmDialog.tsx';
export { Page } from './Page.tsx';
export { PageFileDrop } from './PageFileDrop.tsx';
export { PreparingNote, refreshWhilePreparing } from './PreparingNote.tsx';
