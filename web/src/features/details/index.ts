export { useVideoDetails, type VideoDetails } from './api.ts';
export { burnBrowser, burnSystem, BURN_COMPATIBILITY_NOTE, BURN_SYSTEMS } from './burn-compat.ts';
