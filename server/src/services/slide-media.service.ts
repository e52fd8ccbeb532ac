import { createHash } from 'node:crypto';
import path from 'node:path';
import type { GeometryEdits } from '../../../common/photo-geometry.ts';
import { notFound } from '../http/errors.ts';
import { facesOnEditedPhoto, type PhotoFace, type StoredFace } from '../media/face-geometry.ts';
import { editParamsOf, editVersion, type DerivedKind } from '../media/image-recipe.ts';
import { MAX_MEGAPIXELS, MAX_PIXELS, maxBytesFor } from '../media/limits.ts';
import { MediaError, type MediaProblem } from '../media/media-error.ts';
import { SNIFF_BYTES, sniffMedia } from '../media/media-types.ts';
import type { FfmpegRepository } from '../repositories/ffmpeg.repository.ts';
import type { FfprobeRepository, VideoProbe } from '../repositories/ffprobe.repository.ts';
import type { DerivedSetRepository } from '../repositories/derived-set.repository.ts';
import type { ImageRepository } from '../repositories/image.repository.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { ProcessedMedia, SlideMediaRepository, SlideMediaRow } from '../repositories/slide-media.repository.ts';
import { NO_URLS, type SlideUrls } from '../wire/slide.wire.ts';

/** What the user reads when a file cannot become a slide: plain words, nothing technical. */
export const MEDIA_MESSAGES: Record<MediaProblem, string> = {
  unreadable: 'This file is not a photo or video we can read.',
  damaged: 'This file is damaged or incomplete. Please upload it again.',
  too_large: `This photo is too large. The largest we accept is ${MAX_MEGAPIXELS} megapixels.`,
};

export const tooManyPixelsMessage = (width: number, height: number): string =>
  `This photo is too large (${width} x ${height} pixels). The largest we accept is ${MAX_MEGAPIXELS} megapixels.`;

function sizeText(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Number((bytes / 1024 ** 2).toFixed(1))} MB`;
}

export const tooManyBytesMessage = (kind: 'image' | 'video', bytes: number): string =>
  `This ${kind === 'image' ? 'photo' : 'video'} is too large (${sizeText(bytes)}). ` +
  `The largest we accept is ${sizeText(maxBytesFor(kind))}.`;

/** A refusal whose message is already written for the user. */
class Refused extends Error {}

/**
 * Made while processing, so the grid and the render have them at once; the rest are made when asked for. The
 * grid's images come first, from one decode, and the slide is announced ready with them; the big image follows
 * as a job of its own that waits behind every photo still without a thumbnail (it is also made on demand if it
 * is asked for sooner).
 */
export const FIRST_KINDS: DerivedKind[] = ['thumb', 'square'];
export const LATER_KINDS: DerivedKind[] = ['big'];

/** The slide fields URLs depend on; a full slide row fits. */
export type UrlSlide = Pick<
  SlideMediaRow,
  | 'id' | 'is_text' | 'is_video' | 'orig_path' | 'sha256' | 'processing_state' | 'angle' | 'crop' | 'hue' | 'brightness'
  | 'contrast' | 'saturation' | 'straighten' | 'enhance' | 'redeyes' | 'blemishes'
>;

const currentVersion = (slide: UrlSlide): string => editVersion(editParamsOf(slide));

/**
 * Image URLs name the edit version, so they can be cached for ever and change whenever the pixels would.
 * Null for text slides and for slides still uploading, processing or refused.
 */
export function slideUrls(slide: UrlSlide, securityHash?: string): SlideUrls {
  if (slide.is_text || slide.processing_state !== 'ready' || !slide.orig_path) return NO_URLS;
  const version = currentVersion(slide);
  const query = securityHash ? `?security_hash=${encodeURIComponent(securityHash)}` : '';
  const image = (kind: DerivedKind) => `/r/slides/${slide.id}/image/${kind}-${version}.jpg${query}`;
  return {
    thumb_url: image('thumb'),
    square_url: image('square'),
    big_url: image('big'),
    huge_url: image('huge'),
    // The cover is always a photo.
    cover_thumb_url: slide.is_video ? null : image('cover_thumb'),
    cover_big_url: slide.is_video ? null : image('cover_big'),
    video_url: slide.is_video ? `/r/slides/${slide.id}/video.mp4${query}` : null,
  };
}

/** Browsers play H.264 4:2:0 with AAC (or silence) in MP4/MOV as it is; anything else gets a proxy. */
export function isBrowserPlayable(probe: VideoProbe, mime: string): boolean {
  const container = mime === 'video/mp4' || mime === 'video/x-m4v' || mime === 'video/quicktime';
  const video =
    probe.videoCodec === 'h264' &&
    (probe.pixelFormat === 'yuv420p' || probe.pixelFormat === 'yuvj420p') &&
    !/high 10|4:2:2|4:4:4/i.test(probe.videoProfile ?? '');
  const audio = probe.audioCodec === null || probe.audioCodec === 'aac';
  return container && video && audio;
}

/** The poster is taken a little way in (the first frame is often black), but never past the middle. */
export const posterTime = (durationSeconds: number): number => Math.min(1, durationSeconds / 2);

export interface SlideMediaDeps {
  slides: SlideMediaRepository;
  files: MediaFileRepository;
  images: ImageRepository;
  /** Several derived images from one decode. */
  sets: DerivedSetRepository;
  probe: FfprobeRepository;
  ffmpeg: FfmpegRepository;
  /** Tells the video's editors that its slides changed. */
  notify: (videoId: number) => Promise<void> | void;
  /** Queues the LATER_KINDS of a slide just announced ready; without it processSlide makes them before it returns. */
  later?: (slideId: number) => Promise<unknown>;
  /** Faces the rotation analysis found on a slide (slide-faces.repository.ts): the cover crop keeps them in. */
  faces?: (slideId: number) => Promise<{ faces: StoredFace[]; analysed: GeometryEdits } | null>;
}

export function slideMediaService(deps: SlideMediaDeps) {
  const { slides, files, images, sets, probe, ffmpeg } = deps;
  const inflight = new Map<string, Promise<void>>();

  const folderOf = (slide: SlideMediaRow): string => `videos/${slide.video_id}/slides/${slide.id}/derived`;
  /** Posters and proxies depend on the original only; a replaced original gets new ones. */
  const sourceTag = (slide: SlideMediaRow): string =>
    createHash('sha256').update(slide.sha256 || slide.orig_path || '').digest('hex').slice(0, 12);
  const posterKey = (slide: SlideMediaRow): string => `${folderOf(slide)}/poster-${sourceTag(slide)}.jpg`;
  const proxyKey = (slide: SlideMediaRow): string => `${folderOf(slide)}/proxy-${sourceTag(slide)}.mp4`;

  /** Makes a file once per process even when several requests ask for it together; then drops older versions. */
  async function once(key: string, prefix: string, make: () => Promise<void>): Promise<void> {
    if ((await files.size(key)) !== null) return;
    let pending = inflight.get(key);
    if (!pending) {
      pending = (async () => {
        await make();
        await files.removeOthers(path.posix.dirname(key), prefix, path.posix.basename(key));
      })().finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    await pending;
  }

  async function ensurePoster(slide: SlideMediaRow): Promise<string> {
    const key = posterKey(slide);
    await once(key, 'poster-', () => ffmpeg.posterFrame(slide.orig_path!, posterTime(slide.clip_duration ?? 0), key));
    return key;
  }

  const keyOf = (slide: SlideMediaRow, kind: DerivedKind): string => `${folderOf(slide)}/${kind}-${currentVersion(slide)}.jpg`;

  /** The faces a cover keeps inside its crop, on the photo as edited now (none for other kinds). */
  async function coverFaces(slide: SlideMediaRow, kind: DerivedKind): Promise<PhotoFace[]> {
    if ((kind !== 'cover_thumb' && kind !== 'cover_big') || slide.is_video || !deps.faces || !slide.width || !slide.height) return [];
    const found = await deps.faces(slide.id);
    return found ? facesOnEditedPhoto(found.faces, found.analysed, slide, { width: slide.width, height: slide.height }) : [];
  }

  async function generate(slide: SlideMediaRow, kind: DerivedKind): Promise<string> {
    const faces = await coverFaces(slide, kind);
    // A face-aware cover is named by its faces too: faces found after a centred cover was made give a new file.
    const tag = faces.length ? `-f${createHash('sha256').update(JSON.stringify(faces)).digest('hex').slice(0, 8)}` : '';
    const key = keyOf(slide, kind).replace(/\.jpg$/, `${tag}.jpg`);
    const params = { ...editParamsOf(slide), ...(faces.length ? { coverFaces: faces } : {}) };
    await once(key, `${kind}-`, async () => {
      if (slide.is_video) await images.renderDerived(await ensurePoster(slide), 'image/jpeg', params, kind, key);
      else await images.renderDerived(slide.orig_path!, slide.mime ?? '', params, kind, key);
    });
    return key;
  }

  /**
   * The kinds that are missing, made together from one decode (see derived-set.repository.ts); a kind another
   * request is already making is waited for, not made twice.
   */
  async function generateSet(slide: SlideMediaRow, kinds: DerivedKind[]): Promise<void> {
    const waits: Promise<void>[] = [];
    const missing: { kind: DerivedKind; key: string }[] = [];
    for (const kind of kinds) {
      const key = keyOf(slide, kind);
      const pending = inflight.get(key);
      if (pending) waits.push(pending);
      else if ((await files.size(key)) === null) missing.push({ kind, key });
    }
    if (missing.length) {
      const made = (async () => {
        const source = slide.is_video ? await ensurePoster(slide) : slide.orig_path!;
        await sets.render(source, slide.is_video ? 'image/jpeg' : slide.mime ?? '', editParamsOf(slide), missing);
        for (const { kind, key } of missing) await files.removeOthers(path.posix.dirname(key), `${kind}-`, path.posix.basename(key));
      })();
      for (const { key } of missing) {
        const settled = made.finally(() => inflight.delete(key));
        inflight.set(key, settled);
        waits.push(settled);
      }
    }
    await Promise.all(waits);
  }

  async function prepareImage(slide: SlideMediaRow, bytes: number): Promise<ProcessedMedia> {
    const info = await images.readInfo(slide.orig_path!, slide.mime!);
    if (info.width * info.height > MAX_PIXELS) throw new Refused(tooManyPixelsMessage(info.width, info.height));
    await generateSet(slide, FIRST_KINDS);
    return {
      mime: slide.mime!, sha256: slide.sha256!, width: info.width, height: info.height, bytes, datetime: info.takenAt,
      isVideo: false, clipDuration: null,
    };
  }

  async function prepareClip(slide: SlideMediaRow, bytes: number): Promise<ProcessedMedia> {
    const facts = await probe.probe(slide.orig_path!);
    const duration = Math.round(facts.durationSeconds * 1000) / 1000;
    const clip = { ...slide, clip_duration: duration };
    if (!isBrowserPlayable(facts, slide.mime!)) {
      const key = proxyKey(clip);
      await once(key, 'proxy-', () => ffmpeg.proxy(clip.orig_path!, key));
    }
    await generateSet(clip, FIRST_KINDS);
    return {
      mime: slide.mime!, sha256: slide.sha256!, width: facts.width, height: facts.height, bytes, datetime: facts.createdAt,
      isVideo: true, clipDuration: duration,
    };
  }

  /** Decides from the bytes what the upload is and refuses it early, before anything large is decoded. */
  async function prepare(slide: SlideMediaRow): Promise<ProcessedMedia> {
    const key = slide.orig_path!;
    const bytes = await files.size(key);
    if (bytes === null) throw new Refused(MEDIA_MESSAGES.damaged);
    const sniffed = sniffMedia(await files.read(key, 0, SNIFF_BYTES));
    if (!sniffed) throw new Refused(MEDIA_MESSAGES.unreadable);
    if (bytes > maxBytesFor(sniffed.kind)) throw new Refused(tooManyBytesMessage(sniffed.kind, bytes));
    const known: SlideMediaRow = {
      ...slide,
      mime: sniffed.mime,
      sha256: slide.sha256 ?? (await files.sha256(key)),
      is_video: sniffed.kind === 'video',
    };
    return sniffed.kind === 'image' ? prepareImage(known, bytes) : prepareClip(known, bytes);
  }

  async function notify(videoId: number): Promise<void> {
    try {
      await deps.notify(videoId);
    } catch (err) {
      console.error(`[slides] could not notify video ${videoId}:`, err);
    }
  }

  /**
   * The LATER_KINDS of a ready slide, for its current edits. Nothing is announced: the slide's URLs did not
   * change, and a request that came first has made the image already.
   */
  async function prepareLater(slideId: number): Promise<void> {
    const slide = await slides.findById(slideId);
    if (!slide || slide.is_text || !slide.orig_path || slide.processing_state !== 'ready' || slide.deleted_at) return;
    try {
      await generateSet(slide, LATER_KINDS);
    } catch (err) {
      // The grid's images were made from the same bytes; an image that still fails is refused when it is asked for.
      if (err instanceof MediaError) console.error(`[slides] slide ${slideId}: ${err.message}`);
      else throw err;
    }
  }

  function servable(slide: SlideMediaRow | undefined): SlideMediaRow {
    if (!slide || slide.is_text || slide.processing_state !== 'ready' || !slide.orig_path) throw notFound();
    return slide;
  }

  /** The storage key of the clip as browsers can play it: the proxy when one was needed, else the original. */
  async function videoKey(slide: SlideMediaRow): Promise<string> {
    const clip = servable(slide);
    if (!clip.is_video) throw notFound();
    const proxy = proxyKey(clip);
    return (await files.size(proxy)) !== null ? proxy : clip.orig_path!;
  }

  return {
    findSlide: (id: number): Promise<SlideMediaRow | undefined> => slides.findById(id),

    /**
     * Turns an uploaded original into a ready slide, or refuses it for good (failed, with a message, and
     * deleted). Safe to run again: a slide that is no longer pending is left alone, and every file it makes
     * appears whole under a name given by what it is made from.
     */
    async processSlide(slideId: number): Promise<void> {
      const slide = await slides.findById(slideId);
      if (!slide || slide.is_text || !slide.orig_path || slide.processing_state !== 'pending') return;
      let ready = false;
      try {
        await slides.markReady(slide.id, await prepare(slide));
        ready = true;
      } catch (err) {
        if (err instanceof Refused) await slides.markFailed(slide.id, err.message);
        else if (err instanceof MediaError) await slides.markFailed(slide.id, MEDIA_MESSAGES[err.problem]);
        else throw err;
      }
      await notify(slide.video_id);
      if (!ready) return;
      if (deps.later) await deps.later(slide.id);
      else await prepareLater(slide.id);
    },

    prepareLater,

    /** The storage key of a derived image for the slide's current edits, made now if it is not there yet. */
    derivedKey: (slide: SlideMediaRow, kind: DerivedKind): Promise<string> => generate(servable(slide), kind),

    /** A local file of a derived image for the slide's current edits (for tools), made now if it is not there yet. */
    async ensureDerived(slide: SlideMediaRow, kind: DerivedKind): Promise<string> {
      return files.local(await generate(servable(slide), kind));
    },

    videoKey,

    /** A local file of the clip as browsers can play it, for tools. */
    async videoFile(slide: SlideMediaRow): Promise<string> {
      return files.local(await videoKey(slide));
    },

    slideUrls,
  };
}

export type SlideMediaService = ReturnType<typeof slideMediaService>;
