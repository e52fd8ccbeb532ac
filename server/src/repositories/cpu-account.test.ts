import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inStage, nodeCpu, parseCpuLog } from './cpu-account.ts';
import { runTool, ToolError } from './run-tool.ts';

describe('the render CPU account (RENDER_CPU_LOG)', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-cpu-account-'));
  const log = path.join(dir, 'cpu.log');
  const records = () => parseCpuLog(readFileSync(log, 'utf8'));

  before(() => {
    process.env.RENDER_CPU_LOG = log;
  });
  after(() => {
    delete process.env.RENDER_CPU_LOG;
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts each tool to its last CPU second under the stage that ran it, with its feeds, and keeps its output', async () => {
    // A second of work in ffmpeg, fed a second's raw frames by a shell loop that burns CPU itself.
    const feed = { command: 'sh', args: ['-c', 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; head -c 1382400 /dev/zero'], fd: 3 };
    const { stderr } = await inStage('segment', () => runTool('ffmpeg', ['-hide_banner', '-nostdin', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', '640x360', '-i', 'pipe:3', '-c:v', 'libx264', '-preset', 'medium', '-f', 'null', '-'], 60_000, [feed]));
    assert.match(stderr, /libx264|frame=/);
    const [shell, ffmpeg] = ['sh', 'ffmpeg'].map((program) => records().find((r) => r.program === program)!);
    assert.equal(shell.stage, 'segment');
    assert.equal(ffmpeg.stage, 'segment');
    // The loop alone is well over a tenth of a second on any machine; ffmpeg's peak memory is counted too.
    assert.ok(shell.user + shell.system > 0.1, `sh ${shell.user + shell.system}`);
    assert.ok(ffmpeg.user + ffmpeg.system > 0, `ffmpeg ${ffmpeg.user}`);
    assert.ok(ffmpeg.rssKb > 1000);
  });

  it('passes a failing tool\'s exit status and words on, and counts it under "other" outside every stage', async () => {
    await assert.rejects(runTool('sh', ['-c', 'echo broken >&2; exit 3'], 10_000), (err: ToolError) => err.code === 3 && /broken/.test(err.message));
    assert.equal(records().at(-1)!.stage, 'other');
  });

  it('ends the tool with its wrapper when the run is killed for its time', async () => {
    await assert.rejects(runTool('sleep', ['31.25'], 300), ToolError);
    const alive = async () => (await runTool('ps', ['-eo', 'args='], 10_000, [], { account: false })).stdout.split('\n').some((line) => line.trim() === 'sleep 31.25');
    for (let i = 0; i < 50 && (await alive()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await alive(), false);
  });

  it('logs the worker\'s own CPU around a piece of its work', async () => {
    await inStage('join', () => nodeCpu('mp4 join', async () => {
      const before = process.cpuUsage();
      while (process.cpuUsage(before).user < 150_000);
    }));
    const own = records().at(-1)!;
    assert.equal(own.stage, 'join');
    assert.equal(own.program, 'node:mp4 join');
    assert.ok(own.user + own.system > 0.1);
  });
});
