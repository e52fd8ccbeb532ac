import useSWR, { mutate } from 'swr';
import type { WireActivityLog } from '../../../../server/src/wire/activity-log.ts';
import { getJson, withQuery, type Camelized } from '../../api/index.ts';

export type ActivityLog = Camelized<WireActivityLog>;
export type ActivityRow = ActivityLog[number];

export interface ActivityFilters {
  videoId?: string;
  userId?: string;
  ip?: string;
}

/** The /activity_logs page's own address for a set of filters (user_id, ip, video_id). */
export const activityLogsPageUrl = (filters: ActivityFilters): string =>
  withQuery('/activity_logs', { user_id: filters.userId || undefined, ip: filters.ip || undefined, video_id: filters.videoId || undefined });

/** GET /activity_logs.json (super users), newest first. */
export function useActivityLog(filters: ActivityFilters, limit: number) {
  const key = withQuery('/activity_logs.json', { video_id: filters.videoId || undefined, user_id: filters.userId || undefined, ip: filters.ip || undefined, limit });
  return useSWR<ActivityLog, Error>(key, (path: string) => getJson<ActivityLog>(path), { keepPreviousData: true, revalidateOnFocus: false });
}

/** Reads every shown activity list again (after an action that the log records). */
export const refreshActivityLogs = (): Promise<unknown> => mutate((key) => typeof key === 'string' && key.startsWith('/activity_logs.json'));
