/**
 * The first-start benchmark: `npm start`'s server (server/src/main.ts, embedded PostgreSQL) on a fresh data folder
 * with an empty generated-asset cache, as a new installation meets it. From the moment the demo logins are printed
 * it signs in as the demo staff user and asks the pages' own calls every second, printing the seconds until every
 * stock song is playable with its length and until every theme has its thumbnail, poster and looping preview.
 *
 *   node --import tsx scripts/bench/first-start.ts [--keep-cache]
 *
 * --keep-cache uses the machine's cache (~/.cache/tribute) instead of an empty one: the second start's figure.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../server/src/config.ts';
import { freePort } from '../../server/src/db/embedded.ts';
import { LIBRARY } from '../../server/src/music/catalogue.ts';
import { THEMES, CUSTOM_THEME_BASE_ID } from '../../server/src/themes/catalogue.ts';

const GOAL_SECONDS = 180;
const LIMIT_SECONDS = 15 * 60;
const keepCache = process.argv.includes('--keep-cache');

interface StockList {
  stock_songs: { id: number; song_length: number; preview_url: string }[];
  preparing?: number;
}
interface ThemeList {
  themes: { id: number; thumbnail_url: string | null; poster_url: string | null; preview_url: string | null }[];
  preparing?: number;
}

const seconds = (from: number): string => ((performance.now() - from) / 1000).toFixed(1);
const line = (what: string, value: string, goal: string): void => console.log(`${what.padEnd(44)} ${value.padStart(10)}   goal ${goal}`);

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'tribute-first-start-'));
  // As root the embedded PostgreSQL's initdb runs as its own user, who must be able to reach the data folder.
  chmodSync(work, 0o755);
  const cache = keepCache ? undefined : path.join(work, 'cache');
  const port = await freePort();
  const password = 'first-start-bench';
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(work, 'data'), PORT: String(port), DEMO_PASSWORD: password };
  delete env.DATABASE_URL;
  delete env.MUSIC_CACHE_DIR;
  delete env.STOCK_MUSIC_LIBRARY;
  delete env.DEMO_TRIBUTE;
  if (cache) env.TRIBUTE_CACHE_DIR = cache;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server/src/main.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => log.push(chunk));
  const spawned = performance.now();
  // A server that dies mid-run is reported with its last words, not left as a poll that never answers.
  let died: string | undefined;
  child.on('exit', (code, signal) => {
    died = `the server exited (${signal ?? `code ${code}`}):\n${log.join('').split('\n').slice(-20).join('\n')}`;
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`npm start's server exited with ${code}:\n${log.join('')}`)));
      createInterface({ input: child.stdout }).on('line', (text) => {
        if (text.startsWith('Press Ctrl-C')) resolve();
      });
    });
    const printed = performance.now();
    console.log(`Cache: ${cache ? 'empty (new)' : 'the machine\'s'}; logins printed ${((printed - spawned) / 1000).toFixed(1)} s after the start`);

    const login = await fetch(`${url}/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ email: 'staff@example.com', password }),
    });
    if (!login.ok) throw new Error(`login answered ${login.status}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const get = async <T>(p: string): Promise<T> => {
      // A server that died under the request is reported with its signal and last words, not as a reset socket.
      const res = await fetch(`${url}${p}`, { headers: { cookie } }).catch(async (err: unknown) => {
        await new Promise((r) => setTimeout(r, 500));
        throw died ? new Error(died) : err;
      });
      if (!res.ok) throw new Error(`${p} answered ${res.status}`);
      return (await res.json()) as T;
    };

    const songsWanted = LIBRARY.length;
    const themesWanted = THEMES.filter((t) => t.id !== CUSTOM_THEME_BASE_ID && !t.debug).length;
    let songsAt: string | undefined;
    let themesAt: string | undefined;
    let lastReport = '';
    while ((!songsAt || !themesAt) && performance.now() - printed < LIMIT_SECONDS * 1000) {
      if (died) throw new Error(died);
      const [stock, themes] = await Promise.all([get<StockList>('/r/songs/stock_list'), get<ThemeList>('/r/themes')]);
      const songsReady = stock.stock_songs.filter((s) => s.song_length > 0 && s.preview_url).length;
      const themesReady = themes.themes.filter((t) => t.thumbnail_url && t.poster_url && t.preview_url).length;
      if (!songsAt && songsReady >= songsWanted && !stock.preparing) songsAt = seconds(printed);
      if (!themesAt && themesReady >= themesWanted && !themes.preparing) themesAt = seconds(printed);
      const report = `songs ${songsReady}/${songsWanted} (preparing ${stock.preparing ?? '?'}), themes ${themesReady}/${themesWanted} (preparing ${themes.preparing ?? '?'})`;
      if (report !== lastReport) console.log(`  ${seconds(printed).padStart(6)} s  ${report}`);
      lastReport = report;
      await new Promise((r) => setTimeout(r, 1000));
    }
    // A theme counts as ready only if its pictures answer at once: they were drawn, not drawn now for this request.
    const themes = await get<ThemeList>('/r/themes');
    for (const theme of themes.themes) {
      for (const address of [theme.thumbnail_url, theme.poster_url, theme.preview_url]) {
        const started = performance.now();
        const res = await fetch(`${url}${address}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (!res.ok || performance.now() - started > 1000) console.log(`  ${address} answered ${res.status} in ${seconds(started)} s`);
      }
    }
    console.log();
    line('all stock songs ready after the logins', songsAt ? `${songsAt} s` : `> ${LIMIT_SECONDS} s`, `${GOAL_SECONDS} s`);
    line('all theme pictures and previews ready', themesAt ? `${themesAt} s` : `> ${LIMIT_SECONDS} s`, `${GOAL_SECONDS} s`);
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
