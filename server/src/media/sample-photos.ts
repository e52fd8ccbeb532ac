/**
 * Sample photos for trying the product: calm landscapes drawn from a seed (sky, sun, hills, water, trees),
 * generated here rather than copied from anywhere. Pure: returns SVG text that sharp renders to JPEG.
 */
export interface SampleScene {
  name: string;
  svg: string;
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PALETTES = [
  { name: 'Morning Lake', sky: ['#f9d7a5', '#9cc4e4'], sun: '#fff3c4', hills: ['#6f8f72', '#4f6d58', '#34503f'], water: '#7fa7c9' },
  { name: 'Autumn Hills', sky: ['#f6c28b', '#e2856e'], sun: '#ffe1a8', hills: ['#b5653a', '#8d4a2f', '#5e3322'], water: '#c98b6b' },
  { name: 'Evening Shore', sky: ['#3b4f7a', '#e59a8c'], sun: '#ffd2a1', hills: ['#2e3c5c', '#24304a', '#1a2338'], water: '#5b6f99' },
  { name: 'Spring Meadow', sky: ['#d6ecf7', '#8fc1e3'], sun: '#fffbe0', hills: ['#9cc47a', '#77a65c', '#557f41'], water: '#8cc0d8' },
  { name: 'Winter Pines', sky: ['#e8eef5', '#b7c7d9'], sun: '#ffffff', hills: ['#c9d4df', '#9fb0c2', '#6f8397'], water: '#a9bccd' },
  { name: 'Summer Fields', sky: ['#fde7b0', '#86b6df'], sun: '#fff6d5', hills: ['#d8b45a', '#b99441', '#8a6d2c'], water: '#6fa3c8' },
];

function hill(rand: () => number, width: number, baseY: number, amplitude: number, color: string): string {
  const points: string[] = [`M0 ${baseY}`];
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    const x = (width * i) / steps;
    const y = baseY - amplitude * (0.4 + rand() * 0.6);
    const cx = x - width / steps / 2;
    points.push(`Q${cx.toFixed(0)} ${(y - amplitude * 0.3).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)}`);
  }
  return `<path d="${points.join(' ')} L${width} 2000 L0 2000 Z" fill="${color}"/>`;
}

function tree(x: number, y: number, h: number, color: string): string {
  const w = h * 0.35;
  return `<path d="M${x} ${y - h} L${x + w} ${y} L${x - w} ${y} Z" fill="${color}"/><rect x="${x - h * 0.04}" y="${y}" width="${h * 0.08}" height="${h * 0.15}" fill="#3b2a1e"/>`;
}

export function sampleScene(index: number, width = 1920, height = 1280): SampleScene {
  const palette = PALETTES[index % PALETTES.length];
  const rand = random(index * 7919 + 17);
  const sunX = width * (0.2 + rand() * 0.6);
  const sunY = height * (0.18 + rand() * 0.15);
  const horizon = height * 0.62;
  const parts = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[1]}"/><stop offset="1" stop-color="${palette.sky[0]}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${sunX}" cy="${sunY}" r="${height * 0.22}" fill="url(#glow)"/>`,
    `<circle cx="${sunX}" cy="${sunY}" r="${height * 0.06}" fill="${palette.sun}"/>`,
  ];
  for (let i = 0; i < 3; i++) {
    const cloudX = rand() * width;
    const cloudY = height * (0.08 + rand() * 0.25);
    parts.push(`<ellipse cx="${cloudX}" cy="${cloudY}" rx="${120 + rand() * 160}" ry="${28 + rand() * 24}" fill="#ffffff" opacity="0.55"/>`);
  }
  parts.push(hill(rand, width, horizon, height * 0.18, palette.hills[0]));
  parts.push(`<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${palette.water}"/>`);
  parts.push(`<rect y="${horizon}" width="${width}" height="6" fill="#ffffff" opacity="0.35"/>`);
  parts.push(hill(rand, width, height * 0.86, height * 0.16, palette.hills[1]));
  for (let i = 0; i < 5; i++) parts.push(tree(rand() * width, height * (0.8 + rand() * 0.08), height * (0.12 + rand() * 0.1), palette.hills[2]));
  parts.push(hill(rand, width, height * 1.02, height * 0.14, palette.hills[2]));
  return {
    name: `${palette.name} ${Math.floor(index / PALETTES.length) + 1}`,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`,
  };
}

export const SAMPLE_COUNT = 6;
