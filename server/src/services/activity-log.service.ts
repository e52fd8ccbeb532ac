import { AppError } from '../http/errors.ts';
import { describeUserAgent, type ActivityLogRepository, type ActivityLogRow } from '../repositories/activity-log.repository.ts';
import type { WireActivityLog, WireActivityLogRow } from '../wire/activity-log.ts';

export const ACTIVITY_DEFAULT_LIMIT = 100;
export const ACTIVITY_MAX_LIMIT = 1000;

type Query = Record<string, string | string[] | undefined>;

const bad = (message: string): AppError => new AppError(400, message);

function idFilter(query: Query, key: string): number | undefined {
  const raw = query[key];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw bad(`${key} must be a whole number.`);
  return Number(raw);
}

/** The query of GET /activity_logs.json: video_id, user_id, ip and limit, each optional. */
export function parseActivityQuery(query: Query) {
  const ip = query.ip;
  if (ip !== undefined && (typeof ip !== 'string' || ip.length > 64)) throw bad('ip must be one address.');
  const limitText = query.limit;
  let limit = ACTIVITY_DEFAULT_LIMIT;
  if (limitText !== undefined && limitText !== '') {
    if (typeof limitText !== 'string' || !/^\d{1,5}$/.test(limitText) || Number(limitText) < 1) throw bad('limit must be a whole number from 1.');
    limit = Math.min(Number(limitText), ACTIVITY_MAX_LIMIT);
  }
  return { videoId: idFilter(query, 'video_id'), userId: idFilter(query, 'user_id'), ip: ip ? ip.trim() : undefined, limit };
}

export function toActivityRow(row: ActivityLogRow): WireActivityLogRow {
  // Rows written before the browser and system were recorded are described from their user agent now.
  const described = row.user_agent ? describeUserAgent(row.user_agent) : null;
  return {
    id: Number(row.id),
    datetime: new Date(row.datetime).toISOString(),
    user_id: row.user_id,
    user_name: row.user_name,
    ip: row.ip,
    action: row.action,
    video_id: row.video_id,
    browser: row.browser ?? described?.browser ?? null,
    os: row.os ?? described?.os ?? null,
    user_agent: { user_agent: row.user_agent },
  };
}

/** The activity log as super users read it (spec 3: the details table's Recent Activity and /activity_logs). */
export function activityLogService(logs: Pick<ActivityLogRepository, 'list'>) {
  return {
    async list(query: Query): Promise<WireActivityLog> {
      return (await logs.list(parseActivityQuery(query))).map(toActivityRow);
    },
  };
}
