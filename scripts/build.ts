import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { pathImports } from './lib/path-imports.ts';

/**
 * Bundles the web app into build/web: hashed assets plus an index.html that names them. Pages are split into chunks
 * loaded when their route is opened (app/lazy-page.tsx), so the entry holds only the shell and what every page needs.
 * A one-off build is made in a staging folder and swapped in, so a server (or a test run) reading build/web never sees
 * it half written; it also gets a brotli (.br) and a gzip (.gz) copy of every text file, which the server sends to
 * browsers that accept them (server/src/http/static.ts). The --watch build skips them: the server falls back to the
 * plain file, and an index.html rewritten on each change never sits beside a stale compressed copy.
 */
const root = path.resolve(import.meta.dirname, '..');
const final = path.join(root, 'build', 'web');
const watch = process.argv.includes('--watch');
const out = watch ? final : `${final}.staging-${process.pid}`;
const assets = path.join(out, 'assets');

function writeIndex(result: esbuild.BuildResult): void {
  const outputs = Object.keys(result.metafile?.outputs ?? {});
  const js = outputs.find((f) => /main-[A-Z0-9]+\.js$/.test(f));
  const css = outputs.find((f) => /main-[A-Z0-9]+\.css$/.test(f));
  // The entry's own static imports are fetched at once beside it rather than after it has been parsed.
  const preloads = (js ? result.metafile!.outputs[js].imports : [])
    .filter((i) => i.kind === 'import-statement' && !i.external)
    .map((i) => `<link rel="modulepreload" href="/assets/${path.basename(i.path)}" />`);
  let html = readFileSync(path.join(root, 'web', 'index.html'), 'utf8').replace('__JS__', path.basename(js ?? 'main.js'));
  html = html.replace('  </head>', `${preloads.map((l) => `    ${l}\n`).join('')}  </head>`);
  html = css ? html.replace('__CSS__', path.basename(css)) : html.replace(/\s*<link rel="stylesheet"[^>]*>/, '');
  writeFileSync(path.join(out, 'index.html'), html);
  cpSync(path.join(root, 'web', 'public'), assets, { recursive: true });
}

// Not index.html: the server writes a fresh nonce into it for each page load (content-security-policy.ts) and compresses it then.
const COMPRESSED = /\.(js|css|svg|json)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes name.br (brotli at its best quality) and name.gz (gzip level 9) beside every text file of the build. */
async function compressAll(dir: string): Promise<void> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && COMPRESSED.test(f.name));
  await Promise.all(
    files.map(async (f) => {
      const file = path.join(f.parentPath, f.name);
      const body = await readFile(file);
      const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
      await writeFile(`${file}.br`, await brotli(body, { params }));
      await writeFile(`${file}.gz`, await gzip(body, { level: 9 }));
    }),
  );
}

const options: esbuild.BuildOptions = {
  entryPoints: [path.join(root, 'web', 'src', 'main.tsx')],
  bundle: true,
  format: 'esm',
  splitting: true,
  outdir: assets,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  minify: !watch,
  sourcemap: true,
  target: ['chrome110', 'firefox110', 'safari16'],
  metafile: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': JSON.stringify(watch ? 'development' : 'production') },
  logLevel: 'warning',
  plugins: [
    // MUI imported through its barrels would put every component any page uses into the first load (see the plugin).
    pathImports(/[\\/]web[\\/]src[\\/].*\.tsx?$/),
    { name: 'index', setup: (b) => b.onEnd((r) => (r.errors.length ? undefined : writeIndex(r))) },
  ],
};

rmSync(out, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });
if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('Watching web/src ...');
} else {
  const started = Date.now();
  try {
    const result = await esbuild.build(options);
    await compressAll(out);
    const old = `${final}.old-${process.pid}`;
    if (existsSync(final)) renameSync(final, old);
    renameSync(out, final);
    rmSync(old, { recursive: true, force: true });
    const js = Object.entries(result.metafile?.outputs ?? {}).filter(([f]) => f.endsWith('.js')).reduce((n, [, o]) => n + o.bytes, 0);
    console.log(`Built web app in ${Date.now() - started} ms (${(js / 1024).toFixed(0)} KB of JavaScript, compressed copies beside).`);
  } catch (err) {
    rmSync(out, { recursive: true, force: true });
    throw err;
  }
}
