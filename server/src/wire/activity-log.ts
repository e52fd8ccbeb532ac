/** Wire shapes of the activity log (spec 3 section 3.2). */

/** A row of GET /activity_logs.json (spec 3 section 3.2 "Activity log row"). */
export interface WireActivityLogRow {
  id: number;
  datetime: string;
  user_id: number | null;
  user_name: string | null;
  ip: string | null;
  action: string;
  video_id: number | null;
  browser: string | null;
  os: string | null;
  user_agent: { user_agent: string | null };
}

export type WireActivityLog = WireActivityLogRow[];
