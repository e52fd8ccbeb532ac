export { useVideoDetails, videoKey, type VideoDetails } from './api.ts';
export { detailsPath, dvdPromptPath, DVD_PROMPT } from './links.ts';
