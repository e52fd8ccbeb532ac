import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const webExt = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'web-ext');

/**
 * The one warning the Firefox build is allowed: data_collection_permissions (which addons.mozilla.org asks for) is
 * read from Firefox 140 on; the extension itself runs from its strict_min_version (127, ESR 128), whose Firefox
 * ignores the key.
 */
const known = (w: { code?: string; description?: string }) => w.code === 'KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION' && /data_collection_permissions/.test(w.description ?? '');

/** `web-ext lint` on an unpacked Firefox build: its errors, and its warnings but the one known above. */
export async function lintFirefoxBuild(dir: string): Promise<{ errors: string[]; warnings: string[] }> {
  // web-ext lint exits 1 when it finds errors; its JSON report is on stdout either way. --self-hosted: the build
  // carries its own update_url (this server's updates.json), which only an addons.mozilla.org listing may not.
  const { stdout } = await promisify(execFile)(webExt, ['lint', '--source-dir', dir, '--output', 'json', '--no-input', '--self-hosted'], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { errors: { message: string }[]; warnings: { message: string; code?: string; description?: string }[] };
  return { errors: report.errors.map((e) => e.message), warnings: report.warnings.filter((w) => !known(w)).map((w) => w.message) };
}
