import { durationText } from '../../../../common/time-format.ts';

/** Size text of spec 2 "Slide tile": bytes up to 1024, then KB, MB or GB with one decimal. */
export function sizeText(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return 'Unknown Size';
  if (bytes <= 1024) return `${Math.round(bytes)} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** 'N% of size' while bytes are being sent; just the size before the first byte. */
export function uploadProgressText(progress: number, size: number): string {
  const percent = Math.floor(Math.min(1, Math.max(0, progress)) * 100);
  return progress > 0 ? `${percent}% of ${sizeText(size)}` : sizeText(size);
}

/** The inspection dialog's 'Uploaded': how long ago, in spec 2's duration wording ('3 days ago'). */
export function uploadedAgo(iso: string, now: number): string {
  const at = new Date(iso).getTime();
  return Number.isNaN(at) ? 'Unknown' : `${durationText((now - at) / 1000)} ago`;
}
