/** Pure rules of the song upload queue (spec 1 sections 4, 5 and 8). */

/** Mac metadata files ride along in folders and zips; they are never music. */
export const acceptedFiles = (files: readonly File[]): File[] => files.filter((f) => !f.name.startsWith('._'));

/** No answer (status 0) and server troubles pass; a refusal (4xx) or a full disk (507) will not change on retry. */
export const isPermanentStatus = (status: number): boolean => status !== 0 && (status < 500 || status === 507);

/** Waits before each retry of a passing trouble; after the last one the error becomes permanent. */
export const RETRY_DELAYS_MS = [1000, 3000, 5000, 10000, 20000] as const;

export const retryDelay = (attempt: number): number | null => RETRY_DELAYS_MS[attempt] ?? null;

export const LEAVE_WARNING = 'Some files are still uploading. Are you sure you want to leave the page?';
