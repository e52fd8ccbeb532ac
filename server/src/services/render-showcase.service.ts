import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { cacheFolder } from '../cache/cache-dir.ts';
import type { Db } from '../db/database.ts';
import { sampleScene } from '../media/sample-photos.ts';
import { renderSvgToJpeg } from '../repositories/image.repository.ts';
import { SHOWCASE } from '../render/compile/profiles.ts';
import { ENGINE_VERSION, renderPlan, type RenderPlan } from '../render/compile/render-plan.ts';
import { buildTimeline } from '../render/plan/timeline.ts';
import { FPS, type PlanInput, type Visual } from '../render/plan/types.ts';
import { lookShowcase, SAMPLE_PHOTOS, themeShowcase, type ShowcaseType } from '../render/showcase.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { RenderArtRepository } from '../repositories/render-art.repository.ts';
import type { RenderRecordRepository } from '../repositories/render-record.repository.ts';
import type { RenderRepository } from '../repositories/render.repository.ts';
import { renderSegmentService } from './render-segment.service.ts';
import type { RenderThemeService } from './render-theme.service.ts';
import { CUSTOM_THEME_BASE_ID } from '../../../common/custom-theme.ts';
import { themeFolder } from '../themes/theme-assets.service.ts';

export interface ShowcaseDeps {
  db: Db;
  files: MediaFileRepository;
  records: RenderRecordRepository;
  art: RenderArtRepository;
  ffmpeg: RenderRepository;
  themes: RenderThemeService;
  /** Rendered clips are kept here across installations and data resets, keyed by the engine version. */
  cacheDir?: string;
}

export const showcaseCacheDir = (): string => cacheFolder(`showcase-${ENGINE_VERSION}`);

const exists = (file: string): Promise<boolean> => stat(file).then((s) => s.size > 0, () => false);

/** One clip of the pickers: whether it is in place for the current engine, and how to make it (false: it already was). */
export interface ShowcaseClip {
  key: string;
  ready(): Promise<boolean>;
  make(): Promise<boolean>;
}

/** The URLs the slide workspace shows for a look modifier (spec 2: poster_url, preview_url). */
export const lookUrls = (type: string, id: number, hash: string) => ({
  poster_url: `/r/looks/${type}-${id}/poster.jpg?v=${hash.slice(0, 12)}`,
  preview_url: `/r/looks/${type}-${id}/preview.mp4?v=${hash.slice(0, 12)}`,
});

/** A transition's poster catches it halfway; any other look shows its middle. */
function posterTime(plan: RenderPlan): number {
  const first = plan.timeline.segments.find((s) => s.transition);
  if (!first?.transition) return plan.timeline.duration / 2;
  return (first.start + first.frames - first.transition.frames / 2) / FPS;
}

/**
 * Renders the pickers' clips with the engine itself: each theme's preview (themes/{id}/preview.mp4) and each
 * look modifier's poster and preview (looks/{type}-{id}/). A clip whose plan is unchanged is not made again:
 * storage keeps a note of the plan's hash beside it, and ~/.cache/tribute keeps the files for the next install.
 */
export function renderShowcaseService(deps: ShowcaseDeps) {
  const { files, db } = deps;
  const cacheDir = deps.cacheDir ?? showcaseCacheDir();

  // One drawing per sample file in this process; the file appears whole or not at all (written beside it, then
  // renamed), because segments made in parallel read it while it is being drawn, and libvips maps what it reads:
  // a file rewritten in place under a reader killed the server with SIGBUS.
  const drawing = new Map<string, Promise<string>>();
  function samplePhoto(visual: Visual): Promise<string> {
    const sample = SAMPLE_PHOTOS.find((p) => p.id === visual.slideId);
    if (!sample) return Promise.reject(new Error(`No sample photo ${visual.slideId}`));
    const file = path.join(cacheDir, 'samples', `sample-${sample.scene}-${sample.width}x${sample.height}.jpg`);
    let made = drawing.get(file);
    if (!made) {
      made = (async () => {
        if (await exists(file)) return file;
        await mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
        await writeFile(tmp, await renderSvgToJpeg(sampleScene(sample.scene, sample.width, sample.height).svg, 90));
        await rename(tmp, file);
        return file;
      })();
      drawing.set(file, made);
      made.catch(() => drawing.delete(file));
    }
    return made;
  }

  const pieces = renderSegmentService({
    files,
    art: deps.art,
    ffmpeg: deps.ffmpeg,
    records: deps.records,
    sources: {
      photo: samplePhoto,
      clip: () => Promise.reject(new Error('The showcase has no clips')),
      clipSound: () => Promise.reject(new Error('The showcase has no clips')),
    },
  });

  /** Whether `folder` holds the clip of this plan (storage keeps a note of the plan's hash beside it). */
  async function isCurrent(plan: RenderPlan, folder: string): Promise<boolean> {
    const noteKey = `${folder}/preview.hash`;
    const note = (await files.size(noteKey)) ? (await files.read(noteKey, 0, 200)).toString('utf8').trim() : '';
    return note === plan.hash;
  }

  /** Makes `folder`/preview.mp4 (and poster.jpg) for a plan unless they are already there for this hash. */
  async function make(plan: RenderPlan, folder: string, poster: boolean): Promise<boolean> {
    if (await isCurrent(plan, folder)) return false;
    const noteKey = `${folder}/preview.hash`;
    const cached = path.join(cacheDir, `${plan.hash}.mp4`);
    const cachedPoster = path.join(cacheDir, `${plan.hash}.jpg`);
    if (!(await exists(cached)) || (poster && !(await exists(cachedPoster)))) {
      const segments = await pieces.joinable(plan);
      await mkdir(cacheDir, { recursive: true });
      const tmp = `${cached}.${process.pid}.tmp.mp4`;
      await deps.ffmpeg.join(segments, tmp);
      if (poster) await deps.ffmpeg.frame(tmp, posterTime(plan), `${cachedPoster}.${process.pid}.tmp.jpg`);
      await rename(tmp, cached);
      if (poster) await rename(`${cachedPoster}.${process.pid}.tmp.jpg`, cachedPoster);
    }
    await files.writeVia(`${folder}/preview.mp4`, (tmp) => copyFile(cached, tmp));
    if (poster) await files.writeVia(`${folder}/poster.jpg`, (tmp) => copyFile(cachedPoster, tmp));
    await files.write(noteKey, Buffer.from(plan.hash));
    return true;
  }

  const planOf = (input: PlanInput, art: Parameters<typeof renderPlan>[2]) => renderPlan(buildTimeline(input), SHOWCASE, art);

  async function themeClip(id: number, title: string): Promise<ShowcaseClip> {
    const { theme, art } = await deps.themes.forVideo({ theme_id: id, custom_theme_id: null }, ['opening']);
    const plan = planOf(themeShowcase(theme, title), art);
    const folder = themeFolder(id);
    return { key: `theme-${id}`, ready: () => isCurrent(plan, folder), make: () => make(plan, folder, false) };
  }

  async function themeRows(): Promise<{ id: number; theme_title: string }[]> {
    return db('themes').where({ disabled: false }).select<{ id: number; theme_title: string }[]>('id', 'theme_title').orderBy('id');
  }

  /** Each theme's looping preview, the themes people pick from first (the Custom Theme Base has no tile of its own). */
  async function themeClips(): Promise<ShowcaseClip[]> {
    const rows = await themeRows();
    const ordered = [...rows.filter((r) => r.id !== CUSTOM_THEME_BASE_ID), ...rows.filter((r) => r.id === CUSTOM_THEME_BASE_ID)];
    return Promise.all(ordered.map((row) => themeClip(row.id, row.theme_title)));
  }

  /** Each look modifier's poster and preview, shown on the first catalogue theme (the Custom Theme Base has no art of its own). */
  async function lookClips(): Promise<ShowcaseClip[]> {
    const themes = await themeRows();
    const showcaseTheme = themes.find((t) => t.id !== CUSTOM_THEME_BASE_ID) ?? themes[0];
    const { theme, art } = await deps.themes.forVideo({ theme_id: showcaseTheme?.id ?? 0, custom_theme_id: null }, ['opening']);
    const looks = await db('look_modifiers').select<{ type: ShowcaseType; id: number; params: Record<string, unknown> }[]>('type', 'id', 'params').orderBy(['type', 'position']);
    return looks.map((look) => {
      const plan = planOf(lookShowcase(theme, look.type, look.id), art);
      const folder = `looks/${look.type}-${look.id}`;
      const urls = lookUrls(look.type, look.id, plan.hash);
      const named = look.params.poster_url === urls.poster_url && look.params.preview_url === urls.preview_url;
      return {
        key: `look-${look.type}-${look.id}`,
        ready: async () => named && (await isCurrent(plan, folder)),
        async make() {
          const made = await make(plan, folder, true);
          if (!named) await db('look_modifiers').where({ type: look.type, id: look.id }).update({ params: JSON.stringify({ ...look.params, ...urls }) });
          return made;
        },
      };
    });
  }

  return {
    themeClips,
    lookClips,

    /** One theme's preview clip, made now if it is missing or out of date (a picker asked for it before its turn). */
    async ensureTheme(id: number): Promise<void> {
      const row = (await themeRows()).find((r) => r.id === id);
      if (row) await (await themeClip(row.id, row.theme_title)).make();
    },

    /** Makes whatever is missing or out of date, one clip after another; answers how many clips were made. */
    async run(): Promise<number> {
      let made = 0;
      for (const clip of [...(await themeClips()), ...(await lookClips())]) if (await clip.make()) made++;
      return made;
    },
  };
}

export type RenderShowcaseService = ReturnType<typeof renderShowcaseService>;
