import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AudioPlan } from '../render/plan/types.ts';
import { LOUDNESS } from '../render/compile/profiles.ts';
import { linearGain, loudnessRepository } from './loudness.repository.ts';
import { levelingOf, renderRepository } from './render.repository.ts';
import { runTool } from './run-tool.ts';

const SECONDS = 12;
const planOf = (file: string): AudioPlan => ({
  duration: SECONDS, clips: [], ducks: [], fadeOut: 0,
  music: [{ songId: 1, file, from: 0, to: SECONDS, at: 0, volume: 1, fadeIn: 0, fadeOut: 0 }],
});

describe('linearGain', () => {
  const target = { integrated: -16, truePeak: -2, range: 11 };
  it('is the difference to the target when the raised peaks stay under the ceiling', () => {
    assert.equal(linearGain({ integrated: -20, truePeak: -8, range: 4, seconds: 1 }, target), 4);
    assert.equal(linearGain({ integrated: -10, truePeak: -1, range: 4, seconds: 1 }, target), -6);
  });
  it('is null when the raised peaks would pass the ceiling, less the margin', () => {
    assert.equal(linearGain({ integrated: -20, truePeak: -5, range: 4, seconds: 1 }, target), null);
    assert.equal(linearGain({ integrated: -20, truePeak: -6.1, range: 4, seconds: 1 }, target, { margin: 0.2 }), null);
    assert.equal(linearGain({ integrated: -20, truePeak: -6.3, range: 4, seconds: 1 }, target, { margin: 0.2 }), 4);
  });
  it('is null for silence, and for a range wider than the target when asked to keep it', () => {
    assert.equal(linearGain({ integrated: -Infinity, truePeak: -Infinity, range: 0, seconds: 1 }, target), null);
    assert.equal(linearGain({ integrated: -75, truePeak: -60, range: 0, seconds: 1 }, target), null);
    assert.equal(linearGain({ integrated: -20, truePeak: -8, range: 14, seconds: 1 }, target), 4);
    assert.equal(linearGain({ integrated: -20, truePeak: -8, range: 14, seconds: 1 }, target, { rangeLimit: true }), null);
  });
});

describe('the render’s sound job', function () {
  this.timeout(60_000);
  let dir: string;
  const make = async (name: string, expression: string): Promise<string> => {
    const file = path.join(dir, `${name}.m4a`);
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc='${expression}':s=48000:d=${SECONDS}`, '-ac', '2', '-c:a', 'aac', '-b:a', '192k', file], 30_000);
    return file;
  };
  before(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-render-audio-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('levels a steady mix with one gain, measured at its own rate, to the target', async () => {
    const file = await make('steady', '0.3*sin(2*PI*440*t)+0.2*sin(2*PI*660*t)');
    const plan = planOf(file);
    const leveling = await levelingOf(plan, { music: [file], clips: [] });
    assert.ok(leveling && 'gain' in leveling, `one gain: ${JSON.stringify(leveling)}`);
    const before = await loudnessRepository().read(file);
    assert.ok(Math.abs(leveling.gain - (LOUDNESS.integrated - before.integrated)) < 0.2, `gain ${leveling.gain} for ${before.integrated} LUFS`);
    const out = path.join(dir, 'steady-out.m4a');
    const web = path.join(dir, 'steady-web.m4a');
    const disc = path.join(dir, 'steady-dvd.ac3');
    await renderRepository().audio(plan, { music: [file], clips: [] }, '192k', out, [{ bitrate: '128k', output: web }, { bitrate: '192k', output: disc, codec: 'ac3' }]);
    const ac3 = await renderRepository().probe(disc);
    assert.deepEqual([ac3.audio?.codec, ac3.audio?.sampleRate, ac3.audio?.channels], ['ac3', 48000, 2]);
    for (const f of [out, web, disc]) {
      const reading = await loudnessRepository().read(f);
      assert.ok(Math.abs(reading.integrated - LOUDNESS.integrated) <= 0.3, `${path.basename(f)}: ${reading.integrated} LUFS`);
      assert.ok(reading.truePeak <= LOUDNESS.truePeak + 0.3, `${path.basename(f)}: ${reading.truePeak} dBTP`);
      // The web's and the disc's sound come from a second ffmpeg fed through a pipe: each is the whole mix.
      assert.ok(Math.abs(reading.seconds - plan.duration) < 0.05, `${path.basename(f)}: ${reading.seconds} s of ${plan.duration}`);
    }
  });

  it('shaves the peaks one gain would push over the ceiling with a limiter, then still reaches the target', async () => {
    const file = await make('clicks', '0.08*sin(2*PI*440*t)+if(lt(mod(t,1),0.003),0.9,0)');
    const plan = planOf(file);
    const leveling = await levelingOf(plan, { music: [file], clips: [] });
    assert.ok(leveling && 'gain' in leveling && leveling.limiter?.includes('alimiter'), `a gain after a limiter: ${JSON.stringify(leveling)}`);
    const out = path.join(dir, 'clicks-out.m4a');
    await renderRepository().audio(plan, { music: [file], clips: [] }, '192k', out);
    const reading = await loudnessRepository().read(out);
    assert.ok(Math.abs(reading.integrated - LOUDNESS.integrated) <= 0.5, `${reading.integrated} LUFS`);
    assert.ok(reading.truePeak <= LOUDNESS.truePeak + 0.5, `${reading.truePeak} dBTP`);
  });

  it('keeps the dynamics of a mix as wide as the stock music’s: one gain, no compression', async () => {
    const file = await make('swell', 'if(lt(t,6),0.08,0.5)*sin(2*PI*440*t)');
    const plan = planOf(file);
    const before = await loudnessRepository().read(file);
    assert.ok(before.range > 13, `the source's range: ${before.range} LU`);
    const leveling = await levelingOf(plan, { music: [file], clips: [] });
    assert.ok(leveling && 'gain' in leveling, `one gain: ${JSON.stringify(leveling)}`);
    const out = path.join(dir, 'swell-out.m4a');
    await renderRepository().audio(plan, { music: [file], clips: [] }, '192k', out);
    const reading = await loudnessRepository().read(out);
    assert.ok(Math.abs(reading.range - before.range) <= 0.5, `range ${before.range} to ${reading.range} LU`);
    assert.ok(Math.abs(reading.integrated - LOUDNESS.integrated) <= 0.5, `${reading.integrated} LUFS`);
  });

  it('sends a mix whose loudness range is wider than the target through loudnorm', async () => {
    const file = await make('wide', 'if(lt(t,4),0.03,if(lt(t,8),0.12,0.5))*sin(2*PI*440*t)');
    const plan = planOf(file);
    const before = await loudnessRepository().read(file);
    assert.ok(before.range > LOUDNESS.range, `the source's range: ${before.range} LU`);
    const leveling = await levelingOf(plan, { music: [file], clips: [] });
    assert.ok(leveling && 'measure' in leveling, `loudnorm's measure: ${JSON.stringify(leveling)}`);
    const out = path.join(dir, 'wide-out.m4a');
    await renderRepository().audio(plan, { music: [file], clips: [] }, '192k', out);
    const reading = await loudnessRepository().read(out);
    // Twelve seconds are too short for loudnorm's 3 s windows to bring the range down; its limiter holds.
    assert.ok(reading.truePeak <= -1, `${reading.truePeak} dBTP`);
  });

  it('leaves silence alone', async () => {
    const file = await make('silence', '0');
    assert.equal(await levelingOf(planOf(file), { music: [file], clips: [] }), null);
  });
});
