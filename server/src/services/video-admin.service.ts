import { randomUUID } from 'node:crypto';
import { overrideRefusal } from '../../../common/length-override.ts';
import { AppError } from '../http/errors.ts';
import type { Queue } from '../jobs/queue.ts';
import type { ActivityEntry, ActivityLogRepository } from '../repositories/activity-log.repository.ts';
import type { PostbackRepository } from '../repositories/postback.repository.ts';
import type { SilkRepository } from '../repositories/silk.repository.ts';
import type { UserRepository } from '../repositories/user.repository.ts';
import type { VideoDebugRepository } from '../repositories/video-debug.repository.ts';
import type { VideoFilesRepository } from '../repositories/video-files.repository.ts';
import type { VideoRepository } from '../repositories/video.repository.ts';
import type { WireJobEnqueued, WireOverrideToggled, WireSilksNotified, WireVideoDebug, WireVideoResource, WireVideoResources } from '../wire/video-admin.ts';
import type { MailService } from './mail.service.ts';
import { isWebAddress } from './postback.service.ts';
import type { VideoAccess } from './video-access.ts';

export interface VideoAdminDeps {
  videos: VideoRepository;
  users: Pick<UserRepository, 'findById'>;
  activity: Pick<ActivityLogRepository, 'record'>;
  mail: Pick<MailService, 'send'>;
  send: Queue['send'] | undefined;
  postbacks: PostbackRepository;
  silks: SilkRepository;
  files: VideoFilesRepository;
  debug: VideoDebugRepository;
  publicUrl: string;
}

/** Who asked, from where: every admin action goes to the activity log (the details table's Recent Activity). */
export type ActionMeta = Pick<ActivityEntry, 'ip' | 'userAgent'>;

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** The address of one stored file of the video (super users only, GET /r/videos/{id}/resources/file). */
export const resourceUrl = (videoId: number, key: string): string => `/r/videos/${videoId}/resources/file?key=${encodeURIComponent(key)}`;

/** What a stored file is, from where it lives under videos/{id}/ (the folders the services write). */
export function describeResource(relative: string, renderKinds: Map<number, string>): string {
  const [folder, id, ...rest] = relative.split('/');
  const inner = rest.join('/');
  if (folder === 'slides' && id) return `Slide ${id}: ${rest[0] === 'derived' ? 'derived image' : 'original'}`;
  if (folder === 'songs' && id) return `Song ${id}`;
  if (folder === 'renders' && id) {
    const kind = renderKinds.get(Number(id));
    const name = kind ? `${kind === 'hd' ? 'HD' : kind === 'dvd' ? 'DVD' : kind[0].toUpperCase() + kind.slice(1)} render ${id}` : `Render ${id}`;
    return inner.includes('/') ? `${name} (work file)` : name;
  }
  return id ? folder[0].toUpperCase() + folder.slice(1) : 'Video file';
}

/** The super users' maintenance tools of the details page (spec 3 section 6); access is checked by the routes. */
export function videoAdminService(deps: VideoAdminDeps) {
  const log = (access: VideoAccess, meta: ActionMeta, action: string) =>
    deps.activity.record({ action, userId: access.user?.id ?? null, videoId: access.video.id, ip: meta.ip, userAgent: meta.userAgent });

  return {
    async remove(access: VideoAccess, meta: ActionMeta): Promise<{ success: true }> {
      await deps.videos.softDelete(access.video.id);
      await log(access, meta, 'Deleted the video');
      return { success: true };
    },

    async restore(access: VideoAccess, meta: ActionMeta): Promise<{ success: true }> {
      await deps.videos.undelete(access.video.id);
      await log(access, meta, 'Restored the video');
      return { success: true };
    },

    /** Turns the override on or off, where the switch is offered at all (common/length-override.ts). */
    async toggleOverride(access: VideoAccess, meta: ActionMeta): Promise<WireOverrideToggled> {
      const { video } = access;
      const [extras, admin] = await Promise.all([deps.videos.readExtras(video), deps.videos.readAdminExtras(video)]);
      const override = Boolean(video.override_length_limit);
      const refusal = overrideRefusal({
        durationSeconds: video.video_duration,
        limitMinutes: extras.organization?.video_length_limit ?? 30,
        maxOverrideMinutes: admin.maxOverrideLength,
        override,
      });
      if (refusal) return { success: false, checked: override, errors: [refusal] };
      await deps.videos.update(video.id, { override_length_limit: !override });
      await log(access, meta, override ? 'Turned the length override off' : 'Turned the length override on');
      return { success: true, checked: !override, errors: [] };
    },

    /** Mails the video's owner that it is ready (through the outbox, so it is kept when mail is down). */
    async notifyOwner(access: VideoAccess, meta: ActionMeta): Promise<WireJobEnqueued> {
      const { video } = access;
      if (!video.finished) throw new AppError(409, 'The video is not finished yet: there is nothing to tell its owner.');
      const owner = video.user_id ? await deps.users.findById(video.user_id) : undefined;
      if (!owner?.email) throw new AppError(409, 'The video has no owner with an email address.');
      const base = deps.publicUrl.replace(/\/$/, '');
      await deps.mail.send({
        to: owner.email,
        subject: `The video for ${video.title} is complete!`,
        body: [
          `Hello ${owner.name || owner.email},`,
          '',
          `The video for ${video.title} is complete. You can watch it, download it and order copies here:`,
          `${base}/videos/${video.id}/details`,
        ].join('\n'),
      });
      await log(access, meta, 'Resubmitted: Notify User');
      return { success: true, message: `Mailed ${owner.email}.` };
    },

    /** Queues a delivery of the video's JSON to its postback_url; the job retries with backoff and logs each try. */
    async enqueuePostback(access: VideoAccess, meta: ActionMeta): Promise<WireJobEnqueued> {
      const url = (access.video.postback_url as string | null) ?? '';
      if (!url) throw new AppError(409, 'The video has no postback URL.');
      if (!isWebAddress(url)) throw new AppError(409, `The postback URL is not a web address: ${url}`);
      if (!deps.send) throw new AppError(503, 'This server has no job queue.');
      await deps.send('videos.postback', { videoId: access.video.id, deliveryId: randomUUID() });
      await log(access, meta, 'Resubmitted: Video Postback');
      return { success: true, message: `Queued a postback to ${url}.` };
    },

    async notifySilks(access: VideoAccess, meta: ActionMeta): Promise<WireSilksNotified> {
      const notified = await deps.silks.requestDelivery(access.video.id, new Date());
      if (notified) await log(access, meta, `Notified ${notified} direct delivery device${notified === 1 ? '' : 's'}`);
      return { success: true, notified };
    },

    async resources({ video }: VideoAccess): Promise<WireVideoResources> {
      const [stored, renders] = await Promise.all([deps.files.list(`videos/${video.id}`), deps.debug.renders(video.id, 1000)]);
      const kinds = new Map(renders.map((r) => [r.id, r.kind]));
      const prefix = `videos/${video.id}/`;
      const files: WireVideoResource[] = stored.map((file) => ({
        key: file.key,
        kind: describeResource(file.key.slice(prefix.length), kinds),
        bytes: file.bytes,
        modified_at: file.modifiedAt.toISOString(),
        url: resourceUrl(video.id, file.key),
      }));
      return { video_id: video.id, title: video.title, total_bytes: files.reduce((sum, f) => sum + f.bytes, 0), files };
    },

    async debug({ video }: VideoAccess): Promise<WireVideoDebug> {
      const renders = await deps.debug.renders(video.id);
      const ids = renders.map((r) => r.id);
      const [tasks, jobs, attempts] = await Promise.all([deps.debug.tasks(ids), deps.debug.jobs(video.id, ids), deps.postbacks.forVideo(video.id)]);
      const latestHd = renders.find((r) => r.kind === 'hd');
      return {
        video_id: video.id,
        plan: latestHd?.plan ?? null,
        renders: renders.map((r) => ({
          id: r.id,
          kind: r.kind,
          hash: r.hash,
          status: r.status,
          progress: r.progress,
          message: r.message,
          error: r.error,
          file_key: r.file_key,
          bytes: r.bytes === null ? null : Number(r.bytes),
          duration: r.duration,
          created_at: new Date(r.created_at).toISOString(),
          finished_at: iso(r.finished_at),
          tasks: tasks
            .filter((t) => t.render_id === r.id)
            .map((t) => ({ task: t.task, state: t.state, attempts: t.attempts, worker: t.worker, error: t.error })),
        })),
        jobs: jobs.map((j) => ({
          id: j.id,
          name: j.name,
          state: j.state,
          data: j.data,
          retry_count: j.retry_count,
          created_on: new Date(j.created_on).toISOString(),
          started_on: iso(j.started_on),
          completed_on: iso(j.completed_on),
          output: j.output,
        })),
        postback_attempts: attempts.map((a) => ({
          attempt: a.attempt,
          url: a.url,
          status_code: a.status_code,
          error: a.error,
          duration_ms: a.duration_ms,
          created_at: new Date(a.created_at).toISOString(),
        })),
      };
    },
  };
}

export type VideoAdminService = ReturnType<typeof videoAdminService>;
