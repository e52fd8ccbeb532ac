import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../server/src/config.ts';
import { importCircles, runtimeImports, SOURCE_ROOTS } from './import-cycles.ts';

describe('import circles', () => {
  it('counts static, re-exported and lazy imports, and leaves type-only ones out', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "export { c } from './c.ts';",
      "export type { D } from './d.ts';",
      "const Page = lazy(() => import('./Page.tsx'));",
      "import React from 'react';",
    ].join('\n');
    assert.deepEqual(runtimeImports(source), ['./a.ts', './c.ts', './Page.tsx']);
  });

  it('finds a circle closed by a lazy route import through a feature index', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'circles-'));
    try {
      mkdirSync(path.join(root, 'src/feature'), { recursive: true });
      writeFileSync(path.join(root, 'src/feature/index.ts'), "export { ROUTES } from './routes.ts';\n");
      writeFileSync(path.join(root, 'src/feature/routes.ts'), "export const ROUTES = [() => import('./Page.tsx')];\n");
      writeFileSync(path.join(root, 'src/feature/Page.tsx'), "import { ROUTES } from './index.ts';\nexport default ROUTES;\n");
      writeFileSync(path.join(root, 'src/alone.ts'), "import type { ROUTES } from './feature/index.ts';\n");
      assert.deepEqual(importCircles(root, ['src']), [['src/feature/Page.tsx', 'src/feature/index.ts', 'src/feature/routes.ts']]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the house has none', function () {
    this.timeout(60_000);
    assert.deepEqual(importCircles(projectRoot, SOURCE_ROOTS), []);
  });
});
