import { existsSync } from 'node:fs';
import type { FontSpec } from './types.ts';

/**
 * The fonts themes use, each a file that a Debian font package installs (scripts/system-deps.sh installs them
 * all). Families are the names fontconfig gives the file, so SVG text (librsvg) and ffmpeg drawtext agree.
 */
function font(key: string, pkg: string, file: string, family: string, weight = 400, style: FontSpec['style'] = 'normal'): FontSpec {
  return { key, package: pkg, file, family, weight, style };
}

const OPENTYPE = '/usr/share/fonts/opentype';
const TRUETYPE = '/usr/share/fonts/truetype';
const TEX_GYRE = '/usr/share/texmf/fonts/opentype/public/tex-gyre';

export const FONTS = {
  'gentium-basic-italic': font('gentium-basic-italic', 'fonts-sil-gentium-basic', `${TRUETYPE}/gentium-basic/GenBasI.ttf`, 'Gentium Basic', 400, 'italic'),
  'gentium-basic-bold-italic': font('gentium-basic-bold-italic', 'fonts-sil-gentium-basic', `${TRUETYPE}/gentium-basic/GenBasBI.ttf`, 'Gentium Basic', 700, 'italic'),
  'quicksand-bold': font('quicksand-bold', 'fonts-quicksand', `${TRUETYPE}/quicksand/Quicksand-Bold.ttf`, 'Quicksand', 700),
  'quicksand-regular': font('quicksand-regular', 'fonts-quicksand', `${TRUETYPE}/quicksand/Quicksand-Regular.ttf`, 'Quicksand'),
  'eb-garamond-italic': font('eb-garamond-italic', 'fonts-ebgaramond', `${OPENTYPE}/ebgaramond/EBGaramond12-Italic.otf`, 'EB Garamond 12', 400, 'italic'),
  'eb-garamond-regular': font('eb-garamond-regular', 'fonts-ebgaramond', `${OPENTYPE}/ebgaramond/EBGaramond12-Regular.otf`, 'EB Garamond 12'),
  'dancing-script-bold': font('dancing-script-bold', 'fonts-dancingscript', `${OPENTYPE}/dancingscript/DancingScript-Bold.otf`, 'Dancing Script', 700),
  'libertine-display': font('libertine-display', 'fonts-linuxlibertine', `${OPENTYPE}/linux-libertine/LinLibertine_DR.otf`, 'Linux Libertine Display O'),
  'libertine-italic': font('libertine-italic', 'fonts-linuxlibertine', `${OPENTYPE}/linux-libertine/LinLibertine_RI.otf`, 'Linux Libertine O', 400, 'italic'),
  'biolinum-regular': font('biolinum-regular', 'fonts-linuxlibertine', `${OPENTYPE}/linux-libertine/LinBiolinum_R.otf`, 'Linux Biolinum O'),
  'chorus': font('chorus', 'fonts-texgyre', `${TEX_GYRE}/texgyrechorus-mediumitalic.otf`, 'TeX Gyre Chorus'),
  'pagella-regular': font('pagella-regular', 'fonts-texgyre', `${TEX_GYRE}/texgyrepagella-regular.otf`, 'TeX Gyre Pagella'),
  'caladea-bold': font('caladea-bold', 'fonts-crosextra-caladea', `${TRUETYPE}/crosextra/Caladea-Bold.ttf`, 'Caladea', 700),
  'open-sans-regular': font('open-sans-regular', 'fonts-open-sans', `${TRUETYPE}/open-sans/OpenSans-Regular.ttf`, 'Open Sans'),
  'lato-regular': font('lato-regular', 'fonts-lato', `${TRUETYPE}/lato/Lato-Regular.ttf`, 'Lato'),
  'cantarell-regular': font('cantarell-regular', 'fonts-cantarell', `${OPENTYPE}/cantarell/Cantarell-Regular.otf`, 'Cantarell'),
  'charis-regular': font('charis-regular', 'fonts-sil-charis', `${TRUETYPE}/charis/CharisSIL-Regular.ttf`, 'Charis SIL'),
  'vollkorn-semibold-italic': font('vollkorn-semibold-italic', 'fonts-vollkorn', `${TRUETYPE}/vollkorn/Vollkorn-SemiBoldItalic.ttf`, 'Vollkorn', 600, 'italic'),
  'cabin-regular': font('cabin-regular', 'fonts-cabin', `${OPENTYPE}/cabin/Cabin-Regular.otf`, 'Cabin'),
} as const satisfies Record<string, FontSpec>;

export type FontKey = keyof typeof FONTS;

export const isFontKey = (key: unknown): key is FontKey => typeof key === 'string' && Object.hasOwn(FONTS, key);

/** Spec 2's default caption font (its text slides use Quicksand Bold, also listed here). */
export const CAPTION_FONT = FONTS['gentium-basic-italic'];

export class MissingFontError extends Error {}

/** The font's file, once it is on disk; a missing one names the Debian package that installs it. */
export function fontFile(spec: FontSpec): string {
  if (existsSync(spec.file)) return spec.file;
  const pkg = spec.package ?? Object.values(FONTS).find((f) => f.file === spec.file)?.package;
  const fix = pkg ? `install the Debian package ${pkg} (scripts/system-deps.sh does)` : 'install the font that provides it';
  throw new MissingFontError(`Font file ${spec.file} (${spec.family}) is missing: ${fix}.`);
}
