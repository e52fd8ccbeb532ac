/**
 * What the benchmark looks at inside one segment: the CPU each stage of its graph costs, and whether its picture is
 * as good as the reference's (render-2's graph, reference-graph.ts): SSIM on the luma plane, the Ken Burns
 * smoothness (second difference of a tracked edge) and the bit rate.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../../server/src/deps.ts';
import { PROFILES } from '../../../server/src/render/compile/profiles.ts';
import { segmentKey, type RenderPlan } from '../../../server/src/render/compile/render-plan.ts';
import { dvdPiece } from '../../../server/src/render/compile/dvd-pieces.ts';
import { STAGES, stageArgs, type SegmentCommand, type Stage } from '../../../server/src/render/compile/segment-graph.ts';
import { runSegmentCommand } from '../../../server/src/repositories/render.repository.ts';
import { FPS } from '../../../server/src/render/plan/types.ts';
import { runTool } from '../../../server/src/repositories/run-tool.ts';
import { referenceArgs } from './reference-graph.ts';

const TICKS = 100;

/** CPU seconds (user + system) of this process's finished children: every ffmpeg it waited for. */
export function childCpu(pid: number | 'self' = 'self'): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 16 and 17 of stat (cutime, cstime), counted from the state field (3).
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

/** CPU seconds of a process itself and of its finished children. */
export function treeCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS;
}

/** Runs an ffmpeg and answers its CPU seconds and wall seconds. */
export async function timed(command: SegmentCommand): Promise<{ cpu: number; wall: number }> {
  const cpu = childCpu();
  const started = performance.now();
  await runSegmentCommand(command, 30 * 60_000);
  return { cpu: childCpu() - cpu, wall: (performance.now() - started) / 1000 };
}

/** An ffmpeg input: a video file, or raw grey frames of `size` (the graphs' frames before the encode). */
type Picture = string | { grey: string; size: string };
const inputOf = (p: Picture): string[] => (typeof p === 'string' ? ['-i', p] : ['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', p.size, '-i', p.grey]);

/** SSIM of the luma plane of `file` against `reference`, over all frames. */
async function ssimY(file: Picture, reference: Picture): Promise<number> {
  const lavfi = '[0:v]format=gray[a];[1:v]format=gray[b];[a][b]ssim';
  const { stderr } = await runTool('ffmpeg', ['-hide_banner', '-nostdin', ...inputOf(file), ...inputOf(reference), '-lavfi', lavfi, '-f', 'null', '-'], 600_000);
  // On grey input ffmpeg names the only plane's figure "All".
  return Number(/SSIM (?:Y|All):([\d.]+)/.exec(stderr)?.[1] ?? NaN);
}

/** A band of grey rows across the middle of every frame, averaged down each column: one profile per frame. */
function columnProfiles(file: string, width: number, height: number, rows = 96): Promise<Float64Array[]> {
  return new Promise((resolve, reject) => {
    const top = Math.round((height - rows) / 2);
    const child = spawn('ffmpeg', ['-v', 'error', '-i', file, '-vf', `crop=${width}:${rows}:0:${top},format=gray`, '-f', 'rawvideo', '-'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}`));
      const data = Buffer.concat(chunks);
      const size = width * rows;
      const profiles: Float64Array[] = [];
      for (let at = 0; at + size <= data.length; at += size) {
        const p = new Float64Array(width);
        for (let y = 0; y < rows; y++) for (let x = 0; x < width; x++) p[x] += data[at + y * width + x] / rows;
        profiles.push(p);
      }
      resolve(profiles);
    });
  });
}

/**
 * Ken Burns smoothness: the strongest vertical edge of the first frame (a photo's side against its background) is
 * followed frame by frame to a tenth of a pixel; a move drawn at whole pixels shakes, which shows as second
 * differences of its position near half a pixel. Answers the mean and largest |second difference| in pixels.
 */
export async function smoothness(file: string, width: number, height: number, frames: number): Promise<{ mean: number; max: number; travel: number } | null> {
  const profiles = (await columnProfiles(file, width, height)).slice(0, frames);
  const gradient = (p: Float64Array, x: number) => p[x + 2] + p[x + 1] - p[x - 1] - p[x - 2];
  const peak = (p: Float64Array, from: number, to: number, sign: number) => {
    let best = -1;
    let at = -1;
    for (let x = Math.max(3, from); x < Math.min(width - 3, to); x++) {
      const g = sign * gradient(p, x);
      if (g > best) [best, at] = [g, x];
    }
    return { at, strength: best };
  };
  if (profiles.length < 5) return null;
  const first = profiles[0];
  const up = peak(first, 3, width - 3, 1);
  const down = peak(first, 3, width - 3, -1);
  const sign = up.strength >= down.strength ? 1 : -1;
  let x = sign > 0 ? up.at : down.at;
  if (Math.max(up.strength, down.strength) < 12) return null;
  const track: number[] = [];
  for (const p of profiles) {
    const found = peak(p, x - 6, x + 7, sign).at;
    if (found < 4 || found > width - 5) return null;
    const [a, b, c] = [sign * gradient(p, found - 1), sign * gradient(p, found), sign * gradient(p, found + 1)];
    const curve = a - 2 * b + c;
    const shift = curve < 0 ? Math.max(-0.5, Math.min(0.5, (a - c) / (2 * curve))) : 0;
    track.push(found + shift);
    x = found;
  }
  const d2 = track.slice(1, -1).map((v, i) => Math.abs(track[i + 2] - 2 * v + track[i]));
  return { mean: d2.reduce((s, v) => s + v, 0) / d2.length, max: Math.max(...d2), travel: Math.abs(track[track.length - 1] - track[0]) };
}

export interface SegmentCheck {
  index: number;
  seconds: number;
  /** Seconds of this process's CPU (sharp) drawing the scene, captions and overlays. */
  draw: number;
  /** CPU seconds of ffmpeg in each stage (differences between graphs cut after each stage). */
  stages: Record<Stage, number>;
  /** CPU seconds of the whole segment as the engine makes it, and of the reference. */
  cpu: number;
  referenceCpu: number;
  /**
   * SSIM Y of the engine's frames before the encode against the reference graph's, and of each encode against the
   * reference's frames. Two encodes are not compared with each other: x264 at CRF 20 keeps only part of the bench
   * photos' fine noise, and which part depends on every pixel, so two encodes of the same frames differ (0.977).
   */
  frames: { ssim: number; engineEncode: number; referenceEncode: number };
  smooth: { mean: number; max: number; travel: number } | null;
  referenceSmooth: { mean: number; max: number; travel: number } | null;
  mbits: number;
  referenceMbits: number;
}

/** Checks segment `index` of a finished render (its cached file is the engine's output). */
export async function checkSegment(deps: Deps, plan: RenderPlan, index: number, dir: string): Promise<SegmentCheck> {
  const profile = PROFILES[plan.profile];
  const segment = plan.timeline.segments[index];
  const work = path.join(dir, `segment-${index}`);
  await mkdir(work, { recursive: true });
  try {
    const ownCpu = process.cpuUsage();
    const { layers, next } = await deps.render.pieces.layers(plan, index, work);
    const used = process.cpuUsage(ownCpu);
    const cumulative: number[] = [];
    for (const stage of STAGES) {
      const piece = dvdPiece(plan, index);
      const dvd = piece ? { file: path.join(work, 'new.m2v'), piece } : undefined;
      const command = stageArgs(segment, layers, next, profile, stage, { file: path.join(work, 'new.mp4'), web: path.join(work, 'new-web.mp4'), dvd });
      cumulative.push((await timed(command)).cpu);
    }
    const stages = Object.fromEntries(STAGES.map((s, i) => [s, Math.max(0, cumulative[i] - (i ? cumulative[i - 1] : 0))])) as Record<Stage, number>;
    const reference = path.join(work, 'reference.mp4');
    const referenceCpu = (await timed({ args: referenceArgs(segment, layers, next, reference, profile), feeds: [] })).cpu;
    const made = deps.render.files.path(segmentKey(plan.profile, plan.hashes[index]));
    const size = `${profile.width}x${profile.height}`;
    const engineFrames = { grey: path.join(work, 'engine.grey'), size };
    const referenceFrames = { grey: path.join(work, 'reference.grey'), size };
    const drawn = stageArgs(segment, layers, next, profile, 'transition', { file: engineFrames.grey });
    await timed({ ...drawn, args: [...drawn.args.slice(0, -3), '-pix_fmt', 'gray', '-f', 'rawvideo', engineFrames.grey] });
    await timed({ args: referenceArgs(segment, layers, next, referenceFrames.grey, profile, true), feeds: [] });
    const frames = { ssim: await ssimY(engineFrames, referenceFrames), engineEncode: await ssimY(made, referenceFrames), referenceEncode: await ssimY(reference, referenceFrames) };
    await rm(engineFrames.grey, { force: true });
    await rm(referenceFrames.grey, { force: true });
    const seconds = segment.frames / FPS;
    // Only the frames before the transition: a blend moves every edge.
    const still = segment.frames - (segment.transition?.frames ?? 0);
    return {
      index,
      seconds,
      draw: (used.user + used.system) / 1e6,
      stages,
      cpu: cumulative[cumulative.length - 1],
      referenceCpu,
      frames,
      smooth: await smoothness(made, profile.width, profile.height, still),
      referenceSmooth: await smoothness(reference, profile.width, profile.height, still),
      mbits: (statSync(made).size * 8) / seconds / 1e6,
      referenceMbits: (statSync(reference).size * 8) / seconds / 1e6,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A few photo segments spread over the video, the ones with a transition first. */
export function sampleSegments(plan: RenderPlan, count: number): number[] {
  const photos = plan.timeline.segments.filter((s) => s.visual.kind === 'photo' && s.visual.motion).map((s) => s.index);
  const step = Math.max(1, photos.length / count);
  return Array.from({ length: Math.min(count, photos.length) }, (_, i) => photos[Math.floor(i * step)]);
}
