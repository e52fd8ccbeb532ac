import type { ReactNode } from 'react';
import type { Slide } from '../../../api/index.ts';

/** The small dialogs the slide dialog opens over itself. */
export type EditorDialog = 'caption' | 'slideTime' | 'inspect' | 'shortcuts' | 'download' | 'volume' | 'trim' | 'preview';

/**
 * Places other parts fill in the drawers: the chooser buttons (transition, effect, overlay, border), and the text
 * slide's Text Library and Reuse Text dialogs. `apply` puts chosen text into the text slide's caption.
 */
export interface EditorSlots {
  choosers?: (slide: Slide, kinds: readonly ('transition' | 'effect' | 'overlay' | 'border')[]) => ReactNode;
  textSources?: (apply: (text: string) => void) => ReactNode;
}
