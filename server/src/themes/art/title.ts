import type { FontSpec, ThemeDesign } from '../types.ts';
import { escapeXml, HEIGHT, luminance, n, svgDocument, WIDTH } from './svg.ts';

/** Rough average advance of a glyph in ems, to fit a title without measuring it. */
const ADVANCE: Record<string, number> = {
  'Dancing Script': 0.42,
  'TeX Gyre Chorus': 0.4,
  Caladea: 0.56,
  Vollkorn: 0.52,
};

export function fitFontSize(text: string, font: FontSpec, maxWidth: number, maxSize: number): number {
  const advance = ADVANCE[font.family] ?? 0.5;
  return Math.min(maxSize, maxWidth / (Math.max(1, text.length) * advance));
}

const fontAttrs = (font: FontSpec): string =>
  `font-family="${escapeXml(font.family)}" font-weight="${font.weight ?? 400}" font-style="${font.style ?? 'normal'}"`;

/**
 * The theme's name set in its title font over its intro scene: the poster (with a small heading and a rule
 * beneath) or the tile icon (the name alone and larger, since it is shown 176 px wide).
 */
export function titleOverlay(design: ThemeDesign, variant: 'poster' | 'icon'): string {
  const { title: titleFont, body: bodyFont } = design.fonts;
  const { title: titleColour, text: textColour } = design.colours;
  const light = luminance(titleColour) > 0.6;
  const shadowColour = light ? '#000000' : '#ffffff';
  const defs = `<filter id="lift" x="-10%" y="-30%" width="120%" height="160%"><feGaussianBlur in="SourceAlpha" stdDeviation="${light ? 6 : 4}"/><feOffset dy="${light ? 2 : 0}"/><feComponentTransfer><feFuncA type="linear" slope="${light ? 0.55 : 0.6}"/></feComponentTransfer><feFlood flood-color="${shadowColour}"/><feComposite operator="in" in2="SourceAlpha"/><feGaussianBlur stdDeviation="0.1"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
  const cx = WIDTH / 2;
  const name = escapeXml(design.title);
  if (variant === 'icon') {
    const size = fitFontSize(design.title, titleFont, 780, 150);
    const y = HEIGHT / 2 + size * 0.33;
    return svgDocument(defs, `<text x="${cx}" y="${n(y)}" text-anchor="middle" ${fontAttrs(titleFont)} font-size="${n(size)}" fill="${titleColour}" filter="url(#lift)">${name}</text>`);
  }
  const size = fitFontSize(design.title, titleFont, 700, 112);
  const baseline = HEIGHT / 2 + size * 0.3;
  const ruleY = baseline + 48;
  const rule = `<g stroke="${titleColour}" stroke-width="1.5" opacity="0.7"><line x1="${cx - 130}" y1="${n(ruleY)}" x2="${cx - 16}" y2="${n(ruleY)}"/><line x1="${cx + 16}" y1="${n(ruleY)}" x2="${cx + 130}" y2="${n(ruleY)}"/></g><path d="M${cx},${n(ruleY - 6)} L${cx + 6},${n(ruleY)} L${cx},${n(ruleY + 6)} L${cx - 6},${n(ruleY)}Z" fill="${titleColour}" opacity="0.8"/>`;
  const heading = `<text x="${cx}" y="${n(baseline - size - 18)}" text-anchor="middle" ${fontAttrs(bodyFont)} font-size="24" letter-spacing="6" fill="${textColour}" opacity="0.85">IN LOVING MEMORY</text>`;
  const title = `<text x="${cx}" y="${n(baseline)}" text-anchor="middle" ${fontAttrs(titleFont)} font-size="${n(size)}" fill="${titleColour}">${name}</text>`;
  return svgDocument(defs, `<g filter="url(#lift)">${heading}${title}${rule}</g>`);
}
