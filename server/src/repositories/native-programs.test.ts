import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { nativeProgram } from './native-programs.ts';
import { runTool, ToolError } from './run-tool.ts';

const SW = 352;
const SH = 198;
const W = 320;
const H = 180;

/** SSIM of the luma planes of two raw yuv420p files of W x H frames, over all frames. */
async function ssimY(a: string, b: string): Promise<number> {
  const raw = ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`];
  const { stderr } = await runTool('ffmpeg', ['-hide_banner', '-nostdin', ...raw, '-i', a, ...raw, '-i', b, '-lavfi', '[0:v][1:v]ssim', '-f', 'null', '-'], 60_000);
  return Number(/SSIM Y:([\d.]+)/.exec(stderr)?.[1] ?? NaN);
}

describe('the kenburns program', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-kenburns-'));
  const still = path.join(dir, 'still.rgb');
  const frameBytes = (W * H * 3) / 2;
  let program: string;

  before(async () => {
    program = await nativeProgram('kenburns');
    // Detail at every scale: soft shapes, hard edges and fine lines, so a picture off by a fraction of a pixel shows.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SW}" height="${SH}">
      <rect width="${SW}" height="${SH}" fill="#3a5f8a"/><circle cx="120" cy="90" r="60" fill="#e8c07a"/>
      <rect x="200" y="40" width="90" height="110" fill="#20252b"/>
      ${Array.from({ length: 30 }, (_, i) => `<line x1="${10 + i * 11}" y1="150" x2="${16 + i * 11}" y2="195" stroke="#f4f4f4" stroke-width="${1 + (i % 3)}"/>`).join('')}
    </svg>`;
    const { data } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    writeFileSync(still, data);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('draws the frames of render-2 (perspective at the work size, then a bicubic scale) for zooms and pans', async () => {
    // Rectangles in work pixels: a zoom in from the whole still, and a pan across a part of it.
    const moves = [
      { x: 0, y: 0, w: SW, h: SH, dx: 1.1, dy: 0.62, dw: -2.2, dh: -1.24 },
      { x: 8.25, y: 10.5, w: 300.3, h: 168.9, dx: -0.137, dy: 0.05, dw: 0, dh: 0 },
    ];
    for (const [i, m] of moves.entries()) {
      const frames = 40;
      // render-2's graph; its perspective filter counts frames from 1, so frame n shows the rectangle n + 1.
      const line = (start: number, step: number) => `'${start}+${step}*in'`;
      const corners = [
        `x0=${line(m.x, m.dx)}`, `y0=${line(m.y, m.dy)}`, `x1=${line(m.x + m.w, m.dx + m.dw)}`, `y1=${line(m.y, m.dy)}`,
        `x2=${line(m.x, m.dx)}`, `y2=${line(m.y + m.h, m.dy + m.dh)}`, `x3=${line(m.x + m.w, m.dx + m.dw)}`, `y3=${line(m.y + m.h, m.dy + m.dh)}`,
      ].join(':');
      const reference = path.join(dir, `reference-${i}.yuv`);
      await runTool('ffmpeg', [
        '-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${SW}x${SH}`, '-framerate', '30', '-i', still,
        '-filter_complex', `[0:v]scale=${SW}:${SH}:out_color_matrix=bt709:out_range=tv,format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,settb=1/30,setpts=N,perspective=${corners}:interpolation=linear:eval=frame,scale=${W}:${H}:flags=bicubic[o]`,
        '-map', '[o]', '-frames:v', String(frames), '-f', 'rawvideo', reference,
      ], 60_000);
      const ours = path.join(dir, `ours-${i}.yuv`);
      const args = [still, SW, SH, W, H, frames, m.x + m.dx, m.y + m.dy, m.w + m.dw, m.h + m.dh, m.dx, m.dy, m.dw, m.dh].map(String);
      await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`, '-framerate', '30', '-i', 'pipe:3', '-f', 'rawvideo', ours], 60_000, [{ command: program, args, fd: 3 }]);
      assert.equal(readFileSync(ours).length, frames * frameBytes, 'every frame, whole');
      const ssim = await ssimY(ours, reference);
      assert.ok(ssim > 0.99, `move ${i}: SSIM Y ${ssim}`);
    }
  });

  it('keeps a flat colour exactly that colour (BT.709, limited range)', async () => {
    const grey = path.join(dir, 'grey.rgb');
    writeFileSync(grey, Buffer.alloc(SW * SH * 3, 128));
    const out = path.join(dir, 'grey.yuv');
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`, '-i', 'pipe:3', '-f', 'rawvideo', out], 60_000, [
      { command: program, args: [grey, SW, SH, W, H, 3, 3.3, 2.1, 330, 185.6, 0.4, 0.2, -0.8, -0.45].map(String), fd: 3 },
    ]);
    const frames = readFileSync(out);
    assert.equal(frames.length, 3 * frameBytes);
    // 16 + 219 * 128 / 255 = 125.9; chroma at the middle.
    assert.deepEqual(new Set(frames.subarray(0, W * H)), new Set([126]));
    assert.deepEqual(new Set(frames.subarray(W * H, frameBytes)), new Set([128]));
  });

  it('fails the run when it cannot draw, instead of leaving ffmpeg a shorter picture', async () => {
    const out = path.join(dir, 'missing.yuv');
    await assert.rejects(
      runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`, '-i', 'pipe:3', '-f', 'rawvideo', out], 60_000, [
        { command: program, args: [path.join(dir, 'nothing.rgb'), SW, SH, W, H, 10, 0, 0, SW, SH, 0, 0, 0, 0].map(String), fd: 3 },
      ]),
      (err: unknown) => err instanceof ToolError && /kenburns: cannot read/.test(err.message),
    );
  });

  it('ends quietly when ffmpeg has all the frames it wants before the move ends', async () => {
    const out = path.join(dir, 'five.yuv');
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`, '-i', 'pipe:3', '-frames:v', '5', '-f', 'rawvideo', out], 60_000, [
      { command: program, args: [still, SW, SH, W, H, 2000, 0, 0, SW, SH, 0, 0, 0, 0].map(String), fd: 3 },
    ]);
    assert.equal(readFileSync(out).length, 5 * frameBytes);
  });
});
