/**
 * Does a photo stand the right way up? The detector runs on the photo turned four ways; every face it finds
 * says, from where its eyes sit above its mouth, which quarter turn would stand it upright; a body says the same
 * from its head above its hips; a bright blue band along one side hints at sky. A turn is suggested only when
 * people agree on it clearly: a wrong suggestion costs the family more than a missing one.
 */
import sharp from 'sharp';
import { exposedByCamera } from './exif-camera.ts';
import type { Box, Detections, RgbImage } from './face-detect.ts';

export type QuarterTurn = 0 | 90 | 180 | 270;
export const TURNS: QuarterTurn[] = [0, 90, 180, 270];

/** The long edge the detector sees: its models work at 256 px or below, so more only costs time. */
export const ANALYSIS_EDGE = 512;

export interface FaceMarks {
  score: number;
  /** Blazeface's six points: right eye, left eye, nose, mouth, right ear, left ear (pixels). */
  points: [number, number][];
  box?: Box;
}

/** A face's box as fractions (0..1) of the picture analysed. */
export interface FaceBox {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
  score: number;
}

export interface TurnEvidence {
  /** The turn (clockwise degrees) the photo was given before detection. */
  turn: QuarterTurn;
  faces: FaceMarks[];
  bodies: Detections['bodies'];
}

export interface RotationVerdict {
  /** Clockwise degrees to stand the photo upright; null when no turn is suggested (upright or unsure). */
  angle: QuarterTurn | null;
  /** Share of all the evidence that backs the winning turn (0..1). */
  confidence: number;
  votes: Record<QuarterTurn, number>;
  /** Votes from faces and bodies alone (the sky only supports them). */
  peopleVotes: Record<QuarterTurn, number>;
  /** The faces found on the photo as it stands (no turn), for face-aware framing. */
  faces: FaceBox[];
}

/** Weakest face counted, and how far (degrees) its eyes-to-mouth line may lean from a quarter turn. */
const MIN_FACE_SCORE = 0.6;
const MAX_LEAN = 30;
/** A suggestion needs this much people evidence, and this share of all evidence. */
const MIN_PEOPLE_VOTES = 1.2;
const MIN_SHARE = 0.8;
/** The sky's largest vote: it can break a tie between people cues, never make a suggestion alone. */
const SKY_WEIGHT = 0.4;

const norm = (a: number): QuarterTurn => ((((Math.round(a / 90) * 90) % 360) + 360) % 360) as QuarterTurn;

/**
 * The extra clockwise turn that stands a face upright, from the direction of eyes to mouth (down on an
 * upright face), with a weight that falls as the line leans away from a quarter turn; null when unclear.
 */
export function faceTurn(face: FaceMarks): { turn: QuarterTurn; weight: number } | null {
  if (face.score < MIN_FACE_SCORE || face.points.length < 4) return null;
  const [re, le, , mouth] = face.points;
  const dx = mouth[0] - (re[0] + le[0]) / 2;
  const dy = mouth[1] - (re[1] + le[1]) / 2;
  if (Math.hypot(dx, dy) < 2) return null;
  const theta = (Math.atan2(dy, dx) * 180) / Math.PI;
  // A clockwise quarter turn carries "right" to "down": the turn that makes the line point down is 90 - theta.
  const raw = 90 - theta;
  const turn = norm(raw);
  const lean = Math.abs(((raw - turn + 540) % 360) - 180);
  const off = Math.min(lean, 360 - lean);
  if (off > MAX_LEAN) return null;
  return { turn, weight: face.score * Math.cos((off * Math.PI) / 180) };
}

/** Sky hint per turn: the turn that carries the brightest, bluest edge band to the top. */
export function skyVotes(image: RgbImage): Record<QuarterTurn, number> {
  const { data, width, height } = image;
  const band = Math.max(1, Math.round(Math.min(width, height) * 0.15));
  const sides = { top: 0, right: 0, bottom: 0, left: 0 };
  const counts = { top: 0, right: 0, bottom: 0, left: 0 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      const sky = (r + g + b) / 3 + Math.max(0, b - r) * 0.8;
      const add = (side: keyof typeof sides) => {
        sides[side] += sky;
        counts[side] += 1;
      };
      if (y < band) add('top');
      if (y >= height - band) add('bottom');
      if (x < band) add('left');
      if (x >= width - band) add('right');
    }
  }
  // A clockwise turn of 90 brings the left edge to the top, 180 the bottom, 270 the right.
  const byTurn: Record<QuarterTurn, number> = {
    0: sides.top / counts.top, 90: sides.left / counts.left, 180: sides.bottom / counts.bottom, 270: sides.right / counts.right,
  };
  const ranked = TURNS.map((t) => byTurn[t]).sort((a, b) => b - a);
  const votes: Record<QuarterTurn, number> = { 0: 0, 90: 0, 180: 0, 270: 0 };
  const best = TURNS.find((t) => byTurn[t] === ranked[0]) ?? 0;
  // The margin over the runner-up, in grey levels: 40 or more is a clear sky edge.
  votes[best] = SKY_WEIGHT * Math.min(1, (ranked[0] - ranked[1]) / 40);
  return votes;
}

/** Adds up what every pass says and decides. Pure: the evidence comes from analysePhoto or a test. */
export function decideRotation(passes: TurnEvidence[], sky: Record<QuarterTurn, number>): RotationVerdict {
  const people: Record<QuarterTurn, number> = { 0: 0, 90: 0, 180: 0, 270: 0 };
  for (const pass of passes) {
    for (const face of pass.faces) {
      const found = faceTurn(face);
      if (found) people[norm(pass.turn + found.turn)] += found.weight;
    }
    for (const body of pass.bodies) {
      if (body.upright !== 0 && body.score >= 0.3) people[norm(pass.turn + (body.upright > 0 ? 0 : 180))] += body.score * 0.5;
    }
  }
  const votes: Record<QuarterTurn, number> = { 0: 0, 90: 0, 180: 0, 270: 0 };
  for (const t of TURNS) votes[t] = people[t] + sky[t];
  const total = TURNS.reduce<number>((s, t) => s + votes[t], 0);
  const best = TURNS.reduce<QuarterTurn>((a, b) => (votes[b] > votes[a] ? b : a), 0);
  const confidence = total > 0 ? votes[best] / total : 0;
  const sure = people[best] >= MIN_PEOPLE_VOTES && confidence >= MIN_SHARE;
  return { angle: sure && best !== 0 ? best : null, confidence, votes, peopleVotes: people, faces: [] };
}

/** The photo as the detector sees it after a turn: RGB, long edge at most ANALYSIS_EDGE. */
export async function turnedPixels(source: Buffer | string, turn: QuarterTurn): Promise<RgbImage> {
  const { data, info } = await sharp(source, { failOn: 'none' })
    .rotate() // EXIF orientation first, as every derived image does
    .rotate(turn)
    .resize(ANALYSIS_EDGE, ANALYSIS_EDGE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * True when a camera recorded the file's EXIF orientation: it knew which way was up, so nothing is suggested. An
 * orientation written by a scanner, a scanning app or an editor (no exposure recorded, exif-camera.ts) says nothing
 * about a print that lay upside down or sideways on the glass: such a scan is analysed like one without EXIF.
 */
export async function hasTrustedOrientation(source: Buffer | string): Promise<boolean> {
  const meta = await sharp(source, { failOn: 'none' }).metadata();
  return meta.orientation !== undefined && meta.orientation >= 1 && meta.orientation <= 8 && meta.exif !== undefined && exposedByCamera(meta.exif);
}

export type FaceDetector = (image: RgbImage) => Promise<{ faces: FaceMarks[]; bodies: Detections['bodies'] }>;

/** Runs the detector on the four turns of a photo and decides. */
export async function analysePhoto(source: Buffer | string, detectFaces: FaceDetector): Promise<RotationVerdict> {
  const passes: TurnEvidence[] = [];
  let sky: Record<QuarterTurn, number> = { 0: 0, 90: 0, 180: 0, 270: 0 };
  const faces: FaceBox[] = [];
  for (const turn of TURNS) {
    const image = await turnedPixels(source, turn);
    const found = await detectFaces(image);
    if (turn === 0) {
      sky = skyVotes(image);
      for (const { box, score } of found.faces) {
        if (!box || score < MIN_FACE_SCORE) continue;
        const clamp = (v: number) => Math.min(1, Math.max(0, v));
        faces.push({
          x1: clamp(box.x / image.width), x2: clamp((box.x + box.width) / image.width),
          y1: clamp(box.y / image.height), y2: clamp((box.y + box.height) / image.height), score,
        });
      }
    }
    passes.push({ turn, ...found });
  }
  return { ...decideRotation(passes, sky), faces };
}
