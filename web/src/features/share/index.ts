export { ShareLogList, type ShareLogRow } from './ShareLogList.tsx';
export { copyText, ShareToolbar } from './ShareToolbar.tsx';
export type { ShareProps } from './types.ts';
