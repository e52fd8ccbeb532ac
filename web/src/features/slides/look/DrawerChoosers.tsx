import { useState, type ReactNode } from 'react';
import type { SlideListMeta } from '../../../api/index.ts';
import { DrawerItem } from '../editor/DrawerItem.tsx';
import { AUTOMATIC, CUSTOM_ZOOM_EFFECT_ID, type ChooserType } from './chooser.ts';
import { CHOOSER_ICONS, CHOOSER_LABELS } from './chooser-icons.tsx';
import { lookTiles } from './look-tiles.ts';

interface Props {
  kinds: readonly ChooserType[];
  meta: SlideListMeta;
  /** The slide's current choice of each kind (0 is Automatic). */
  current(type: ChooserType): number;
  /** The chooser of one kind for this one slide, mounted while open. */
  dialog(type: ChooserType, close: () => void): ReactNode;
}

/** A drawer's chooser buttons (spec 2 "Photo editor drawer", "Text slide drawer", "Video slide drawer"). */
export function DrawerChoosers({ kinds, meta, current, dialog }: Props) {
  const [open, setOpen] = useState<ChooserType | null>(null);
  const label = (type: ChooserType) => {
    const id = current(type);
    if (id === AUTOMATIC) return 'Automatic';
    // The custom zoom is an effect of its own tool, not a tile.
    if (type === 'effect' && id === CUSTOM_ZOOM_EFFECT_ID) return 'Custom zoom';
    return lookTiles(meta, type).find((t) => t.id === id)?.label ?? 'Custom';
  };
  return (
    <>
      {kinds.map((type) => {
        const Icon = CHOOSER_ICONS[type];
        return <DrawerItem key={type} icon={<Icon />} label={CHOOSER_LABELS[type]} detail={label(type)} onClick={() => setOpen(type)} />;
      })}
      {open && dialog(open, () => setOpen(null))}
    </>
  );
}
