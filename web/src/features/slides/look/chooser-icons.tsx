import { Animation, BorderOuter, Layers, ZoomIn } from '@mui/icons-material';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import type { ChooserType } from './chooser.ts';

/** One icon per chooser, the same in the grid tools and the drawers. */
export const CHOOSER_ICONS: Record<ChooserType, ComponentType<SvgIconProps>> = {
  transition: Animation,
  effect: ZoomIn,
  overlay: Layers,
  border: BorderOuter,
};

/** The drawers' chooser buttons. */
export const CHOOSER_LABELS: Record<ChooserType, string> = {
  transition: 'Transition',
  effect: 'Effect',
  overlay: 'Overlay',
  border: 'Border',
};
