#!/usr/bin/env bash
# npm test: type check, lint, unit tests, server tests (real PostgreSQL: DATABASE_URL, else an embedded one)
# and browser tests (real Chromium). Every phase runs even after a failure; the last line is the summary CI
# reads, "N passed, N failed", and the exit code is non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh || exit 1
bash scripts/ensure-npm.sh || exit 1

passed=0
failed=0
report=()
failures=$(mktemp)
work=$(mktemp -d)
# Each browser test file's time (test/file-times.ts, in the phase's own file: phases run at once), to show what makes
# the phase long.
export TEST_FILE_TIMES
trap 'rm -rf "$failures" "$work"' EXIT
color=()
[[ -t 1 ]] && color=(--color)

# Mocha's own "N passing" and "N failing" lines give the counts; a run that ends before its report (a file
# that does not load, a crash) counts as one failure. Reads the phase's log ($1) and its exit status ($2).
count_mocha() {
  local log=$1 status=$2 plain p f
  plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
  p=$(grep -Eo '^ *[0-9]+ passing' <<<"$plain" | tail -1 | grep -Eo '[0-9]+')
  f=$(grep -Eo '^ *[0-9]+ failing' <<<"$plain" | tail -1 | grep -Eo '[0-9]+')
  passed=$((passed + ${p:-0}))
  if [[ -n "$f" ]]; then failed=$((failed + f)); elif [[ $status -ne 0 ]]; then failed=$((failed + 1)); fi
  # Mocha's account of each failure, kept for the end: a CI log often shows only its last lines.
  if [[ -n "$f" ]]; then sed -n '/^ *[0-9]\+ failing/,$p' <<<"$plain" >>"$failures"; fi
}

# A phase in the background: its output to $work/<key>.log, its status and seconds to $work/<key>.done.
# `finish <key>` waits for it, prints its output, adds its line to the report and answers its status.
start_phase() {
  local key=$1
  shift
  (
    started=$SECONDS
    TEST_FILE_TIMES=$work/$key.times "$@" >"$work/$key.log" 2>&1
    echo "$? $((SECONDS - started))" >"$work/$key.done"
  ) &
  echo $! >"$work/$key.pid"
}
finish() {
  local key=$1 name=$2 status seconds
  wait "$(cat "$work/$key.pid")"
  read -r status seconds <"$work/$key.done"
  printf '\n== %s\n' "$name"
  cat "$work/$key.log"
  # (The unit and server tests run in one process each: their one line would be the whole phase.)
  if [[ -s "$work/$key.times" && $(wc -l <"$work/$key.times") -gt 1 ]]; then
    printf '\nSlowest files (seconds, each in its own mocha worker):\n'
    sort -rn "$work/$key.times" | head -n 12
  fi
  report+=("$(printf '%-14s %-6s %4ss' "$name" "$([[ $status -eq 0 ]] && echo ok || echo FAILED)" "$seconds")")
  return "$status"
}
# A phase that is not mocha counts as one failed test when it fails.
check() {
  finish "$@" || failed=$((failed + 1))
}
mocha_phase() {
  local key=$1
  finish "$@"
  local status=$?
  count_mocha "$work/$key.log" "$status"
}

chromium() {
  local chrome=${CHROME_PATH:-/usr/bin/chromium}
  # As root on Debian, system-deps.sh installs it; anyone else gets the one line below.
  if [[ ! -x "$chrome" && -z "${CHROME_PATH:-}" && $(id -u) -eq 0 ]]; then bash scripts/system-deps.sh --with-browser; fi
  if [[ ! -x "$chrome" ]]; then
    echo "Browser tests need Chromium at $chrome: install it with 'sudo apt-get install chromium' or set CHROME_PATH." >&2
    failed=$((failed + 1))
    return 1
  fi
}

# On two cores the phases overlap, so that no core sits idle, and each is printed whole, in a fixed order, as it
# ends. All start at once but the server and browser tests, which wait for the build (four seconds): the type check,
# lint and the unit tests are mostly one core's work each, the server tests run in one serial mocha process and the
# browser tests on two workers, much of a browser test being waiting. The browser tests are the long pole; the rest
# ends within them. Each file makes its own database, data folder, port and browser
# profile, so the phases share nothing but the PostgreSQL server.
run_started=$SECONDS
start_phase typecheck npx tsc --noEmit -p tsconfig.json
start_phase lint npx eslint --max-warnings 0 .
start_phase unit npx mocha "${color[@]}" 'server/src/**/*.test.ts' 'web/src/**/*.test.ts' 'common/**/*.test.ts' 'native-host/**/*.test.ts' 'extension/**/*.test.ts' 'installer/**/*.test.ts' 'scripts/**/*.test.ts'
start_phase build node --import tsx scripts/build.ts
check build "Build"
start_phase server npx mocha "${color[@]}" 'server/test/**/*.test.ts'
browser=0
if chromium; then
  start_phase browser npx mocha "${color[@]}" --parallel --jobs 2 --timeout 120000 'test/e2e/**/*.test.ts'
  browser=1
fi
check typecheck "Type check"
check lint "Lint"
mocha_phase unit "Unit tests"
mocha_phase server "Server tests"
if [[ $browser -eq 1 ]]; then
  mocha_phase browser "Browser tests"
else
  report+=("$(printf '%-14s %-6s' "Browser tests" FAILED) (no Chromium)")
fi

if [[ -s "$failures" ]]; then
  printf '\n== Failures again, as mocha told them\n'
  cat "$failures"
fi
printf '\n== Summary (PostgreSQL: %s)\n' "$([[ -n "${DATABASE_URL:-}" ]] && echo DATABASE_URL || echo embedded)"
printf '%s\n' "${report[@]}"
printf 'All phases: %ss (they overlap)\n' $((SECONDS - run_started))
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
