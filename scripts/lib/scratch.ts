import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';

/**
 * Temporary files and folders of a command: removed by `remove()` when the work is done, and on the way out
 * if the process exits first (a Ctrl-C ends the commands through process.exit, which runs 'exit' hooks).
 */
export function scratch(...paths: string[]): { remove(): Promise<void> } {
  const onExit = () => {
    for (const p of paths) rmSync(p, { recursive: true, force: true });
  };
  process.on('exit', onExit);
  return {
    async remove() {
      process.off('exit', onExit);
      for (const p of paths) await rm(p, { recursive: true, force: true });
    },
  };
}
