/** Wire shapes of the super users' tools on the details page (spec 3 sections 2.8, 3.2, 6, 7). */

/** POST /r/videos/{id}/toggle_override_length_limit */
export interface WireOverrideToggled {
  success: boolean;
  /** The override as it now stands. */
  checked: boolean;
  errors: string[];
}

/** POST /r/videos/{id}/notify_silk: how many of the video's direct-delivery devices were told to fetch it. */
export interface WireSilksNotified {
  success: true;
  notified: number;
}

/** POST /r/videos/{id}/enqueue_job/{notify|postback} */
export interface WireJobEnqueued {
  success: true;
  /** What was done, for the admin to read. */
  message: string;
}

/** One file a video owns, as GET /r/videos/{id}/resources lists it. */
export interface WireVideoResource {
  /** Storage key, relative to the media folder (videos/{id}/...). */
  key: string;
  /** What the file is: Slide 12 original, Slide 12 derived, HD render 7, Song 3 ... */
  kind: string;
  bytes: number;
  modified_at: string;
  /** Super users' download link of the file. */
  url: string;
}

/** GET /r/videos/{id}/resources */
export interface WireVideoResources {
  video_id: number;
  title: string;
  total_bytes: number;
  files: WireVideoResource[];
}

/** A pg-boss job about the video (its renders' pieces, postbacks, mails), newest first. */
export interface WireDebugJob {
  id: string;
  name: string;
  state: string;
  data: unknown;
  retry_count: number;
  created_on: string;
  started_on: string | null;
  completed_on: string | null;
  output: unknown;
}

export interface WireDebugRender {
  id: number;
  kind: string;
  hash: string;
  status: string;
  progress: number;
  message: string;
  error: string | null;
  file_key: string | null;
  bytes: number | null;
  duration: number | null;
  created_at: string;
  finished_at: string | null;
  tasks: { task: string; state: string; attempts: number; worker: string | null; error: string | null }[];
}

/** GET /r/videos/{id}/debug: the render plan and the job history. */
export interface WireVideoDebug {
  video_id: number;
  /** The newest HD render's plan (the timeline the workers render), null before the first render. */
  plan: unknown;
  renders: WireDebugRender[];
  jobs: WireDebugJob[];
  postback_attempts: { attempt: number; url: string; status_code: number | null; error: string | null; duration_ms: number | null; created_at: string }[];
}
