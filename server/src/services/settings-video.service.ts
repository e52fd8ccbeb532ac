import { readFields, refuseProblems, type AdminField } from '../admin/fields.ts';
import type { Paging } from '../http/paging.ts';
import type { OrganizationRepository } from '../repositories/organization.repository.ts';
import type { AdminVideoRow, VideoAdminRepository } from '../repositories/video-admin.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { VideoState } from '../wire/settings.ts';
import { searchTerms } from './accent-fold.ts';

type Body = Record<string, unknown>;

/** What the Videos settings page corrects; an emptied subtitle or introduction is stored as ''. */
const VIDEO_FIELDS: readonly AdminField[] = [
  { column: 'title', label: 'title', kind: 'text', required: true },
  { column: 'subtitle', label: 'subtitle', kind: 'text', blank: '' },
  { column: 'intro_text', label: 'introductory text', kind: 'text', blank: '' },
  { column: 'organization_id', label: 'organization', kind: 'reference', required: true },
];

const STATES: readonly VideoState[] = ['active', 'deleted', 'all'];

export const videoStateOf = (value: unknown): VideoState => (STATES.includes(value as VideoState) ? (value as VideoState) : 'active');

/**
 * Videos of every organization for super users. Callers pass a video that deps.access.check already
 * allowed, so this service never decides access itself.
 */
export function settingsVideoService(videos: VideoRepository, admin: VideoAdminRepository, organizations: OrganizationRepository) {
  const reread = async (id: number): Promise<AdminVideoRow> => (await admin.findById(id))!;

  return {
    async list(filter: { q: unknown; organizationId?: number; userId?: number; state: VideoState }, paging: Paging) {
      return admin.list({
        organizationId: filter.organizationId,
        userId: filter.userId,
        state: filter.state,
        terms: searchTerms(filter.q),
        offset: paging.offset,
        limit: paging.perPage,
      });
    },

    async get(video: VideoRow): Promise<AdminVideoRow> {
      return reread(video.id);
    },

    /** Changes the fields the body sends; every field's problem is answered at once. */
    async update(video: VideoRow, body: Body): Promise<AdminVideoRow> {
      const { values, problems } = readFields(VIDEO_FIELDS, body, false);
      const changes = values as Partial<VideoRow>;
      const organizationId = changes.organization_id;
      if (organizationId && !problems.organization_id && !(await organizations.findById(organizationId))) problems.organization_id = 'Please choose a valid organization.';
      refuseProblems(problems);
      if (organizationId === video.organization_id) delete changes.organization_id;
      // A brand belongs to the old organization and would show another home's name on this video.
      else if (organizationId) changes.brand_id = null;
      if (Object.keys(changes).length) await videos.update(video.id, changes);
      return reread(video.id);
    },

    async remove(video: VideoRow): Promise<AdminVideoRow> {
      await videos.softDelete(video.id);
      return reread(video.id);
    },

    async restore(video: VideoRow): Promise<AdminVideoRow> {
      await videos.undelete(video.id);
      return reread(video.id);
    },
  };
}

export type SettingsVideoService = ReturnType<typeof settingsVideoService>;
