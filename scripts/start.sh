#!/usr/bin/env bash
# npm start: what a fresh clone needs (system packages, npm packages, the web build), then the server in the
# foreground. The server owns its embedded PostgreSQL and stops it on Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh
bash scripts/ensure-npm.sh
node --import tsx scripts/build.ts
# The DVD burning tool (extensions, helpers, installers) for this server's address, built in the background at the
# lowest priority so the server starts at once: Burn DVD's install dialog downloads it from /denim, which answers
# "not built" for the minute the first build takes (a second or two afterwards, from the cache).
data_dir=${DATA_DIR:-data}
mkdir -p "$data_dir"
echo "Building the DVD burning tool in the background (log: $data_dir/burner-build.log)"
nice -n 19 node --import tsx installer/build.ts >"$data_dir/burner-build.log" 2>&1 &
exec node --import tsx server/src/main.ts
