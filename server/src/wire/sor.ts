/** Service of Remembrance (spec 1, sections 2.4, 3 and 7). */

/** POST /r/sor/create (form: start_date, end_date, caption_remove_backdrop). */
export interface WireSorCreated {
  video_id: number;
  /** How many videos the remembrance video holds, one slide each. */
  video_count: number;
}

/** GET /r/sor/video_count: the organization's videos finished this year. */
export interface WireSorVideoCount {
  video_count: number;
}
