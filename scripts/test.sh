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
log=$(mktemp)
failures=$(mktemp)
# Each test file's time in the parallel phases (test/file-times.ts), to show what makes a phase long.
export TEST_FILE_TIMES
TEST_FILE_TIMES=$(mktemp)
trap 'rm -f "$log" "$failures" "$TEST_FILE_TIMES"' EXIT
color=()
[[ -t 1 ]] && color=(--color)

# Runs one phase, timing it; a phase that is not mocha counts as one failed test when it fails.
phase() {
  local name=$1 started=$SECONDS status
  shift
  printf '\n== %s\n' "$name"
  "$@"
  status=$?
  report+=("$(printf '%-14s %-6s %4ss' "$name" "$([[ $status -eq 0 ]] && echo ok || echo FAILED)" $((SECONDS - started)))")
  return $status
}
check() {
  phase "$@" || failed=$((failed + 1))
}

# Mocha's own "N passing" and "N failing" lines give the counts; a run that ends before its report (a file
# that does not load, a crash) counts as one failure.
mocha_run() {
  npx mocha "${color[@]}" "$@" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]} plain p f
  plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
  p=$(grep -Eo '^ *[0-9]+ passing' <<<"$plain" | tail -1 | grep -Eo '[0-9]+')
  f=$(grep -Eo '^ *[0-9]+ failing' <<<"$plain" | tail -1 | grep -Eo '[0-9]+')
  passed=$((passed + ${p:-0}))
  if [[ -n "$f" ]]; then failed=$((failed + f)); elif [[ $status -ne 0 ]]; then failed=$((failed + 1)); fi
  # Mocha's account of each failure, kept for the end: a CI log often shows only its last lines.
  if [[ -n "$f" ]]; then sed -n '/^ *[0-9]\+ failing/,$p' <<<"$plain" >>"$failures"; fi
  return "$status"
}

# The phase's slowest files, then the times start over for the next phase.
slowest() {
  printf '\nSlowest files (seconds, each in its own mocha worker):\n'
  sort -rn "$TEST_FILE_TIMES" | head -n 12
  : >"$TEST_FILE_TIMES"
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

check "Type check" npx tsc --noEmit -p tsconfig.json
check "Lint" npx eslint --max-warnings 0 .
phase "Unit tests" mocha_run 'server/src/**/*.test.ts' 'web/src/**/*.test.ts' 'common/**/*.test.ts' 'native-host/**/*.test.ts' 'extension/**/*.test.ts' 'installer/**/*.test.ts' 'scripts/**/*.test.ts'
# Server and browser test files run two at a time (one per core): each makes its own database, data folder, port and
# browser profile, and much of a browser test is waiting, so the two phases take about half as long.
: >"$TEST_FILE_TIMES" # the unit tests run in one process: their line is the whole phase
phase "Server tests" mocha_run --parallel --jobs 2 'server/test/**/*.test.ts'
slowest
check "Build" node --import tsx scripts/build.ts
if chromium; then
  phase "Browser tests" mocha_run --parallel --jobs 2 --timeout 120000 'test/e2e/**/*.test.ts'
  slowest
else
  report+=("$(printf '%-14s %-6s' "Browser tests" FAILED) (no Chromium)")
fi

if [[ -s "$failures" ]]; then
  printf '\n== Failures again, as mocha told them\n'
  cat "$failures"
fi
printf '\n== Summary (PostgreSQL: %s)\n' "$([[ -n "${DATABASE_URL:-}" ]] && echo DATABASE_URL || echo embedded)"
printf '%s\n' "${report[@]}"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
