import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** Alive and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('runTool', () => {
  it('starts tools with one OpenBLAS thread, so no idle thread spins beside ffmpeg', async () => {
    const { runTool } = await import('./run-tool.ts');
    const { stdout } = await runTool('sh', ['-c', 'echo "$OPENBLAS_NUM_THREADS"'], 10_000);
    assert.equal(stdout.trim(), process.env.OPENBLAS_NUM_THREADS ?? '1');
  });

  it('gives tools the environment as it is when they start, not as it was when the module loaded', async () => {
    const { runTool } = await import('./run-tool.ts');
    process.env.TRIBUTE_RUN_TOOL_PROBE = 'set later';
    try {
      const { stdout } = await runTool('sh', ['-c', 'echo "$TRIBUTE_RUN_TOOL_PROBE"'], 10_000);
      assert.equal(stdout.trim(), 'set later');
    } finally {
      delete process.env.TRIBUTE_RUN_TOOL_PROBE;
    }
  });

  it('ends the tools it started when the process that started them exits', async function () {
    this.timeout(20_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-run-tool-'));
    const pidFile = path.join(dir, 'pid');
    try {
      const script = `
        import { runTool } from ${JSON.stringify(path.resolve('server/src/repositories/run-tool.ts'))};
        runTool('sh', ['-c', 'echo $$ > ${pidFile}; exec sleep 60'], 120000).catch(() => {});
        const wait = setInterval(async () => {
          const { existsSync } = await import('node:fs');
          if (existsSync(${JSON.stringify(pidFile)})) { clearInterval(wait); process.exit(0); }
        }, 20);`;
      await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
      assert.ok(existsSync(pidFile), 'the tool started');
      const pid = Number(readFileSync(pidFile, 'utf8'));
      const deadline = Date.now() + 5000;
      while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(alive(pid), false, 'the tool ended with its parent');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
