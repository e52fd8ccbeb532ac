import type { SlideListMeta } from '../../../api/index.ts';
import type { LookType } from './chooser.ts';
import type { LookTileData } from './LookTile.tsx';

const LISTS = { transition: 'transitions', effect: 'effects', overlay: 'overlays', border: 'borders', background: 'backgrounds' } as const;

/** The enabled tiles of one look type, in the list's order (the custom zoom effect is not offered as a tile). */
export function lookTiles(meta: SlideListMeta, type: LookType): LookTileData[] {
  const list = meta[LISTS[type]];
  return list.order
    .map((id) => list.byId[String(id)])
    .filter((tile) => tile?.enabled)
    .map((tile) => ({ id: tile.id, label: tile.label, posterUrl: tile.posterUrl, previewUrl: tile.previewUrl }));
}
