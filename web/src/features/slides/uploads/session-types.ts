import type { UploadFailure } from './errors.ts';

/** What the upload session needs from the outside world, so that it runs (and is tested) without a browser. */
export interface UploadSource {
  name: string;
  size: number;
  type: string;
}

export interface UploadEvents {
  progress(bytesSent: number, bytesTotal: number): void;
  /** The server accepted a chunk: any earlier passing trouble is over. */
  chunkAccepted(): void;
  retrying(failure: UploadFailure): void;
  /** The last byte arrived; the slide id comes from the final response (absent when a finished upload was resumed). */
  success(slideId: number | null): void;
  failed(failure: UploadFailure): void;
}

export interface PreparedUpload {
  /** Starts, or after a failure resumes, the upload. */
  start(events: UploadEvents): void;
  abort(terminate: boolean): void;
}

export interface Transport<F extends UploadSource> {
  prepare(file: F, uploadId: string): Promise<PreparedUpload>;
}

export type ProcessingRow = { id: number; processingState: string; processingError: string | null };

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SessionDeps<F extends UploadSource> {
  transport: Transport<F>;
  fetchProcessing(slideIds: number[]): Promise<ProcessingRow[]>;
  /** Non-deleted slides the server lists for the video (for the local upload-limit check). */
  countSlides(): Promise<number>;
  newId(): string;
  clock: Clock;
  previewUrl?(file: F): string | undefined;
  revokePreview?(url: string): void;
}

/** The photo analysis (AI rotation ideas) as the session waits for it; absent when the workspace does not analyse. */
export interface AnalysisWatch {
  /** The analysis has a result for this slide, or will never look at it (not a photo). */
  finished(slideId: number): boolean;
}

export interface SessionOptions {
  onSlidesChanged(): void;
  limit: number | null;
  analysis?: AnalysisWatch | null;
}
