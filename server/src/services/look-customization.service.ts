import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import type { LookRepository } from '../repositories/look.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import type { RenderThemeService } from './render-theme.service.ts';
import { lookPools } from './render-input.service.ts';
import type { Caller } from './slide.service.ts';
import type { WireLookCustomizations } from '../wire/stock.ts';

const MULTI = ['transition', 'effect', 'overlay', 'border'] as const;
type MultiType = (typeof MULTI)[number];

/** Where a user's 'Also use on future videos' choice is kept (users.config). */
export const REMEMBERED_LOOK_KEY = 'look_customizations';

export interface LookCustomizationDeps {
  db: Db;
  looks: LookRepository;
  themes: Pick<RenderThemeService, 'forVideo'>;
  notify: (videoId: number, owner: string | null) => Promise<void>;
}

const truthy = (v: unknown): boolean => v === true || v === 'true' || v === '1' || v === 1 || v === 'on';

/** Remembering for future videos is a staff user's setting: a family link has no account to keep it in. */
export const canRemember = (caller: Caller): boolean => caller.access.linkLevel === undefined && Boolean(caller.access.user);

/**
 * Customize Look for a whole video (spec 2 "Customize-look dialog", "Look selection"): which transitions, effects,
 * overlays and borders Automatic picks from, and the one background. Nothing saved yet means the theme's defaults,
 * which is what the dialog shows selected.
 */
export function lookCustomizationService(deps: LookCustomizationDeps) {
  async function enabledIds(): Promise<Record<string, Set<number>>> {
    const out: Record<string, Set<number>> = { transition: new Set(), effect: new Set(), overlay: new Set(), border: new Set(), background: new Set() };
    for (const row of await deps.looks.all()) if (row.enabled) out[row.type]?.add(row.id);
    return out;
  }

  return {
    async read(caller: Caller): Promise<WireLookCustomizations> {
      const video = caller.access.video;
      const pools = lookPools(video.customizations);
      const { theme } = await deps.themes.forVideo(video, []);
      const defaults: Record<MultiType, number[]> = {
        transition: theme.defaults.transitionIds,
        effect: theme.defaults.effectIds,
        overlay: [theme.defaults.overlayId],
        border: [theme.defaults.borderId],
      };
      const enabled = await enabledIds();
      const customizations = {} as WireLookCustomizations['customizations'];
      for (const type of MULTI) {
        const chosen = (pools[type].length ? pools[type] : defaults[type]).filter((id) => enabled[type].has(id));
        customizations[type] = Object.fromEntries(chosen.map((id) => [String(id), true]));
      }
      const own = typeof video.background_id === 'number' ? video.background_id : null;
      const background = own ?? theme.defaults.backgroundId ?? null;
      return { customizations, background: background !== null && enabled.background.has(background) ? background : null, can_remember: canRemember(caller) };
    },

    /**
     * POST /r/slides/save_customizations: `transition_3=true` for each selected tile, `background`, and
     * `remember_user_config`. Unknown or disabled ids are refused; a type with nothing selected goes back to the
     * theme's defaults.
     */
    async save(caller: Caller, body: Record<string, unknown>): Promise<VideoRow> {
      const enabled = await enabledIds();
      const customizations: Record<string, Record<string, boolean>> = {};
      for (const type of MULTI) customizations[type] = {};
      for (const [key, value] of Object.entries(body)) {
        const match = /^(transition|effect|overlay|border)_(\d{1,6})$/.exec(key);
        if (!match || !truthy(value)) continue;
        const id = Number(match[2]);
        if (!enabled[match[1]].has(id)) throw new AppError(400, `There is no ${match[1]} ${id}.`);
        customizations[match[1]][String(id)] = true;
      }
      let background: number | null = null;
      if (body.background !== undefined && body.background !== '' && body.background !== null) {
        background = Number(body.background);
        if (!enabled.background.has(background)) throw new AppError(400, `There is no background ${String(body.background)}.`);
      }
      const video = caller.access.video;
      const values = { customizations: JSON.stringify(customizations), ...(background !== null ? { background_id: background } : {}) };
      const [row] = await deps.db('videos').where({ id: video.id }).update({ ...values, updated_at: deps.db.fn.now() }).returning('*');
      if (truthy(body.remember_user_config) && canRemember(caller)) {
        const remembered = { customizations, background: background ?? (typeof video.background_id === 'number' ? video.background_id : null) };
        await deps.db('users')
          .where({ id: caller.access.user!.id })
          .update({ config: deps.db.raw(`config || jsonb_build_object(?::text, ?::jsonb)`, [REMEMBERED_LOOK_KEY, JSON.stringify(remembered)]) });
      }
      await deps.notify(video.id, caller.socketId);
      return row as VideoRow;
    },

  };
}

export type LookCustomizationService = ReturnType<typeof lookCustomizationService>;

export interface RememberedLook {
  customizations: Record<string, Record<string, boolean>>;
  background_id: number | null;
}

/** What a new video of this user starts with: the look they asked to use on future videos, if any. */
export async function rememberedLook(db: Db, userId: number): Promise<RememberedLook | null> {
  const user = await db('users').where({ id: userId }).first<{ config: Record<string, unknown> | null } | undefined>('config');
  const saved = user?.config?.[REMEMBERED_LOOK_KEY] as { customizations?: unknown; background?: unknown } | undefined;
  if (!saved || typeof saved.customizations !== 'object' || saved.customizations === null) return null;
  return { customizations: saved.customizations as RememberedLook['customizations'], background_id: typeof saved.background === 'number' ? saved.background : null };
}
