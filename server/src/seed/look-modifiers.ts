/** The look-modifier lists of spec 2 section 3; id 0 of each type is 'Automatic' and is not stored. */
export type LookType = 'transition' | 'effect' | 'overlay' | 'border' | 'background';

export interface LookModifierSeed {
  id: number;
  label: string;
  direction?: string;
  enabled?: boolean;
}

export const CUSTOM_ZOOM_EFFECT_ID = 5;

export const LOOK_MODIFIERS: Record<LookType, LookModifierSeed[]> = {
  transition: [
    { id: 1, label: 'Crossfade' },
    { id: 2, label: 'Fade Through Black' },
    { id: 3, label: 'Fade Through White' },
    { id: 4, label: 'Wipe', direction: 'left' },
    { id: 5, label: 'Wipe', direction: 'right' },
    { id: 6, label: 'Wipe', direction: 'up' },
    { id: 7, label: 'Wipe', direction: 'down' },
    { id: 8, label: 'Slide', direction: 'left' },
    { id: 9, label: 'Slide', direction: 'right' },
    { id: 10, label: 'Circle Open' },
    { id: 11, label: 'Dissolve' },
    { id: 12, label: 'Zoom' },
    { id: 13, label: 'Cut' },
  ],
  effect: [
    { id: 1, label: 'None' },
    { id: 2, label: 'Zoom In' },
    { id: 3, label: 'Zoom Out' },
    { id: 4, label: 'Pan', direction: 'left' },
    { id: CUSTOM_ZOOM_EFFECT_ID, label: 'Custom Zoom', enabled: false },
    { id: 6, label: 'Pan', direction: 'right' },
    { id: 7, label: 'Pan', direction: 'up' },
    { id: 8, label: 'Pan', direction: 'down' },
  ],
  overlay: [
    { id: 1, label: 'None' },
    { id: 2, label: 'Light Leak' },
    { id: 3, label: 'Vignette' },
    { id: 4, label: 'Soft Glow' },
    { id: 5, label: 'Film Grain' },
    { id: 6, label: 'Bokeh' },
  ],
  border: [
    { id: 1, label: 'None' },
    { id: 2, label: 'Thin White' },
    { id: 3, label: 'Wide White' },
    { id: 4, label: 'Rounded' },
    { id: 5, label: 'Shadow' },
    { id: 6, label: 'Photo Frame' },
  ],
  background: [
    { id: 1, label: 'Theme Background' },
    { id: 2, label: 'Blurred Photo' },
    { id: 3, label: 'Black' },
    { id: 4, label: 'White' },
  ],
};
