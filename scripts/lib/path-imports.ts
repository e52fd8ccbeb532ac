import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as esbuild from 'esbuild';

/**
 * An esbuild plugin that turns named imports from the barrels of @mui/material and @mui/icons-material into MUI's
 * documented path imports: `import { Box, Slider as S } from '@mui/material'` becomes
 * `import Box from '@mui/material/Box'; import S from '@mui/material/Slider';`.
 *
 * Why: esbuild's code splitting gives a module to every entry that reaches its file, and a barrel re-exports every
 * component. Once the app shell imports Box through the barrel, every component any lazily loaded page imports
 * through it (sliders, tabs, autocompletes, tables) is reached from the shell too and lands in the first load. With
 * path imports each component is reached only from the pages that use it.
 *
 * Type-only names stay on the barrel as an `import type` (erased), and so do names the barrel does not re-export from
 * one of the package's subpaths (none of those the app uses today). The rewritten imports stay on the
 * line they came from, so source maps still point at the right lines.
 */

export interface Origin {
  /** The package's subpath: '@mui/material/Slider'. */
  from: string;
  /** The name in that module, or 'default'. */
  name: string;
}

const require = createRequire(import.meta.url);

/** The names a module exports, following `export * from` into files of the same package. */
function exportedNames(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const item of list.split(',')) {
      const exported = item.trim().split(/\s+as\s+/).pop()?.trim();
      if (exported && exported !== 'default') names.push(exported);
    }
  }
  for (const [, name] of source.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/g)) names.push(name);
  for (const [, target] of source.matchAll(/export\s*\*\s*from\s*["'](\.[^"']+)["']/g)) {
    names.push(...exportedNames(path.resolve(path.dirname(file), target), seen));
  }
  return names;
}

/**
 * Where each name of a package's barrel comes from: `export { default as X } from "./X/index.mjs"` is X's default,
 * and the names of `export * from "./P/index.mjs"` are P's named exports. Only subpaths the package exports count.
 */
export function barrelOrigins(pkg: string): Map<string, Origin> {
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  const barrel = path.join(dir, 'index.mjs');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
  const exported = Object.keys(manifest.exports ?? {});
  const subpathOf = (target: string): string | undefined => {
    const sub = target.replace(/^\.\//, '').replace(/(\/index)?\.mjs$/, '');
    const allowed = exported.includes(`./${sub}`) || (exported.includes('./*') && !sub.includes('/'));
    return allowed ? `${pkg}/${sub}` : undefined;
  };
  const origins = new Map<string, Origin>();
  const source = readFileSync(barrel, 'utf8');
  for (const [, name, target] of source.matchAll(/export\s*\{\s*default\s+as\s+([\w$]+)\s*\}\s*from\s*"(\.[^"]+)"/g)) {
    const from = subpathOf(target);
    if (from && !origins.has(name)) origins.set(name, { from, name: 'default' });
  }
  for (const [, target] of source.matchAll(/export\s*\*\s*from\s*"(\.[^"]+)"/g)) {
    const from = subpathOf(target);
    if (!from) continue;
    for (const name of exportedNames(path.resolve(dir, target))) if (!origins.has(name)) origins.set(name, { from, name });
  }
  return origins;
}

const PACKAGES = ['@mui/material', '@mui/icons-material'];
const IMPORT = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'(${PACKAGES.join('|')})';?`, 'g');

/** The source with its barrel imports of PACKAGES rewritten to path imports (same line count). */
export function rewriteImports(source: string, origins: (pkg: string) => Map<string, Origin>): string {
  return source.replace(IMPORT, (whole, list: string, pkg: string) => {
    const kept: string[] = [];
    const types: string[] = [];
    const statements: string[] = [];
    for (const raw of list.split(',')) {
      const item = raw.trim();
      if (!item) continue;
      if (item.startsWith('type ')) {
        types.push(item.slice(5).trim());
        continue;
      }
      const [name, local = name] = item.split(/\s+as\s+/).map((s) => s.trim());
      const origin = origins(pkg).get(name);
      if (!origin) kept.push(item);
      else if (origin.name === 'default') statements.push(`import ${local} from '${origin.from}';`);
      else statements.push(`import { ${origin.name === local ? local : `${origin.name} as ${local}`} } from '${origin.from}';`);
    }
    if (kept.length) statements.unshift(`import { ${kept.join(', ')} } from '${pkg}';`);
    // A type-only import is erased whatever the compiler settings, so it never makes the barrel reachable.
    if (types.length) statements.unshift(`import type { ${types.join(', ')} } from '${pkg}';`);
    // Keep the statement's line breaks, so every later line keeps its number.
    return statements.join(' ') + '\n'.repeat(whole.split('\n').length - 1);
  });
}

/** The plugin for the web app's own sources (`filter` picks them). */
export function pathImports(filter: RegExp): esbuild.Plugin {
  const cache = new Map<string, Map<string, Origin>>();
  const origins = (pkg: string) => {
    if (!cache.has(pkg)) cache.set(pkg, barrelOrigins(pkg));
    return cache.get(pkg)!;
  };
  return {
    name: 'path-imports',
    setup(build) {
      build.onLoad({ filter }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const loader = path.extname(args.path).slice(1) as esbuild.Loader;
        return { contents: rewriteImports(source, origins), loader };
      });
    },
  };
}
