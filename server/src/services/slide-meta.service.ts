import { TEXT_BACKGROUNDS } from '../../../common/text-backgrounds.ts';
import type { Deps } from '../deps.ts';
import { MAX_VIDEO_BYTES } from '../media/limits.ts';
import type { LookType } from '../seed/look-modifiers.ts';
import type { WireLookList, WireSlideListMeta } from '../wire/slide.ts';
import type { Caller } from './slide.service.ts';
import { isReadOnly } from './video-access.ts';

const PLURAL: Record<LookType, keyof Pick<WireSlideListMeta, 'transitions' | 'effects' | 'overlays' | 'borders' | 'backgrounds'>> = {
  transition: 'transitions',
  effect: 'effects',
  overlay: 'overlays',
  border: 'borders',
  background: 'backgrounds',
};

/** The workspace data of spec 2 section 3 that comes with the first slide list (?meta=1). */
export async function slideListMeta(deps: Deps, caller: Caller): Promise<WireSlideListMeta> {
  const { video, user, linkLevel } = caller.access;
  const lists: Record<string, WireLookList> = {};
  for (const type of Object.keys(PLURAL) as LookType[]) lists[PLURAL[type]] = { order: [], by_id: {} };
  for (const row of await deps.repos.looks.all()) {
    const list = lists[PLURAL[row.type]];
    list.order.push(row.id);
    list.by_id[String(row.id)] = {
      id: row.id,
      type: row.type,
      direction: row.direction,
      enabled: row.enabled,
      label: row.direction ? `${row.label} ${row.direction[0].toUpperCase()}${row.direction.slice(1)}` : row.label,
      preview_url: (row.params.preview_url as string | undefined) ?? null,
      poster_url: (row.params.poster_url as string | undefined) ?? null,
    };
  }
  const org = video.organization_id ? await deps.db('organizations').where({ id: video.organization_id }).first('sample_button') : undefined;
  const backgrounds = lists.backgrounds;
  const canEdit = !isReadOnly(video) && (linkLevel === undefined || linkLevel === 1);
  return {
    transitions: lists.transitions,
    effects: lists.effects,
    overlays: lists.overlays,
    borders: lists.borders,
    backgrounds,
    background_options: TEXT_BACKGROUNDS.map(({ value, label }) => ({ value, label })),
    cover_photo_ratio: 16 / 9,
    upload_link_limit: linkLevel !== undefined ? video.upload_link_limit : null,
    show_sample_button: Boolean(org?.sample_button) && linkLevel === undefined,
    // Family pages address the video by their link hash; a numeric id would send them to the login page.
    download_url: `/slides/downloader/${caller.securityHash ?? video.id}/`,
    read_only: isReadOnly(video),
    can_edit: canEdit,
    is_super: user?.role === 'super',
    show_ideas: canEdit && deps.config.photoAnalysis,
    max_upload_bytes: MAX_VIDEO_BYTES,
  };
}
