#!/bin/bash
# Run suites on all eight symmetries of their boards and print the passes
# of each (rows: symmetry 0-7, see scripts/transform-suite.py; columns:
# the suites, then their total), with the sum over the eight.
#
# An engine that reads a position the same way however it is turned gets
# one row eight times. A spread between the rows is orientation luck:
# the identity row is what the suites show, the mean is what positions
# the engine has not seen can expect.
#
# usage: scripts/symmetry-check.sh SUITES_DIR [SUITE.tst ...]
#   (default suites: owl.tst ld_owl.tst semeai.tst trevor.tst)
# env: TESUJI_BIN (default target/release), TESUJI_ARGS (engine options),
#      WORK (scratch folder for the turned suites, kept; default a temporary
#      one, removed at the end),
#      JOBS (tesuji-regress -j, default 2)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
suites=$(cd "${1:?usage: scripts/symmetry-check.sh SUITES_DIR [SUITE.tst ...]}" && pwd)
shift
tests=("$@")
[ ${#tests[@]} -eq 0 ] && tests=(owl.tst ld_owl.tst semeai.tst trevor.tst)
bin=${TESUJI_BIN:-$here/target/release}
if [ -n "${WORK:-}" ]; then
    work=$WORK
else
    # The turned records are GPL data: a temporary folder goes when done.
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
jobs=${JOBS:-2}
echo "symmetry ${tests[*]} total"
sum=0
for k in 0 1 2 3 4 5 6 7; do
    dir=$work/sym$k
    python3 "$here/scripts/transform-suite.py" --symmetry "$k" "$suites" "$dir" "${tests[@]}" >/dev/null
    (cd "$dir" && "$bin/tesuji-regress" -j "$jobs" --summary "$dir/summary.tsv" \
        --engine "$bin/tesuji ${TESUJI_ARGS:-}" "${tests[@]}" >"$dir/results.out" 2>/dev/null) || true
    row=$(awk -F'\t' 'NR>1 {printf "%s ", $3; t += $3} END {print t}' "$dir/summary.tsv")
    echo "$k $row"
    sum=$((sum + ${row##* }))
done
echo "sum over the eight: $sum"
