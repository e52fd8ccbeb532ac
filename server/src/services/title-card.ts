import type { FontSpec } from '../themes/types.ts';

/** The intro title card of a custom theme, drawn as SVG (librsvg finds the fonts by family through fontconfig). */
export interface TitleCard {
  width: number;
  height: number;
  /** A picture as a data: URI, a plain colour, or two colours for a gentle diagonal wash. */
  background: { picture: string } | { colour: string } | { wash: [string, string] };
  title: string;
  subtitle: string;
  titleFont: FontSpec;
  titleColour: string;
  subtitleFont: FontSpec;
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** Greedy word wrap by an average glyph width; good enough to keep a title inside the frame. */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if ([...candidate].length > maxChars && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest title size (of a few steps) at which the title fits in two lines. */
export function fitTitle(title: string, width: number): { size: number; lines: string[] } {
  const usable = width * 0.86;
  const steps = [0.066, 0.056, 0.047, 0.04, 0.034].map((f) => Math.round(width * f));
  for (const size of steps) {
    const lines = wrapWords(title, Math.floor(usable / (size * 0.5)));
    if (lines.length <= 2) return { size, lines };
  }
  const size = steps[steps.length - 1];
  return { size, lines: wrapWords(title, Math.floor(usable / (size * 0.5))).slice(0, 3) };
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const fontAttributes = (font: FontSpec): string =>
  `font-family="${escapeXml(font.family)}" font-weight="${font.weight ?? 400}" font-style="${font.style ?? 'normal'}"`;

function backgroundOf(card: TitleCard): string {
  const { width, height, background } = card;
  if ('picture' in background) return `<image href="${background.picture}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/>`;
  if ('colour' in background) return `<rect width="${width}" height="${height}" fill="${background.colour}"/>`;
  const [from, to] = background.wash;
  return [
    `<defs><linearGradient id="wash" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#wash)"/>`,
  ].join('');
}

/** Title centred, subtitle below it in the caption font, each with a soft shadow in the opposite tone. */
export function titleCardSvg(card: TitleCard): string {
  const { width, height } = card;
  const { size, lines } = fitTitle(card.title, width);
  const subtitleSize = Math.round(size * 0.45);
  const subtitleLines = card.subtitle ? wrapWords(card.subtitle, Math.floor((width * 0.8) / (subtitleSize * 0.5))).slice(0, 2) : [];
  const lineHeight = size * 1.18;
  const subtitleGap = subtitleSize * 1.6;
  const blockHeight = (lines.length - 1) * lineHeight + size + (subtitleLines.length ? subtitleGap + (subtitleLines.length - 1) * subtitleSize * 1.3 : 0);
  const shadow = luminance(card.titleColour) > 0.5 ? '#000000' : '#ffffff';
  const offset = Math.max(1, Math.round(size / 30));
  const texts: string[] = [];
  const text = (content: string, baseline: number, fontSize: number, font: FontSpec) => {
    const attrs = `x="${width / 2}" text-anchor="middle" font-size="${fontSize}" ${fontAttributes(font)}`;
    texts.push(`<text ${attrs} y="${baseline + offset}" dx="${offset}" fill="${shadow}" fill-opacity="0.45">${escapeXml(content)}</text>`);
    texts.push(`<text ${attrs} y="${baseline}" fill="${card.titleColour}">${escapeXml(content)}</text>`);
  };
  let baseline = (height - blockHeight) / 2 + size * 0.85;
  lines.forEach((line, i) => text(line, baseline + i * lineHeight, size, card.titleFont));
  baseline += (lines.length - 1) * lineHeight + subtitleGap;
  subtitleLines.forEach((line, i) => text(line, baseline + i * subtitleSize * 1.3, subtitleSize, card.subtitleFont));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    backgroundOf(card),
    ...texts,
    '</svg>',
  ].join('');
}
