export { useVideoOrders, videoOrdersKey, type VideoOrder } from './api.ts';
export { VideoOrdersState } from './VideoOrdersState.tsx';
