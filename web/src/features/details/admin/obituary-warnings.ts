import type { ObituaryStatus } from './api.ts';

/**
 * The obituary widget's in-line warnings (spec 3 section 8), from the status the server found. A part that is
 * missing hides the checks of the parts below it: with no website there is no obituary to judge.
 */
export function obituaryWarnings(status: ObituaryStatus): string[] {
  if (!status.website) return ['Unknown Websites Org'];
  if (!status.obituary) return ['Unknown Obit'];
  const warnings: string[] = [];
  if (!status.obituary.publishedAt) warnings.push('draft obit');
  if (status.obituary.deletedAt) warnings.push('deleted obit!');
  if (!status.obituaryVideo) {
    warnings.push('Missing obituary_video record');
  } else {
    if (status.obituaryVideo.deletedAt) warnings.push('deleted obituary_video!');
    if (!status.obituaryVideo.isReady) warnings.push('obituary_video not ready');
  }
  return warnings;
}

/** The obituary page's address on its website, when both are known. */
export function obituaryPageUrl(status: ObituaryStatus): string | null {
  if (!status.domain || !status.website || !status.obituary) return null;
  const path = [status.website.obituarySlug, status.obituary.slug].filter(Boolean).map(encodeURIComponent).join('/');
  return `https://${status.domain.domain}/${path}`;
}

/** What the widget shows in red when the status could not be read (spec 3 section 8). */
export const obituaryErrorText = (error: unknown): string => (error instanceof Error && error.message ? `Error: ${error.message}` : 'Unknown error');
