/**
 * Why a file cannot become a slide: the repositories say what went wrong with the file, the service turns it
 * into words for the user. Anything else that fails (disk, database) is not a MediaError and may be retried.
 */
export type MediaProblem = 'unreadable' | 'damaged' | 'too_large';

export class MediaError extends Error {
  readonly problem: MediaProblem;
  constructor(problem: MediaProblem, detail: string) {
    super(detail);
    this.name = 'MediaError';
    this.problem = problem;
  }
}
