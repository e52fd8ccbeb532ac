export { FileDropZone } from './FileDropZone.tsx';
export { formatBytes } from './labels.ts';
export { UploadProblems } from './UploadProblems.tsx';
export { UploadProgress } from './UploadProgress.tsx';
export { useUploads, type Uploads } from './useUploads.ts';
export type { UploadItem, UploadProblem, UploadState, UploadSummary } from './types.ts';
