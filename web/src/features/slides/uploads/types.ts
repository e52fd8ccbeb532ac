/** The upload session as the slide grid sees it (contract in the slide workspace notes). */
export type UploadState = 'loading' | 'uploading' | 'processing' | 'done' | 'error' | 'cancelled';

export interface UploadError {
  message: string;
  /** A permanent error ends the upload; otherwise it is still being retried and shows as a warning. */
  permanent: boolean;
}

export interface UploadItem {
  /** The client's id for this file, sent as upload_id so the server row can be matched to it. */
  uploadId: string;
  fileName: string;
  size: number;
  /** 0..1 of the bytes sent. */
  progress: number;
  state: UploadState;
  /** Known once the last byte has arrived. */
  slideId?: number;
  error?: UploadError;
  /**
   * Where the photo analysis stands once the file is processed, when the workspace analyses (spec 2: the session
   * waits for it too): 'waiting' for a result, 'finished' (a result, not a photo, or given up on after 30 s).
   */
  analysis?: 'waiting' | 'finished';
  /** Object URL of the file itself for photos a browser can show, so the tile is not blank while it uploads. */
  previewUrl?: string;
}

export interface UploadSummary {
  /** 'Uploading at X mbps, N MB left' | 'Processing N files' | 'Upload Complete' | null */
  label: string | null;
  /**
   * The third bar, for super users (spec 2): 'Analyzing N files' while processed photos wait for their analysis,
   * and how much of it is done; null when the session's files are not being analysed.
   */
  analysis: { label: string | null; progress: number } | null;
  /** 0..1 over the whole session. */
  progress: number;
  /** 'Loading' | 'Loading N files' while files are being prepared (tus fingerprints looked up). */
  loadingLabel: string | null;
}

export interface UploadProblem {
  file: string;
  message: string;
  permanent: boolean;
}

export interface UploadSnapshot {
  items: UploadItem[];
  summary: UploadSummary;
  problems: UploadProblem[];
}
