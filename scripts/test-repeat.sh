#!/usr/bin/env bash
# Is the suite flaky? Runs `npm test` several times in a row (3 unless told) from one fresh clone of this checkout's
# branch, with a render benchmark running beside it the whole time, as a loaded machine would. Each run's log is
# kept; the end prints every run's summary and the tests that failed, and the exit code is non-zero when any run
# failed.
#
#   bash scripts/test-repeat.sh [runs] [--no-load]
#
# The clone and the logs go to $TEST_REPEAT_DIR (default /tmp/tribute-test-repeat); the load is
# scripts/bench/render.ts on a small tribute (12 photos, 1.5 minutes: two workers and their ffmpeg), started again
# each time it ends. Uses DATABASE_URL, else the PostgreSQL server on 127.0.0.1:5432 when one answers, as .ci/run does.
set -uo pipefail
source_repo=$(cd "$(dirname "$0")/.." && pwd)
runs=3
load=1
for arg in "$@"; do
  case $arg in
    --no-load) load=0 ;;
    *[!0-9]* | '') echo "usage: bash scripts/test-repeat.sh [runs] [--no-load]" >&2; exit 2 ;;
    *) runs=$arg ;;
  esac
done
dir=${TEST_REPEAT_DIR:-/tmp/tribute-test-repeat}
branch=$(git -C "$source_repo" branch --show-current)
if [[ -z "${DATABASE_URL:-}" ]] && (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  export DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
fi

rm -rf "$dir"
mkdir -p "$dir"
git clone -q --branch "$branch" "$source_repo" "$dir/clone" || exit 1
cd "$dir/clone" || exit 1
echo "Cloned $branch at $(git rev-parse --short HEAD) into $dir/clone"

load_pid=
stop_load() {
  # The loop runs in a process group of its own (setsid): one signal ends it, its bench, workers and ffmpeg.
  if [[ -n "$load_pid" ]]; then kill -TERM -- "-$load_pid" 2>/dev/null; wait "$load_pid" 2>/dev/null; fi
  load_pid=
}
trap stop_load EXIT
if [[ $load -eq 1 ]]; then
  # npm test installs what is missing; the bench needs the modules before its first start.
  bash scripts/system-deps.sh --with-browser >/dev/null && bash scripts/ensure-npm.sh >/dev/null || exit 1
  setsid bash -c 'while true; do node --import tsx scripts/bench/render.ts --photos=12 --minutes=1.5 --samples=1; sleep 5; done' \
    >"$dir/load.log" 2>&1 &
  load_pid=$!
  echo "Load: scripts/bench/render.ts in a loop (its output: $dir/load.log)"
fi

failed_runs=0
summaries=()
for ((i = 1; i <= runs; i++)); do
  started=$SECONDS
  echo "== Run $i of $runs (log: $dir/run-$i.log)"
  if npm test >"$dir/run-$i.log" 2>&1; then status=passed; else status=FAILED; failed_runs=$((failed_runs + 1)); fi
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "$dir/run-$i.log" | tail -n 1)
  summaries+=("run $i: $status in $(((SECONDS - started) / 60)) min: $summary (load average $(cut -d' ' -f1-3 /proc/loadavg))")
  echo "${summaries[-1]}"
  if [[ $status == FAILED ]]; then
    sed 's/\x1b\[[0-9;]*m//g' "$dir/run-$i.log" | sed -n '/^== Failures again/,/^== Summary/p' | grep -E '^ +[0-9]+\) ' | sed 's/^/    /'
  fi
done
stop_load

printf '\n== %d runs\n' "$runs"
printf '%s\n' "${summaries[@]}"
[[ $failed_runs -eq 0 ]]
