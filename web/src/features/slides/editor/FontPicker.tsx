import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { fetchSlideFonts, slideFontUrl } from '../../../api/index.ts';

/** Spec 2: the font menu is at most 400 high. */
export const FONT_MENU_MAX_HEIGHT = 400;

/** 'Gentium-Basic-Italic.ttf' reads 'Gentium Basic Italic'. */
export const fontLabel = (name: string) => name.replace(/\.(ttf|otf)$/i, '').replace(/-/g, ' ');

/** The CSS family a preview uses for a stored font name (loaded from the served file). */
export const previewFamily = (name: string) => `slidefont-${name.replace(/[^A-Za-z0-9]/g, '-')}`;

let listPromise: Promise<string[]> | null = null;
const loaded = new Map<string, Promise<void>>();

/** Loads a font file once per page as a FontFace, so previews and the slide's face are drawn in the real font. */
export function loadSlideFont(name: string): Promise<void> {
  let done = loaded.get(name);
  if (!done) {
    const face = new FontFace(previewFamily(name), `url(${slideFontUrl(name)})`);
    done = face.load().then(
      (f) => void document.fonts.add(f),
      () => undefined,
    );
    loaded.set(name, done);
  }
  return done;
}

export function useSlideFonts(): string[] {
  const [fonts, setFonts] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    listPromise ??= fetchSlideFonts().then(
      (r) => r.fonts,
      () => {
        listPromise = null;
        return [];
      },
    );
    void listPromise.then((list) => {
      if (live) setFonts(list);
      for (const name of list) void loadSlideFont(name);
    });
    return () => {
      live = false;
    };
  }, []);
  return fonts;
}

/** A font menu whose entries are drawn in the font itself. */
export function FontPicker({ value, fallback, onChange, label = 'Font' }: { value: string | null; fallback: string; onChange(font: string): void; label?: string }) {
  const fonts = useSlideFonts();
  const current = value ?? fallback;
  const options = fonts.includes(current) || fonts.length === 0 ? fonts : [current, ...fonts];
  return (
    <TextField
      select
      label={label}
      value={options.length ? current : ''}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: FONT_MENU_MAX_HEIGHT } } } }, renderValue: (v) => <span style={{ fontFamily: previewFamily(String(v)) }}>{fontLabel(String(v))}</span> } }}
    >
      {options.map((name) => (
        <MenuItem key={name} value={name} sx={{ fontFamily: `${previewFamily(name)}, sans-serif`, fontSize: 20 }}>
          {fontLabel(name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
