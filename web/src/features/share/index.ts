export { ShareLogList, type ShareLogRow } from './ShareLogList.tsx';
export { ShareToolbar } from './ShareToolbar.tsx';
export type { ShareProps } from './types.ts';
