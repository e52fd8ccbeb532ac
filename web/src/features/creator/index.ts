export { CreatorFrame, CREATOR_MAX_WIDTH, NO_VIDEO_MESSAGE } from './CreatorFrame.tsx';
export { useCreatorContext } from './CreatorContext.ts';
export { parseCreatorRef, setupReadOnly, type CreatorProps, type CreatorRef } from './creator-props.ts';
export { STILL_SAVING_MESSAGE, useLeaveGuard, type LeaveGuard } from './useLeaveGuard.tsx';
export type { CreatorState } from './useCreator.ts';
