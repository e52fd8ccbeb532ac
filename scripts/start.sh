#!/usr/bin/env bash
# npm start: what a fresh clone needs (system packages, npm packages, the web build), then the server in the
# foreground. The server owns its embedded PostgreSQL and stops it on Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh
bash scripts/ensure-npm.sh
node --import tsx scripts/build.ts
exec node --import tsx server/src/main.ts
