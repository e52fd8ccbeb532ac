import { AppError } from '../http/errors.ts';
import type { Paging } from '../http/paging.ts';
import type { OrganizationRepository } from '../repositories/organization.repository.ts';
import type { AdminVideoRow, VideoAdminRepository } from '../repositories/video-admin.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { VideoState } from '../wire/settings.ts';
import { searchTerms } from './accent-fold.ts';
import { defined, idField, textField } from './settings-fields.ts';

type Body = Record<string, unknown>;

const STATES: readonly VideoState[] = ['active', 'deleted', 'all'];

export const videoStateOf = (value: unknown): VideoState => (STATES.includes(value as VideoState) ? (value as VideoState) : 'active');

/**
 * Videos of every organization for super users. Callers pass a video that deps.access.check already
 * allowed, so this service never decides access itself.
 */
export function settingsVideoService(videos: VideoRepository, admin: VideoAdminRepository, organizations: OrganizationRepository) {
  const reread = async (id: number): Promise<AdminVideoRow> => (await admin.findById(id))!;

  return {
    async list(filter: { q: unknown; organizationId?: number; state: VideoState }, paging: Paging) {
      return admin.list({
        organizationId: filter.organizationId,
        state: filter.state,
        terms: searchTerms(filter.q),
        offset: paging.offset,
        limit: paging.perPage,
      });
    },

    async get(video: VideoRow): Promise<AdminVideoRow> {
      return reread(video.id);
    },

    async update(video: VideoRow, body: Body): Promise<AdminVideoRow> {
      const values: Partial<VideoRow> = defined({
        title: textField(body, 'title', 'title', { required: 'title' in body }),
        subtitle: textField(body, 'subtitle', 'subtitle'),
        intro_text: textField(body, 'intro_text', 'introductory text'),
      });
      const organizationId = idField(body, 'organization_id', 'organization', { required: 'organization_id' in body });
      if (organizationId && organizationId !== video.organization_id) {
        if (!(await organizations.findById(organizationId))) throw new AppError(400, 'Please choose a valid organization.');
        values.organization_id = organizationId;
        // A brand belongs to the old organization and would show another home's name on this video.
        values.brand_id = null;
      }
      if (Object.keys(values).length) await videos.update(video.id, values);
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
