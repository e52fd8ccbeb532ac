/**
 * Face-aware framing quality: the real photographs given (default: the tests' photographs) and copies cropped from
 * them so their faces sit near each edge, at the shapes families upload (3:2, 2:3, 4:3, 1:1, 16:9), go through the
 * rotation analysis's face detector and then the render planner, for every automatic motion and with and without a
 * border. Every frame of each photo's move is computed (motion.ts rectAt, as the compiler draws it) and counted when
 * every detected face lies whole inside it. Prints that share beside the goal of 100 %, and the share the centred
 * motion (the planner without faces) gives on the same photos.
 * Usage: node --import tsx scripts/bench/smart-framing.ts [folder...]
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { detect, loadDetector } from '../../server/src/media/face-detect.ts';
import { analysePhoto, type FaceBox } from '../../server/src/media/rotation-analysis.ts';
import { planInput, planSlide } from '../../server/src/render/plan/examples.ts';
import { EFFECT } from '../../server/src/render/plan/look.ts';
import { photoPlacement, rectAt } from '../../server/src/render/plan/motion.ts';
import { buildTimeline } from '../../server/src/render/plan/timeline.ts';
import type { Rect } from '../../server/src/render/plan/types.ts';

const folders = process.argv.slice(2).length ? process.argv.slice(2) : ['server/test/fixtures/rotation'];
const files = folders.flatMap((dir) => readdirSync(dir).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).map((f) => path.join(dir, f)));
const SHAPES: [string, number][] = [['3:2', 3 / 2], ['2:3', 2 / 3], ['4:3', 4 / 3], ['1:1', 1], ['16:9', 16 / 9]];
const EFFECTS = [EFFECT.zoomIn, EFFECT.zoomOut, EFFECT.panLeft, EFFECT.panRight, EFFECT.panUp, EFFECT.panDown];
const BORDERS = [1, 3];
/** Room left between a face and the edge it is pushed against, as a share of the crop. */
const EDGE_GAP = 0.02;

const toRect = (f: FaceBox): Rect => ({ x: f.x1, y: f.y1, w: f.x2 - f.x1, h: f.y2 - f.y1 });
const holds = (o: Rect, i: Rect) => i.x >= o.x - 1e-9 && i.y >= o.y - 1e-9 && i.x + i.w <= o.x + o.w + 1e-9 && i.y + i.h <= o.y + o.h + 1e-9;

async function facesOf(image: Buffer): Promise<Rect[]> {
  return (await analysePhoto(image, detect)).faces.map(toRect);
}

/** Crops of the photo with its faces close to each edge, for each shape (as large as the photo allows). */
function edgeCrops(width: number, height: number, faces: Rect[]): { name: string; left: number; top: number; width: number; height: number }[] {
  const u = { x1: Math.min(...faces.map((f) => f.x)) * width, x2: Math.max(...faces.map((f) => f.x + f.w)) * width, y1: Math.min(...faces.map((f) => f.y)) * height, y2: Math.max(...faces.map((f) => f.y + f.h)) * height };
  const crops = [];
  for (const [shape, ratio] of SHAPES) {
    const w = Math.floor(Math.min(width, height * ratio));
    const h = Math.floor(w / ratio);
    const clampX = (x: number) => Math.round(Math.min(width - w, Math.max(0, x)));
    const clampY = (y: number) => Math.round(Math.min(height - h, Math.max(0, y)));
    const midX = clampX((u.x1 + u.x2) / 2 - w / 2);
    const midY = clampY((u.y1 + u.y2) / 2 - h / 2);
    const sides = {
      left: { left: clampX(u.x1 - EDGE_GAP * w), top: midY },
      right: { left: clampX(u.x2 + EDGE_GAP * w - w), top: midY },
      top: { left: midX, top: clampY(u.y1 - EDGE_GAP * h) },
      bottom: { left: midX, top: clampY(u.y2 + EDGE_GAP * h - h) },
    };
    for (const [side, at] of Object.entries(sides)) crops.push({ name: `${shape} ${side}`, ...at, width: w, height: h });
  }
  return crops;
}

/** Frames of every automatic move of the photo, and how many show every face whole; with faces given or not. */
function frames(aspect: number, faces: Rect[], framed: boolean): { all: number; whole: number } {
  let all = 0, whole = 0;
  for (const effect of EFFECTS) {
    for (const border of BORDERS) {
      const slide = planSlide(1, { aspect, time: 5, ...(framed ? { faces } : {}) });
      const input = planInput({ slides: [slide], look: { ...planInput().look, pools: { transition: [], effect: [effect], overlay: [], border: [border] } } });
      const visual = buildTimeline(input).segments.find((s) => s.visual.kind === 'photo')!.visual;
      const place = photoPlacement(aspect, visual.borderId);
      const inScene = faces.map((f) => ({ x: place.x + f.x * place.w, y: place.y + f.y * place.h, w: f.w * place.w, h: f.h * place.h }));
      for (let f = 0; f < visual.span; f++) {
        all++;
        const rect = rectAt(visual.motion, f, visual.span);
        if (inScene.every((face) => holds(rect, face))) whole++;
      }
    }
  }
  return { all, whole };
}

await loadDetector();
const total = { all: 0, whole: 0, before: 0, photos: 0 };
for (const file of files) {
  const source = await sharp(file).rotate().jpeg().toBuffer();
  const meta = await sharp(source).metadata();
  const faces = await facesOf(source);
  if (!faces.length) {
    console.log(`${path.basename(file)}: no face detected, skipped`);
    continue;
  }
  const variants = [{ name: 'whole photo', left: 0, top: 0, width: meta.width!, height: meta.height! }, ...edgeCrops(meta.width!, meta.height!, faces)];
  for (const v of variants) {
    // Real pixels, cropped and brought to a modest upload size, analysed as the product analyses an upload.
    const image = await sharp(source).extract({ left: v.left, top: v.top, width: v.width, height: v.height }).resize(1200, 1200, { fit: 'inside' }).jpeg().toBuffer();
    const found = await facesOf(image);
    if (!found.length) {
      console.log(`${path.basename(file)} ${v.name}: no face detected in the crop, skipped`);
      continue;
    }
    const aspect = v.width / v.height;
    const now = frames(aspect, found, true);
    const before = frames(aspect, found, false);
    total.all += now.all;
    total.whole += now.whole;
    total.before += before.whole;
    total.photos++;
    const pct = (a: number) => ((100 * a) / now.all).toFixed(1);
    console.log(`${path.basename(file)} ${v.name}: ${found.length} face(s); whole in ${pct(now.whole)} % of ${now.all} frames (centred motion: ${pct(before.whole)} %)`);
  }
}
const pct = (a: number) => (total.all ? ((100 * a) / total.all).toFixed(1) : 'n/a');
console.log(`photos with faces ${total.photos}, frames ${total.all} (${EFFECTS.length} automatic moves x ${BORDERS.length} borders each)`);
console.log(`every detected face fully visible: ${pct(total.whole)} % of frames (goal 100 %); centred motion without face framing: ${pct(total.before)} %`);
