export { OtherEditors } from './OtherEditors.tsx';
export { onLiveRefresh } from './refresh-signal.ts';
export { useLiveSync, type LiveSync } from './useLiveSync.ts';
export type { LiveState } from './live-controller.ts';
