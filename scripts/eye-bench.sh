#!/usr/bin/env bash
# Eye solver benchmark on the eye graphs real positions ask for: runs the
# commands of some suites through tesuji with the solver's graph log on
# (RUST_LOG=tesuji::eyes::graph=trace), then times the solver alone on
# every distinct graph collected (tesuji-bench --eye-graphs), with the
# owl's node budget. Prints the graphs, the solver's positions, the graphs
# given up at the budget, the time and a checksum of the answers: a change
# that only speeds the solver up keeps the positions and the checksum.
# The graphs come from GPL suite data: they stay in regression/out/, which
# is not committed.
#
# usage: scripts/eye-bench.sh [SUITES_DIR] [SUITE.tst ...]
#   default suites: ld_owl.tst semeai.tst
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dir=${1:-../shared/gnugo-regression}
shift || true
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  names=(ld_owl.tst semeai.tst)
fi
[ -d "$dir" ] || { echo "eye-bench.sh: no suites folder at $dir" >&2; exit 2; }
cargo build --release --quiet --bins
out=$root/regression/out
mkdir -p "$out"
graphs=$out/eye-graphs.txt
: > "$graphs"
cd "$dir"
for n in "${names[@]}"; do
  # The suite's commands without numbers, comments or expected answers.
  grep -v '^#' "$n" | sed -e 's/^[0-9][0-9]* //' | grep -v '^ *$' \
    | RUST_LOG=tesuji::eyes::graph=trace "$root/target/release/tesuji" 2>&1 >/dev/null \
    | grep 'eye graph ' >> "$graphs" || true
done
cd "$root"
echo "suites: ${names[*]} ($(wc -l < "$graphs") solves)"
exec target/release/tesuji-bench --eye-graphs "$graphs"
