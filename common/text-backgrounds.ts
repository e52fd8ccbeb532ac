/**
 * The Text Background choices of a text slide (spec 2: slide_background indexes these backgroundOptions).
 * `colour` null means the theme's own background art. The workspace, the tiles and the render engine all read this.
 */
export interface TextBackground {
  value: number;
  label: string;
  colour: string | null;
  textColour: string;
}

export const TEXT_BACKGROUNDS: TextBackground[] = [
  { value: 1, label: 'Theme Background', colour: null, textColour: '#ffffff' },
  { value: 2, label: 'Black', colour: '#000000', textColour: '#ffffff' },
  { value: 3, label: 'White', colour: '#ffffff', textColour: '#222222' },
  { value: 4, label: 'Soft Cream', colour: '#f3ead8', textColour: '#3a3026' },
  { value: 5, label: 'Slate Blue', colour: '#34495e', textColour: '#ffffff' },
];

/** Spec 2: a new text slide starts with background 2 if more than 2 options exist, else 1. */
export const NEW_TEXT_BACKGROUND = TEXT_BACKGROUNDS.length > 2 ? 2 : 1;

export const textBackground = (value: number | null | undefined): TextBackground =>
  TEXT_BACKGROUNDS.find((b) => b.value === value) ?? TEXT_BACKGROUNDS[NEW_TEXT_BACKGROUND - 1];
