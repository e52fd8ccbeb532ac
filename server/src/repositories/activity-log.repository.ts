import type { Db } from '../db/database.ts';

export interface ActivityFilter {
  videoId?: number;
  userId?: number;
  ip?: string;
  limit: number;
}

export interface ActivityLogRow {
  id: number;
  datetime: Date;
  user_id: number | null;
  user_name: string | null;
  video_id: number | null;
  ip: string | null;
  action: string;
  browser: string | null;
  os: string | null;
  user_agent: string | null;
}

export interface ActivityEntry {
  action: string;
  userId?: number | null;
  videoId?: number | null;
  ip?: string;
  userAgent?: string;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** Browser and system names good enough for an activity list; order matters, as most browsers also claim to be Safari. */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  const pick = (table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other';
  return { browser: pick(BROWSERS), os: pick(SYSTEMS) };
}

/** The activity log: who did what, from where (sign-ins, video events). */
export function activityLogRepository(db: Db) {
  return {
    async record(entry: ActivityEntry): Promise<void> {
      const userAgent = entry.userAgent ?? '';
      const { browser, os } = describeUserAgent(userAgent);
      await db('activity_logs').insert({
        action: entry.action.slice(0, 250),
        user_id: entry.userId ?? null,
        video_id: entry.videoId ?? null,
        ip: entry.ip?.slice(0, 64) ?? null,
        user_agent: userAgent.slice(0, 1000) || null,
        browser: userAgent ? browser : null,
        os: userAgent ? os : null,
      });
    },
    /** Newest first, narrowed by any of video, user and address. */
    async list(filter: ActivityFilter): Promise<ActivityLogRow[]> {
      return db('activity_logs')
        .leftJoin('users', 'users.id', 'activity_logs.user_id')
        .modify((q) => {
          if (filter.videoId !== undefined) q.where('activity_logs.video_id', filter.videoId);
          if (filter.userId !== undefined) q.where('activity_logs.user_id', filter.userId);
          if (filter.ip !== undefined) q.where('activity_logs.ip', filter.ip);
        })
        .orderBy('activity_logs.id', 'desc')
        .limit(filter.limit)
        .select<ActivityLogRow[]>('activity_logs.*', 'users.name as user_name');
    },
  };
}

export type ActivityLogRepository = ReturnType<typeof activityLogRepository>;
