/** Spec 2 "Color dialog" and section 5: the colour fields, their ranges and defaults. */
export interface ColorValues {
  brightness: number;
  contrast: number;
  saturation: number;
  hue: number;
}

export const COLOR_DEFAULTS: ColorValues = { brightness: 100, contrast: 100, saturation: 100, hue: 0 };

export const COLOR_SLIDERS: { key: keyof ColorValues; label: string; min: number; max: number }[] = [
  { key: 'brightness', label: 'Brightness', min: 0, max: 200 },
  { key: 'contrast', label: 'Contrast', min: 0, max: 200 },
  { key: 'saturation', label: 'Saturation', min: 0, max: 200 },
  { key: 'hue', label: 'Hue', min: -180, max: 180 },
];

/** The fields that differ from the slide's, or null when nothing changed (then nothing is sent). */
export function colorChanges(saved: ColorValues, draft: ColorValues): Partial<ColorValues> | null {
  const out: Partial<ColorValues> = {};
  for (const { key } of COLOR_SLIDERS) if (draft[key] !== saved[key]) out[key] = draft[key];
  return Object.keys(out).length ? out : null;
}

/** The live preview over the picture without colour edits: the same four adjustments as CSS filters. */
export function colorFilter(v: ColorValues): string {
  return `brightness(${v.brightness / 100}) contrast(${v.contrast / 100}) saturate(${v.saturation / 100}) hue-rotate(${v.hue}deg)`;
}
