import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'mocha';

/**
 * Mocha root hooks that write how long each test file took, for finding what makes a phase slow. With
 * TEST_FILE_TIMES naming a file, every file's run appends "seconds<TAB>path" to it. In a parallel run each file is
 * its own root suite, so the hooks time one file; in a serial run they time the whole run, named "(all files)".
 */
const out = process.env.TEST_FILE_TIMES;
let started = 0;

function fileOf(context: Context): string {
  const files = new Set<string>();
  const visit = (suite: Mocha.Suite) => {
    if (suite.file) files.add(suite.file);
    suite.suites.forEach(visit);
  };
  const root = context.test?.parent;
  if (root) visit(root);
  return files.size === 1 ? path.relative(process.cwd(), [...files][0]) : '(all files)';
}

export const mochaHooks = out
  ? {
      beforeAll(): void {
        started = performance.now();
      },
      afterAll(this: Context): void {
        appendFileSync(out, `${((performance.now() - started) / 1000).toFixed(1)}\t${fileOf(this)}\n`);
      },
    }
  : {};
