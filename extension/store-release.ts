/**
 * The store uploads of the burn extension (issue 29.2, `npm run release:extensions`):
 *
 * - Chrome Web Store and Edge Add-ons: the Chrome build's files zipped, with no "key" in manifest.json (the stores
 *   refuse it and give the extension an id of their own, which CHROME_STORE_EXTENSION_ID / EDGE_STORE_EXTENSION_ID
 *   then add to the host manifests) and no update_url (a store updates what it lists itself).
 * - addons.mozilla.org: the Firefox .xpi as built, and the source archive AMO review asks for when the submitted
 *   code is bundled: the sources the bundle is made from (found by esbuild from the build's entry points, so a
 *   new import is never left out), the build script, package.json and its lock, and a README with the command
 *   that rebuilds the identical package.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import yazl from 'yazl';
import { zipBuffer } from '../scripts/lib/zip-buffer.ts';

type Json = Record<string, unknown>;

/** The Chrome build's manifest as the stores take it: without "key" and update_url. */
export function chromeStoreManifest(manifest: Json): Json {
  const store: Json = { ...manifest };
  delete store.key;
  delete store.update_url;
  return store;
}

/** Files read by the build at run time (not imported, so esbuild cannot see them), besides the imported sources. */
const READ_BY_BUILD = ['extension/manifest.base.json', 'extension/manifest.chrome.json', 'extension/manifest.firefox.json', 'extension/version.json', 'native-host/version.json'];
/** What a reviewer needs to install the same packages and read about the code. */
const PROJECT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'extension/README.md'];
/** The bundles' entry points and the build script (extension/build.ts names the first two to esbuild by path). */
const ENTRY_POINTS = ['extension/src/background.ts', 'extension/src/content-script.ts', 'extension/build.ts'];

/** Every file of this repository the source archive holds (relative, / separators, sorted). */
export async function amoSourceFiles(repoRoot: string): Promise<string[]> {
  const result = await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: ENTRY_POINTS,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'unused',
    logLevel: 'silent',
  });
  const imported = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/') && !file.includes(':'));
  return [...new Set([...imported, ...READ_BY_BUILD, ...PROJECT_FILES])].sort();
}

export interface AmoSourceReadme {
  version: string;
  publicUrl: string;
  xpiName: string;
}

/** The README at the archive's root: what the package is and the commands that rebuild it. */
export function amoSourceReadme({ version, publicUrl, xpiName }: AmoSourceReadme): string {
  return `# Tribute DVD Burner for Firefox ${version}: source code

${xpiName} is built from these files by extension/build.ts: esbuild bundles extension/src/background.ts and
extension/src/content-script.ts (with the files they import, under extension/src and common/; not minified), the
manifest is extension/manifest.base.json merged with extension/manifest.firefox.json, and sharp draws the icons
from an SVG in build.ts. Nothing is downloaded by the build itself.

The extension serves one web address, fixed in at build time: ${publicUrl}
Its version is extension/version.json's Firefox major.minor with native-host/version.json's number third.

## Build

Requirements: Node.js 20.19 or later with npm (https://nodejs.org/), on Linux, macOS or Windows.

    npm ci
    node --import tsx extension/build.ts --browser firefox --public-url ${publicUrl} --out out

out/extension/firefox/ then holds the unpacked extension and out/tribute-burner-firefox.xpi the package, whose
files are those of ${xpiName}.
`;
}

/** The archive: the repository's files as they are, and the README, with fixed dates (the same bytes every time). */
export function amoSourceArchive(repoRoot: string, files: readonly string[], readme: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2020-01-01T00:00:00Z');
  for (const file of files) zip.addBuffer(readFileSync(path.join(repoRoot, file)), file, { mtime, mode: 0o100644 });
  zip.addBuffer(Buffer.from(readme), 'README-AMO.md', { mtime, mode: 0o100644 });
  return zipBuffer(zip);
}
