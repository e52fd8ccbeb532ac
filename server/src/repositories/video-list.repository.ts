import type { Db } from '../db/database.ts';
import type { SlideMediaRow } from './slide-media.repository.ts';

export interface VideoListRow {
  id: number;
  title: string;
  intro_text: string;
  subtitle: string;
  date_in_queue: Date | null;
  finished: boolean;
  viewed: number;
  organization_id: number | null;
  updated_at: Date;
}

export interface OrganizationNameRow {
  id: number;
  organization_name: string;
}

/** The slide columns its image URLs depend on, plus its video. */
export type CoverSlideRow = Pick<
  SlideMediaRow,
  | 'id' | 'video_id' | 'is_text' | 'is_video' | 'orig_path' | 'sha256' | 'processing_state' | 'angle' | 'crop' | 'hue'
  | 'brightness' | 'contrast' | 'saturation' | 'straighten' | 'enhance' | 'redeyes' | 'blemishes'
>;

const COVER_SLIDE_COLUMNS = [
  'id', 'video_id', 'is_text', 'is_video', 'orig_path', 'sha256', 'processing_state', 'angle', 'crop', 'hue', 'brightness',
  'contrast', 'saturation', 'straighten', 'enhance', 'redeyes', 'blemishes',
];

/** Which organizations a list covers: one (or none, for a user without one), or every organization. */
export type OrganizationScope = { organizationId: number | null } | 'all';

const COLUMNS = ['id', 'title', 'intro_text', 'subtitle', 'date_in_queue', 'finished', 'viewed', 'organization_id', 'updated_at'];

/** Read models for the videos list and the dashboard's recent videos. */
export function videoListRepository(db: Db) {
  const live = (scope: OrganizationScope) => {
    const query = db('videos').whereNull('deleted_at');
    if (scope === 'all') return query;
    return scope.organizationId === null ? query.whereRaw('false') : query.where({ organization_id: scope.organizationId });
  };
  return {
    /** Every live video in scope, newest project first. */
    async list(scope: OrganizationScope): Promise<VideoListRow[]> {
      return live(scope).select<VideoListRow[]>(COLUMNS).orderBy('id', 'desc');
    },
    /** One page of the most recently started live videos. */
    async recent(scope: OrganizationScope, limit: number, offset: number): Promise<VideoListRow[]> {
      return live(scope).select<VideoListRow[]>(COLUMNS).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).offset(offset);
    },
    async organizationNames(ids: number[]): Promise<OrganizationNameRow[]> {
      if (ids.length === 0) return [];
      return db('organizations').select<OrganizationNameRow[]>('id', 'organization_name').whereIn('id', ids).orderBy('organization_name');
    },
    /**
     * Each video's cover photo: its first live photo slide. One index probe per video (slides_cover_index, LIMIT 1
     * each): reading every slide of the videos and keeping the first of each, as DISTINCT ON did, read all 40,000
     * slides of a 2,000-video list to answer 2,000.
     */
    async coverSlides(videoIds: number[]): Promise<CoverSlideRow[]> {
      if (videoIds.length === 0) return [];
      const first = db('slides')
        .select(COVER_SLIDE_COLUMNS)
        .whereRaw('slides.video_id = wanted.id')
        .whereNull('deleted_at')
        .where({ is_text: false, is_video: false })
        .orderBy([{ column: 'position' }, { column: 'id' }])
        .limit(1);
      const { rows } = await db.raw<{ rows: CoverSlideRow[] }>(`SELECT cover.* FROM unnest(?::int[]) AS wanted(id) CROSS JOIN LATERAL (${first.toQuery()}) AS cover`, [
        [...new Set(videoIds)],
      ]);
      return rows;
    },
  };
}

export type VideoListRepository = ReturnType<typeof videoListRepository>;
