import path from 'node:path';
import { notFound } from '../http/errors.ts';
import { editParamsOf, editVersion, recipeParams, TOOL_KINDS, type ToolKind } from '../media/image-recipe.ts';
import type { ImageRepository } from '../repositories/image.repository.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { SlideMediaRow } from '../repositories/slide-media.repository.ts';
import type { WireToolUrls } from '../wire/slide.ts';
import type { UrlSlide } from './slide-media.service.ts';

/**
 * The slide editor's tool images (spec 2: big_sans_{tool}_url): every edit but the tool's own, so the tool draws
 * its effect live over the rest. Named by the edit version of what they are made from, like every derived image:
 * a change to another tool's edit gives a new URL, a change to the tool's own keeps it.
 */
const toolVersion = (slide: UrlSlide, kind: ToolKind): string => editVersion(recipeParams(editParamsOf(slide), kind));

export const NO_TOOL_URLS: WireToolUrls = Object.fromEntries(TOOL_KINDS.map((k) => [`${k}_url`, null])) as unknown as WireToolUrls;

/** Photos only: clips and text slides have no photo tools. */
export function toolImageUrls(slide: UrlSlide, securityHash?: string): WireToolUrls {
  if (slide.is_text || slide.is_video || slide.processing_state !== 'ready' || !slide.orig_path) return NO_TOOL_URLS;
  const query = securityHash ? `?security_hash=${encodeURIComponent(securityHash)}` : '';
  return Object.fromEntries(
    TOOL_KINDS.map((kind) => [`${kind}_url`, `/r/slides/${slide.id}/image/${kind}-${toolVersion(slide, kind)}.jpg${query}`]),
  ) as unknown as WireToolUrls;
}

export function slideToolImages(files: MediaFileRepository, images: ImageRepository) {
  const inflight = new Map<string, Promise<void>>();
  return {
    /** The storage key of a tool image for the photo's current edits, made now (once) if it is not there yet. */
    async ensure(slide: SlideMediaRow, kind: ToolKind): Promise<string> {
      if (slide.is_text || slide.is_video || slide.processing_state !== 'ready' || !slide.orig_path) throw notFound();
      const key = `videos/${slide.video_id}/slides/${slide.id}/derived/${kind}-${toolVersion(slide, kind)}.jpg`;
      if ((await files.size(key)) === null) {
        let pending = inflight.get(key);
        if (!pending) {
          pending = (async () => {
            await images.renderDerived(slide.orig_path!, slide.mime ?? '', editParamsOf(slide), kind, key);
            // Older versions of this tool image are of no further use.
            await files.removeOthers(path.posix.dirname(key), `${kind}-`, path.posix.basename(key));
          })().finally(() => inflight.delete(key));
          inflight.set(key, pending);
        }
        await pending;
      }
      return key;
    },
  };
}

export type SlideToolImages = ReturnType<typeof slideToolImages>;
