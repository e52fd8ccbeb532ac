import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { barrelOrigins, rewriteImports, type Origin } from './path-imports.ts';

const cache = new Map<string, Map<string, Origin>>();
const origins = (pkg: string) => {
  if (!cache.has(pkg)) cache.set(pkg, barrelOrigins(pkg));
  return cache.get(pkg)!;
};

describe('path imports for the MUI barrels', () => {
  it('imports each component from its own subpath, named helpers by name, and keeps types on the barrel', () => {
    const source = [
      "import { Box, Slider as S, sliderClasses, useTheme, type SxProps } from '@mui/material';",
      "import { Delete, Search as Find } from '@mui/icons-material';",
      "import { alpha } from '@mui/material/styles';",
      'const x = 1;',
    ].join('\n');
    assert.equal(
      rewriteImports(source, origins),
      [
        "import type { SxProps } from '@mui/material'; import Box from '@mui/material/Box'; import S from '@mui/material/Slider'; import { sliderClasses } from '@mui/material/Slider'; import { useTheme } from '@mui/material/styles';",
        "import Delete from '@mui/icons-material/Delete'; import Find from '@mui/icons-material/Search';",
        "import { alpha } from '@mui/material/styles';",
        'const x = 1;',
      ].join('\n'),
    );
  });

  it('keeps the line count of an import written over several lines', () => {
    const source = "import {\n  Box,\n  Button,\n} from '@mui/material';\nexport const line = 5;";
    const out = rewriteImports(source, origins);
    assert.equal(out.split('\n').length, source.split('\n').length);
    assert.equal(out.split('\n')[4], 'export const line = 5;');
    assert.match(out, /^import Box from '@mui\/material\/Box'; import Button from '@mui\/material\/Button';/);
  });

  it('leaves no value import on a barrel anywhere in the web app', () => {
    const root = path.resolve(import.meta.dirname, '../../web/src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
    const left: string[] = [];
    for (const file of files) {
      const out = rewriteImports(readFileSync(path.join(root, file), 'utf8'), origins);
      for (const [statement] of out.matchAll(/import\s*\{[^}]*\}\s*from\s*'@mui\/(material|icons-material)';/g)) left.push(`${file}: ${statement}`);
    }
    assert.deepEqual(left, []);
  });
});
