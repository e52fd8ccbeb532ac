/**
 * The burn window's words, exactly as spec 3 sections 4.2, 4.5, 4.6 and 8 give them. Every file of the window takes
 * its texts from here so a test can compare them with the spec once.
 */
export const TEXTS = {
  estimating: 'Estimating...',
  initializing: 'Initializing...',
  loading: 'Loading...',
  finalizing: 'Finalizing...',
  verifying: 'Verifying...',
  completed: 'Completed',
  canceled: 'Canceled',
  error: 'Error',
  updating: 'Updating native components...',
  noBurner: 'No burner could be found',
  busy: 'The burner is busy.',
  dvdPlusR: 'For best results, use DVD-R discs (you are currently using DVD+R).',
  nativeUnavailable: 'Error: could not communicate with updater.exe, downloader.exe or burner.exe',
  noResponse: 'No response from the helper tools. Please close window and try again.',
  /** Not a spec text: the helper said verified, but the disc it read back is not the video's disc image. */
  discNotServerImage: 'Verification failed: the disc does not match this video\'s disc image. Please burn another disc.',
} as const;

export const unsupportedMediaText = (type: string): string => `You are currently using a ${type} disc, which is not supported. Please use DVD-R disc.`;
export const updateFailedText = (got: number, min: number): string => `Failed to auto-update, got version ${got} expected ${min}`;
export const downloaderTooOldText = (got: number, min: number): string => `Downloader has version ${got} expected ${min}`;
export const burnerTooOldText = (got: number, min: number): string => `Burner has version ${got} expected ${min}`;
