import { rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { editParamsOf, editVersion } from '../media/image-recipe.ts';
import { audioKey, ENGINE_VERSION, segmentKey, webAudioKey, webSegmentHash, webSegmentKey, type RenderPlan } from '../render/compile/render-plan.ts';
import { DVD_AUDIO_BITRATE, dvdAudioHash, dvdAudioKey, dvdPiece } from '../render/compile/dvd-pieces.ts';
import { workImage } from '../render/compile/geometry.ts';
import { PROFILES, WEB, type Profile } from '../render/compile/profiles.ts';
import { segmentArgs, type ImageLayer, type SegmentOutputs, type VisualLayers } from '../render/compile/segment-graph.ts';
import { overlayArt } from '../render/art/overlays.ts';
import { litWhenPlain } from '../render/art/soft-light.ts';
import { OVERLAY } from '../render/plan/look.ts';
import { FPS, type Visual } from '../render/plan/types.ts';
import { CHANGED_WHILE_RENDERING, RenderFailure, slideWords } from '../render/render-error.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { RenderArtRepository } from '../repositories/render-art.repository.ts';
import type { RenderRecordRepository } from '../repositories/render-record.repository.ts';
import type { RenderRepository } from '../repositories/render.repository.ts';
import type { SlideMediaRow } from '../repositories/slide-media.repository.ts';
import { ToolError } from '../repositories/run-tool.ts';
import { machineSceneCache, type SceneCache } from '../repositories/scene-cache.ts';
import { scratchDir } from '../repositories/temp-files.ts';
import { nodeCpu } from '../repositories/cpu-account.ts';
import { mapLimited } from './limiter.ts';

/** Where the pictures and sounds of slides come from: the slides' own files, or the showcase's sample photos. */
export interface VisualSources {
  /** The edited photo (big derived image) of a photo visual. */
  photo(visual: Visual): Promise<string>;
  /** The clip file of a clip visual, with the user's rotation. */
  clip(visual: Visual): Promise<{ file: string; angle: number }>;
  /** The clip file behind a clip's sound. */
  clipSound(slideId: number): Promise<string>;
}

export interface SlideFiles {
  findSlide(id: number): Promise<SlideMediaRow | undefined>;
  ensureDerived(slide: SlideMediaRow, kind: 'big'): Promise<string>;
  videoFile(slide: SlideMediaRow): Promise<string>;
}

/** The slides' own files, as long as each slide is still what the plan was made from. */
export function slideSources(slides: SlideFiles): VisualSources {
  async function current(visual: Visual): Promise<SlideMediaRow> {
    const slide = visual.slideId ? await slides.findSlide(visual.slideId) : undefined;
    if (!slide || slide.deleted_at || editVersion(editParamsOf(slide)) !== visual.version) throw new RenderFailure(CHANGED_WHILE_RENDERING);
    return slide;
  }
  return {
    photo: async (visual) => slides.ensureDerived(await current(visual), 'big'),
    async clip(visual) {
      const slide = await current(visual);
      return { file: await slides.videoFile(slide), angle: slide.angle };
    },
    async clipSound(slideId) {
      const slide = await slides.findSlide(slideId);
      if (!slide || slide.deleted_at) throw new RenderFailure(CHANGED_WHILE_RENDERING);
      return slides.videoFile(slide);
    },
  };
}

export interface SegmentServiceDeps {
  files: MediaFileRepository;
  art: RenderArtRepository;
  ffmpeg: RenderRepository;
  records: RenderRecordRepository;
  sources: VisualSources;
  /** Scenes this machine drew lately (machineSceneCache by default). */
  scenes?: SceneCache;
}

/** Who wants a segment's file while ffmpeg writes it (the preview, to start playing its first fragment). */
export interface SegmentWatch {
  /**
   * Called with the local scratch file ffmpeg is about to write the segment into, only when the segment is made
   * (not when it is in the cache). The file is moved into storage when ffmpeg ends, or removed when it fails.
   */
  writing(file: string): void;
}

/** The size, against the output's, at which a plain background's move is drawn. */
const PLAIN_WORK_SCALE = 0.25;

/** Who rendered a piece, for the admin detail and the benchmark's split of work. */
export const WORKER_ID = `${os.hostname()}:${process.pid}`;

/** How many of a plan's pieces are looked up in storage at once. */
export const LOOKUPS_AT_ONCE = 16;

/** Renders the pieces of a plan (segments and the sound) into the shared cache, each at most once. */
export function renderSegmentService(deps: SegmentServiceDeps) {
  const { files, art, ffmpeg, records } = deps;
  const scenes = deps.scenes ?? machineSceneCache(ENGINE_VERSION);
  /** A file as a scene's identity knows it: a photo edited again has another size or time. */
  const fileIdentity = async (file: string | undefined) =>
    // A file that cannot be read is left for the drawing to report in its own words (the slide's "could not be read").
    file ? { file, ...(await stat(file).then((s) => ({ bytes: s.size, at: s.mtimeMs }), () => ({ missing: true }))) } : null;

  /** Whether a piece is in storage (not empty). */
  const has = async (key: string): Promise<boolean> => Boolean(await files.size(key));
  /** A local copy of a piece for ffmpeg, or null when it is not in storage. */
  async function existing(key: string): Promise<string | null> {
    return (await has(key)) ? files.local(key) : null;
  }
  /**
   * `look` over every key, a few at a time: a join waits for the look-ups of all its pieces, which one after another
   * were a few hundred round trips (to object storage, a request and a download each).
   */
  const lookUp = <T>(keys: string[], look: (key: string) => Promise<T>): Promise<T[]> => mapLimited(keys, LOOKUPS_AT_ONCE, look);
  /** Whether segment `index` of a plan is in the cache whole: an HD segment with its pieces of the web video and the disc. */
  async function cached(plan: RenderPlan, index: number): Promise<boolean> {
    const hash = plan.hashes[index];
    const dvd = dvdPiece(plan, index);
    return (await has(segmentKey(plan.profile, hash))) && (plan.profile !== 'hd' || (await has(webSegmentKey(hash)))) && (!dvd || (await has(dvd.key)));
  }
  /** The cache's names of everything segment `index` makes, to mark them used. */
  const madeBy = (plan: RenderPlan, index: number): string[] => {
    const hash = plan.hashes[index];
    const dvd = dvdPiece(plan, index);
    return [hash, ...(plan.profile === 'hd' ? [webSegmentHash(hash)] : []), ...(dvd ? [dvd.hash] : [])];
  };

  /** A slide's number in the grid, for messages. */
  function slideNumber(plan: RenderPlan, slideId: number | null): number {
    const ids = [...new Set(plan.timeline.segments.map((s) => s.visual.slideId).filter((id): id is number => id !== null))];
    return ids.indexOf(slideId ?? -1) + 1;
  }

  async function overlayFile(overlayId: number, profile: Profile): Promise<{ file: string; travel: { x: number; y: number } } | null> {
    const drawn = overlayArt(overlayId, profile.width, profile.height);
    if (!drawn) return null;
    const key = `render-cache/assets/${ENGINE_VERSION}/overlay-${overlayId}-${profile.width}x${profile.height}.png`;
    if (!(await has(key))) await files.writeVia(key, (tmp) => art.overlay(overlayId, profile.width, profile.height, tmp));
    return { file: await files.local(key), travel: drawn.travel };
  }

  async function layersOf(plan: RenderPlan, visual: Visual, profile: Profile, dir: string, name: string): Promise<VisualLayers> {
    const { width: W, height: H } = profile;
    const theme = async (key: string | null) => (key ? existing(key) : null);
    const images: ImageLayer[] = [];
    let still: VisualLayers['still'] = null;
    let clip: VisualLayers['clip'] = null;
    if (visual.kind === 'clip') {
      const source = await deps.sources.clip(visual);
      const background = visual.background.kind === 'blur' ? 'blur' : visual.background.kind === 'colour' ? { colour: visual.background.colour } : await theme(plan.art.background).then((file) => (file ? { file } : { colour: plan.art.colour }));
      clip = { file: source.file, start: visual.clip?.start ?? 0, angle: source.angle, background };
    } else {
      const sceneArt = visual.kind === 'intro' ? plan.art.introScene ?? plan.art.background : visual.kind === 'outro' ? plan.art.outroScene ?? plan.art.background : plan.art.background;
      const photo = visual.kind === 'photo' ? await deps.sources.photo(visual) : undefined;
      const artFile = (await theme(sceneArt)) ?? undefined;
      // A softly lit plain colour has no detail to lose: its move is drawn small and scaled up, for a fraction of the work.
      const plain = litWhenPlain(visual) && (visual.background.kind === 'colour' || !artFile);
      const work = plain ? workImage(visual, W * PLAIN_WORK_SCALE, H * PLAIN_WORK_SCALE, 1) : workImage(visual, W, H, profile.maxSupersample);
      const file = path.join(dir, `${name}-scene.rgb`);
      const sources = { photo, art: artFile, fallbackColour: plan.art.colour };
      const identity = { visual, work, photo: await fileIdentity(photo), art: await fileIdentity(artFile), fallbackColour: sources.fallbackColour };
      await scenes.scene(identity, file, (out) => art.scene(visual, work, sources, out));
      still = { file, work };
    }
    if (visual.caption) images.push(await art.caption(visual.caption, W, H, path.join(dir, `${name}-caption.png`)));
    const shadow = visual.kind !== 'text' || visual.background.kind !== 'colour';
    const lines = await art.lines(visual.lines, W, H, shadow, path.join(dir, `${name}-lines.png`));
    if (lines) images.push({ ...lines, fadeIn: visual.textFade });
    const overlay = visual.overlayId > 1 ? await overlayFile(visual.overlayId, profile) : null;
    if (overlay) {
      images.push({ file: overlay.file, x: 0, y: 0, dx: (overlay.travel.x * W) / Math.max(1, visual.span), dy: (overlay.travel.y * H) / Math.max(1, visual.span) });
    }
    return { visual, still, clip, images, grain: visual.overlayId === OVERLAY.filmGrain };
  }

  function failure(plan: RenderPlan, visual: Visual, err: unknown): never {
    if (err instanceof RenderFailure) throw err;
    const detail = err instanceof Error ? err.message : String(err);
    if (visual.slideId !== null && (err instanceof ToolError || /Input|unsupported|corrupt|VipsJpeg|pngload|Invalid data/i.test(detail))) {
      throw new RenderFailure(`${slideWords(slideNumber(plan, visual.slideId), visual.kind)} could not be read. Please replace it and finalize again.`, detail, true);
    }
    throw err;
  }

  /**
   * The pictures segment `index` is made from, drawn into `dir`: its visual's and, under a transition, the next
   * one's. `suspect` is the visual to name when ffmpeg fails (it does not say which input it could not decode).
   */
  async function drawLayers(plan: RenderPlan, index: number, dir: string): Promise<{ layers: VisualLayers; next: VisualLayers | null; suspect: Visual }> {
    const profile = PROFILES[plan.profile];
    const segment = plan.timeline.segments[index];
    const layers = await layersOf(plan, segment.visual, profile, dir, 'a').catch((err) => failure(plan, segment.visual, err));
    const incoming = segment.transition?.next;
    const next = incoming ? await layersOf(plan, incoming, profile, dir, 'b').catch((err) => failure(plan, incoming, err)) : null;
    // A clip is the likely one.
    const suspect = incoming?.kind === 'clip' && segment.visual.kind !== 'clip' ? incoming : segment.visual;
    return { layers, next, suspect };
  }

  return {
    /** The pictures of segment `index`, drawn into a folder (the benchmark times the stages with them). */
    layers: drawLayers,

    /** Whether segment `index` of a plan and every piece made with it are in the cache. */
    cached,

    /**
     * The cached file of segment `index`, made now if it is not there yet. Answers its storage key. An HD segment
     * is made with its piece of the web video (webSegmentKey), from the same frames in the same ffmpeg. `watch` is
     * told where the file is written while it is being made.
     */
    async segment(plan: RenderPlan, index: number, watch?: SegmentWatch): Promise<string> {
      const profile = PROFILES[plan.profile];
      const hash = plan.hashes[index];
      const key = segmentKey(plan.profile, hash);
      const web = plan.profile === 'hd' ? { hash: webSegmentHash(hash), key: webSegmentKey(hash) } : null;
      const dvd = dvdPiece(plan, index);
      if (await cached(plan, index)) {
        await records.touchSegments(madeBy(plan, index));
        return key;
      }
      const segment = plan.timeline.segments[index];
      const dir = await scratchDir('segment');
      const started = performance.now();
      try {
        const { layers, next, suspect } = await nodeCpu('scene drawing', () => drawLayers(plan, index, dir));
        // A watched file is flushed at every packet, so each fragment reaches it as soon as the muxer writes it (the
        // same bytes; else ffmpeg's output buffer holds back up to 256 KB, most of a 360p segment).
        const container = watch ? [...profile.container, '-flush_packets', '1'] : profile.container;
        const run = (outputs: SegmentOutputs) => ffmpeg.segment(segmentArgs(segment, layers, next, { ...profile, container }, outputs), segment.frames / FPS);
        // The HD file is renamed into place last: where it is, its web and disc pieces are too.
        const withDvd = (outputs: SegmentOutputs) => (dvd ? files.writeVia(dvd.key, (dvdFile) => run({ ...outputs, dvd: { file: dvdFile, piece: dvd } })) : run(outputs));
        await files
          .writeVia(key, (file) => {
            watch?.writing(file);
            return web ? files.writeVia(web.key, (webFile) => withDvd({ file, web: webFile })) : run({ file });
          })
          .catch((err) => failure(plan, suspect, err));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      const seconds = (performance.now() - started) / 1000;
      if (web) await records.saveSegment({ hash: web.hash, profile: 'hd-web', file_key: web.key, bytes: (await files.size(web.key)) ?? 0, render_seconds: seconds, worker: WORKER_ID });
      if (dvd) await records.saveSegment({ hash: dvd.hash, profile: 'hd-dvd', file_key: dvd.key, bytes: (await files.size(dvd.key)) ?? 0, render_seconds: seconds, worker: WORKER_ID });
      await records.saveSegment({ hash, profile: plan.profile, file_key: key, bytes: (await files.size(key)) ?? 0, render_seconds: seconds, worker: WORKER_ID });
      return key;
    },

    /**
     * Local copies of every segment of a plan, in order, for a join: those in the cache looked up together and
     * marked used in one go, any pruned meanwhile made again here.
     */
    async joinable(plan: RenderPlan): Promise<string[]> {
      const found = await mapLimited(plan.hashes, LOOKUPS_AT_ONCE, async (hash, index) => ((await cached(plan, index)) ? files.local(segmentKey(plan.profile, hash)) : null));
      await records.touchSegments(plan.hashes.flatMap((_, index) => (found[index] ? madeBy(plan, index) : [])));
      const segments: string[] = [];
      for (const [index, file] of found.entries()) segments.push(file ?? (await files.local(await this.segment(plan, index))));
      return segments;
    },

    /**
     * The web video's pieces of an HD plan and its sound, when every piece is in the cache (else null: the web
     * video is made from the HD file); the sound is null when only the HD file's is left.
     */
    async webPieces(plan: RenderPlan): Promise<{ segments: string[]; sound: string | null } | null> {
      const keys = plan.hashes.map((hash) => webSegmentKey(hash));
      if ((await lookUp(keys, has)).includes(false)) return null;
      const sound = await existing(webAudioKey(plan.audioHash));
      await records.touchSegments([...plan.hashes, plan.audioHash].map((hash) => webSegmentHash(hash)));
      return { segments: await lookUp(keys, (key) => files.local(key)), sound };
    },

    /** Absolute paths of the sound's sources: song files and clip files, in plan order. */
    async audioSources(plan: RenderPlan): Promise<{ music: string[]; clips: string[] }> {
      const music: string[] = [];
      for (const piece of plan.timeline.audio.music) music.push(await files.local(piece.file));
      const clips: string[] = [];
      for (const sound of plan.timeline.audio.clips) clips.push(await deps.sources.clipSound(sound.slideId));
      return { music, clips };
    },

    /**
     * The disc's pieces of an NTSC HD plan and its AC-3 sound, local copies in order, when every one is in the cache
     * (else null: the disc is encoded from the HD file).
     */
    async dvdPieces(plan: RenderPlan): Promise<{ segments: string[]; sound: string } | null> {
      const pieces = plan.hashes.map((_, index) => dvdPiece(plan, index));
      const keys = pieces.flatMap((piece) => (piece ? [piece.key] : []));
      const sound = dvdAudioKey(plan.audioHash);
      if (keys.length !== plan.hashes.length || !(await has(sound)) || (await lookUp(keys, has)).includes(false)) return null;
      await records.touchSegments([...pieces.map((piece) => piece!.hash), dvdAudioHash(plan.audioHash)]);
      return { segments: await lookUp(keys, (key) => files.local(key)), sound: await files.local(sound) };
    },

    /**
     * The finished sound of an HD render, made once per sound plan, with the web video's (webAudioKey) and, for a
     * plan that makes the disc's pieces, the disc's AC-3 (dvdAudioKey) beside it.
     */
    async audio(plan: RenderPlan): Promise<string> {
      const key = audioKey(plan.profile, plan.audioHash);
      const dvd = plan.dvd && plan.profile === 'hd' ? dvdAudioKey(plan.audioHash) : null;
      if ((await has(key)) && (!dvd || (await has(dvd)))) {
        await records.touchSegments([plan.audioHash]);
        return key;
      }
      const started = performance.now();
      const sources = await this.audioSources(plan);
      try {
        const bitrate = PROFILES[plan.profile].audioBitrate;
        const web = plan.profile === 'hd' ? webAudioKey(plan.audioHash) : null;
        // The HD sound is renamed into place last: where it is, the web's and the disc's are too.
        await files.writeVia(key, (tmp) =>
          !web
            ? ffmpeg.audio(plan.timeline.audio, sources, bitrate, tmp)
            : files.writeVia(web, (webTmp) => {
              const also = [{ bitrate: WEB.audioBitrate, output: webTmp }];
              if (!dvd) return ffmpeg.audio(plan.timeline.audio, sources, bitrate, tmp, also);
              return files.writeVia(dvd, (dvdTmp) => ffmpeg.audio(plan.timeline.audio, sources, bitrate, tmp, [...also, { bitrate: DVD_AUDIO_BITRATE, output: dvdTmp, codec: 'ac3' }]));
            }),
        );
        if (web) await records.saveSegment({ hash: webSegmentHash(plan.audioHash), profile: 'hd-web-audio', file_key: web, bytes: (await files.size(web)) ?? 0, render_seconds: 0, worker: WORKER_ID });
        if (dvd) await records.saveSegment({ hash: dvdAudioHash(plan.audioHash), profile: 'hd-dvd-audio', file_key: dvd, bytes: (await files.size(dvd)) ?? 0, render_seconds: 0, worker: WORKER_ID });
      } catch (err) {
        if (err instanceof ToolError) throw new RenderFailure('A song or a video clip’s sound could not be read. Please replace it and finalize again.', err.message, true);
        throw err;
      }
      await records.saveSegment({ hash: plan.audioHash, profile: `${plan.profile}-audio`, file_key: key, bytes: (await files.size(key)) ?? 0, render_seconds: (performance.now() - started) / 1000, worker: WORKER_ID });
      return key;
    },
  };
}

export type RenderSegmentService = ReturnType<typeof renderSegmentService>;
