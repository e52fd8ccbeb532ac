/**
 * Where the details page sends people for help. Spec 3 section 2.1 names an external burning help page and a
 * Direct Delivery info page without giving their addresses; these are the product's support pages.
 */
export const BURNING_HELP_URL = 'https://support.tributevideos.com/dvd-burning';
export const DIRECT_DELIVERY_INFO_URL = 'https://support.tributevideos.com/direct-delivery';

/** The page for ordering copies of a finished video (spec 3 section 2.1). */
export const hardCopiesPath = (videoCode: string): string => `/orders/hard_copies/${encodeURIComponent(videoCode)}`;

/** An admin's view of every line of the video's orders (spec 3 section 2.1). */
export const videoOrderDetailsPath = (videoId: number): string => `/settings/order_details?scope=video&video_id=${videoId}`;

/** The video details page (spec 3 section 2.1). */
export const detailsPath = (videoId: number): string => `/videos/${videoId}/details`;

/** The details page's prompt-only mount: only the DVD download prompt (spec 3 section 2.1). */
export const DVD_PROMPT = 'dvd_download';
export const dvdPromptPath = (videoId: number): string => `${detailsPath(videoId)}?prompt=${DVD_PROMPT}`;
