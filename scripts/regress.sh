#!/usr/bin/env bash
# The CI regression gate: runs every GNU Go suite in SUITES_DIR through
# tesuji and fails when a suite passes fewer tests than its floor in
# regression/floors.tsv. Writes the per-suite summary to
# regression/out/summary.tsv and the full report to regression/out/report.txt.
#
# usage: scripts/regress.sh [SUITES_DIR]   (default ../shared/gnugo-regression)
#        scripts/regress.sh --record [SUITES_DIR]   rewrite the floors from this run
set -euo pipefail
cd "$(dirname "$0")/.."
record=0
if [ "${1:-}" = "--record" ]; then
  record=1
  shift
fi
suites=${1:-../shared/gnugo-regression}
if [ ! -d "$suites" ]; then
  echo "regress.sh: no suites folder at $suites" >&2
  exit 2
fi
cargo build --release --quiet --bins
mkdir -p regression/out
status=0
target/release/tesuji-regress --summary regression/out/summary.tsv \
  --floors regression/floors.tsv "$suites" > regression/out/report.txt || status=$?
# The table and the floor verdict (the full list of unexpected results is in the report).
sed -n '/^suite /,$p' regression/out/report.txt
if [ "$record" = 1 ]; then
  {
    echo "# suite	minimum passes (tesuji, scripts/regress.sh --record; raise when a suite improves)"
    awk -F'\t' 'NR > 1 { print $1 "\t" $3 }' regression/out/summary.tsv
  } > regression/floors.tsv
  echo "floors recorded in regression/floors.tsv"
  exit 0
fi
exit "$status"
