import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { SAMPLE_COUNT, sampleScene } from '../media/sample-photos.ts';
import { renderSvgToJpeg } from '../repositories/image.repository.ts';
import type { SlideRepository, SlideRow } from '../repositories/slide.repository.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import type { WireSlide } from '../wire/slide.ts';
import { CAPTION_FONT } from './slide-attributes.ts';
import type { Caller, SlideService } from './slide.service.ts';

export interface SampleSlidesDeps {
  db: Db;
  slides: SlideRepository;
  storage: StorageRepository;
  media: { processSlide(slideId: number): Promise<void> };
  toWire: Pick<SlideService, 'list'>;
}

/**
 * Insert Samples: generated landscape photos so a new user can try the workspace. Offered when the organization's
 * sample flag is on and the video has no slides; super users may add them any time.
 */
export function sampleSlidesService(deps: SampleSlidesDeps) {
  return {
    async add(caller: Caller): Promise<WireSlide[]> {
      const { video, user } = caller.access;
      const isSuper = user?.role === 'super';
      if (!isSuper) {
        const org = video.organization_id ? await deps.db('organizations').where({ id: video.organization_id }).first('sample_button') : undefined;
        const existing = await deps.slides.listActive(video.id);
        if (!org?.sample_button || existing.length > 0 || caller.access.linkLevel !== undefined) {
          throw new AppError(403, 'Sample photos can only be added to a video with no slides.');
        }
      }
      const added: SlideRow[] = [];
      for (let i = 0; i < SAMPLE_COUNT; i++) {
        const scene = sampleScene(i + Math.floor(Math.random() * 1000) * SAMPLE_COUNT);
        const jpeg = await renderSvgToJpeg(scene.svg);
        const row = await deps.slides.insert({
          video_id: video.id,
          position: await deps.slides.nextPosition(video.id),
          orig_filename: `${scene.name}.jpg`,
          font: CAPTION_FONT,
          processing_state: 'pending',
        });
        const key = `videos/${video.id}/slides/${row.id}/original.jpg`;
        await deps.storage.write(key, jpeg);
        await deps.slides.update(row.id, { orig_path: key, mime: 'image/jpeg', bytes: jpeg.length });
        // Made here rather than queued: six small photos take well under a second and appear at once.
        await deps.media.processSlide(row.id);
        added.push(row);
      }
      const ids = new Set(added.map((r) => r.id));
      return (await deps.toWire.list(caller)).filter((s) => ids.has(s.id));
    },
  };
}
