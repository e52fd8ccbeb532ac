/**
 * A render that cannot succeed however often it is tried: its message is written for the user (the card and the
 * details page show it); `detail` is for admins.
 */
export class RenderFailure extends Error {
  readonly detail: string;
  /** A tool that failed on an input may have failed for another reason (memory, a full disk): try again first. */
  readonly retryable: boolean;
  constructor(message: string, detail = '', retryable = false) {
    super(message);
    this.name = 'RenderFailure';
    this.detail = detail;
    this.retryable = retryable;
  }
}

export const CHANGED_WHILE_RENDERING = 'The video changed while it was being made. Please finalize it again.';

/** What a slide is called in messages: its number in the grid and what kind of slide it is. */
export function slideWords(number: number, kind: string): string {
  const what = kind === 'clip' ? 'video clip' : kind === 'text' ? 'text slide' : 'photo';
  return `Slide ${number} (a ${what})`;
}
