export { useVideoDetails, type VideoDetails } from './api.ts';
export { burnBrowser, burnSupport, burnSystem, BURN_COMPATIBILITY_NOTE, BURN_SYSTEMS, type BurnSupport } from './burn-compat.ts';
export { detailsPath, dvdPromptPath, DVD_PROMPT } from './links.ts';
