import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

/**
 * Bundles the web app into build/web: hashed assets plus an index.html that names them. A one-off build is made in
 * a staging folder and swapped in, so a server (or a test run) reading build/web never sees it half written.
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
  let html = readFileSync(path.join(root, 'web', 'index.html'), 'utf8').replace('__JS__', path.basename(js ?? 'main.js'));
  html = css ? html.replace('__CSS__', path.basename(css)) : html.replace(/\s*<link rel="stylesheet"[^>]*>/, '');
  writeFileSync(path.join(out, 'index.html'), html);
  cpSync(path.join(root, 'web', 'public'), assets, { recursive: true });
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
  plugins: [{ name: 'index', setup: (b) => b.onEnd((r) => (r.errors.length ? undefined : writeIndex(r))) }],
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
    const old = `${final}.old-${process.pid}`;
    if (existsSync(final)) renameSync(final, old);
    renameSync(out, final);
    rmSync(old, { recursive: true, force: true });
    const js = Object.entries(result.metafile?.outputs ?? {}).filter(([f]) => f.endsWith('.js')).reduce((n, [, o]) => n + o.bytes, 0);
    console.log(`Built web app in ${Date.now() - started} ms (${(js / 1024).toFixed(0)} KB of JavaScript).`);
  } catch (err) {
    rmSync(out, { recursive: true, force: true });
    throw err;
  }
}
