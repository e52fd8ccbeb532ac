import type { UploadItem, UploadSummary } from './types.ts';

/** Spec 2 size text: bytes up to 1024, then KB, MB or GB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Megabits per second, as network speeds are usually quoted. */
export const mbps = (bytesPerSecond: number): string => ((bytesPerSecond * 8) / 1_000_000).toFixed(1);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The spec's 'Uploading at X mbps, N units left': the unit is the size unit of the bytes still to send
 * ('Uploading at 12.4 mbps, 48.2 MB left'), which says how long the wait is better than a file count does when one
 * clip outweighs a hundred photos. Before the first speed sample there is no honest speed, so the label names only
 * what is left.
 */
export function uploadingLabel(remainingBytes: number, bytesPerSecond: number | null): string {
  const left = `${formatBytes(remainingBytes)} left`;
  return bytesPerSecond === null ? `Uploading, ${left}` : `Uploading at ${mbps(bytesPerSecond)} mbps, ${left}`;
}

export const processingLabel = (files: number): string => `Processing ${plural(files, 'file')}`;

export const analyzingLabel = (files: number): string => `Analyzing ${plural(files, 'file')}`;

export const COMPLETE_LABEL = 'Upload Complete';

/** 'Loading' for one file, 'Loading N files' for more. */
export const loadingLabel = (files: number): string | null => (files === 0 ? null : files === 1 ? 'Loading' : `Loading ${files} files`);

/** Bytes make up 90% of the bar and finished processing the last 10%, so the bar only fills once slides are ready. */
const BYTES_SHARE = 0.9;

export function summarize(items: readonly UploadItem[], bytesPerSecond: number | null): UploadSummary {
  const counted = items.filter((i) => i.state !== 'cancelled' && i.state !== 'error');
  const count = (state: UploadItem['state']) => counted.filter((i) => i.state === state).length;
  const uploading = counted.filter((i) => i.state === 'uploading');
  const processing = count('processing');
  const done = count('done');

  let label: string | null = null;
  if (uploading.length > 0) label = uploadingLabel(uploading.reduce((n, i) => n + i.size * (1 - i.progress), 0), bytesPerSecond);
  else if (processing > 0) label = processingLabel(processing);
  else if (done > 0 && count('loading') === 0) label = COMPLETE_LABEL;

  const totalBytes = counted.reduce((n, i) => n + i.size, 0);
  const sentBytes = counted.reduce((n, i) => n + (i.state === 'processing' || i.state === 'done' ? i.size : i.size * i.progress), 0);
  const progress = counted.length === 0 ? 0 : (totalBytes > 0 ? BYTES_SHARE * (sentBytes / totalBytes) : BYTES_SHARE) + (1 - BYTES_SHARE) * (done / counted.length);

  // The third bar fills as processed files get their analysis; it shows only while some are analysed.
  const waiting = counted.filter((i) => i.analysis === 'waiting').length;
  const finished = counted.filter((i) => i.analysis === 'finished').length;
  const analysis = waiting + finished > 0 ? { label: waiting > 0 ? analyzingLabel(waiting) : null, progress: finished / (waiting + finished) } : null;

  return { label, progress: Math.min(1, progress), loadingLabel: loadingLabel(count('loading')), analysis };
}
