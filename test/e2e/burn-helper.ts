/**
 * The helper installed as a user installs it (the per-user script from /denim into a temporary HOME), its virtual
 * burner, and its version.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NATIVE_HOST_NAME, type MediaType } from '../../common/burn-protocol.ts';
import { DENIM_PATHS } from '../../common/helper-update.ts';
import { type BurnApp } from './burn-app.ts';

export interface VirtualBurnerState {
  present: boolean;
  media_type: MediaType;
  blank: boolean;
  becoming_ready: boolean;
  busy: boolean;
  disc_file: string;
  write_bytes_per_second: number;
  corrupt_write: boolean;
  recorder_supported: boolean;
}

export interface InstalledHelper {
  home: string;
  installDir: string;
  executable: string;
  configFile: string;
  stateFile: string;
  discFile: string;
  /** The helper's own download folder (config downloadDir, else the user's ~/.cache/tribute-burner). */
  downloadDir(): string;
  setBurner(state: Partial<VirtualBurnerState>): VirtualBurnerState;
  burner(): VirtualBurnerState;
  /** A fresh blank disc of the given media in the drive. */
  insertBlank(media?: MediaType): void;
  disc(): { size: number; sha256: string } | null;
  executableSha256(): string;
  /** Runs the install script again with --uninstall. */
  uninstall(): Promise<string>;
}

export const INSTALL_DIR_NAME = path.join('.local', 'share', 'tribute-burner');

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`));
    });
  });
}

/**
 * Installs the helper as a Linux user would: downloads the per-user install script from the server's /denim
 * address and runs it with HOME set to a temporary folder (the script fetches the helper from the same server),
 * pointing it at the virtual burner. home may be an existing HOME (a reinstall).
 */
export async function installHelper(app: BurnApp, home = mkdtempSync(path.join(os.tmpdir(), 'tribute-burn-home-'))): Promise<InstalledHelper> {
  const scriptRes = await fetch(`${app.url}${DENIM_PATHS.linuxUserInstall}`);
  if (!scriptRes.ok) throw new Error(`GET ${DENIM_PATHS.linuxUserInstall}: ${scriptRes.status} ${await scriptRes.text()}`);
  const script = path.join(home, 'tribute-burner-install.sh');
  writeFileSync(script, Buffer.from(await scriptRes.arrayBuffer()), { mode: 0o755 });
  const stateFile = path.join(home, 'virtual-burner.json');
  const discFile = path.join(home, 'virtual-disc.img');
  const defaults: VirtualBurnerState = {
    present: true,
    media_type: 'DVD-R',
    blank: true,
    becoming_ready: false,
    busy: false,
    disc_file: discFile,
    // Fast enough for a quick test, slow enough that the bars are seen moving (a small ISO takes ~2 s).
    write_bytes_per_second: 8_000_000,
    corrupt_write: false,
    recorder_supported: true,
  };
  if (!existsSync(stateFile)) writeFileSync(stateFile, JSON.stringify(defaults, null, 2));
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_DATA_HOME: path.join(home, '.local', 'share'), XDG_CACHE_HOME: path.join(home, '.cache') };
  await run('bash', [script, '--server', app.url, '--virtual-burner', stateFile], env);
  const installDir = path.join(home, INSTALL_DIR_NAME);
  const executable = path.join(installDir, 'tribute-burner');
  const configFile = path.join(installDir, 'config.json');
  const burner = (): VirtualBurnerState => JSON.parse(readFileSync(stateFile, 'utf8')) as VirtualBurnerState;
  const setBurner = (state: Partial<VirtualBurnerState>) => {
    const next = { ...burner(), ...state };
    // Written whole, then renamed: the helper reads the file on every check and must never see half of it.
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(next, null, 2));
    renameSync(`${stateFile}.tmp`, stateFile);
    return next;
  };
  return {
    home,
    installDir,
    executable,
    configFile,
    stateFile,
    discFile,
    downloadDir() {
      const config = JSON.parse(readFileSync(configFile, 'utf8')) as { downloadDir?: string };
      return config.downloadDir ?? path.join(home, '.cache', 'tribute-burner');
    },
    setBurner,
    burner,
    insertBlank(media: MediaType = 'DVD-R') {
      rmSync(discFile, { force: true });
      setBurner({ present: true, media_type: media, blank: true, becoming_ready: false, busy: false });
    },
    disc() {
      if (!existsSync(discFile)) return null;
      const bytes = readFileSync(discFile);
      return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    executableSha256: () => createHash('sha256').update(readFileSync(executable)).digest('hex'),
    uninstall: () => run('bash', [script, '--uninstall'], env),
  };
}

/** The host manifest the install script wrote for a browser, parsed. */
export function hostManifest(home: string, browser: 'chromium' | 'firefox'): { name: string; path: string; allowed_origins?: string[]; allowed_extensions?: string[] } {
  const dir = browser === 'chromium' ? path.join(home, '.config', 'chromium', 'NativeMessagingHosts') : path.join(home, '.mozilla', 'native-messaging-hosts');
  return JSON.parse(readFileSync(path.join(dir, `${NATIVE_HOST_NAME}.json`), 'utf8'));
}

/** Asks the installed helper directly (native messaging framing over its stdin) for its version. */
export async function helperVersion(executable: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { requestFrame } = await import('../../common/burn-protocol.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(executable, [], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    let buf = Buffer.alloc(0);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the helper did not answer version within 15 s'));
    }, 15_000);
    child.stdout.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length >= 4 && buf.length >= 4 + buf.readUInt32LE(0)) {
        clearTimeout(timer);
        const frame = JSON.parse(buf.subarray(4, 4 + buf.readUInt32LE(0)).toString('utf8')) as { reply: { version: number } };
        child.kill();
        resolve(frame.reply.version);
      }
    });
    child.on('error', reject);
    const body = Buffer.from(JSON.stringify(requestFrame(1, { type: 'version' })));
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    child.stdin.write(Buffer.concat([head, body]));
  });
}

// ----------------------------------------------------------------------------------------------------- browsers
