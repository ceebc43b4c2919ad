#!/usr/bin/env bash
# Runs the same suites through tesuji and GNU Go 3.8 in one run and prints,
# per suite, both pass counts, engine CPU seconds (from each engine's own
# `cputime`), reading and connection node counts, and the CPU ratio
# tesuji / GNU Go. Both engines run one suite at a time (--jobs 1) so the
# CPU figures do not compete for cores.
#
# usage: scripts/side-by-side.sh [SUITES_DIR] [SUITE.tst ...]
#   default suites: reading capture connection connect break_in tactics
#   GNU Go: $GNUGO (default /usr/games/gnugo; apt-get install gnugo)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-../shared/gnugo-regression}
shift || true
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  names=(reading.tst capture.tst connection.tst connect.tst break_in.tst tactics.tst)
fi
gnugo=${GNUGO:-/usr/games/gnugo}
if [ ! -x "$gnugo" ]; then
  echo "side-by-side.sh: GNU Go not found at $gnugo (apt-get install gnugo)" >&2
  exit 2
fi
cargo build --release --quiet --bins
files=()
for n in "${names[@]}"; do files+=("$dir/$n"); done
out=regression/out
mkdir -p "$out"
target/release/tesuji-regress --jobs 1 --summary "$out/tesuji.tsv" "${files[@]}" > "$out/tesuji.txt" 2>/dev/null || true
target/release/tesuji-regress --jobs 1 --engine "$gnugo --mode gtp --quiet" \
  --summary "$out/gnugo.tsv" "${files[@]}" > "$out/gnugo.txt" 2>/dev/null || true
awk -F'\t' '
  FNR == 1 { next }
  FILENAME ~ /tesuji.tsv$/ { tp[$1] = $3 "/" $2; tc[$1] = $12; tn[$1] = $13; tk[$1] = $14; order[n++] = $1; next }
  { gp[$1] = $3 "/" $2; gc[$1] = $12; gn[$1] = $13; gk[$1] = $14 }
  END {
    printf "%-16s %9s %9s %8s %8s %6s %11s %11s %9s %9s\n", "suite", "tesuji", "gnugo", "cpu_t", "cpu_g", "ratio", "rnodes_t", "rnodes_g", "cnodes_t", "cnodes_g"
    for (i = 0; i < n; i++) {
      s = order[i]
      ratio = (gc[s] > 0) ? sprintf("%.2f", tc[s] / gc[s]) : "-"
      printf "%-16s %9s %9s %8s %8s %6s %11s %11s %9s %9s\n", s, tp[s], gp[s], tc[s], gc[s], ratio, tn[s], gn[s], tk[s], gk[s]
      ct += tc[s]; cg += gc[s]
    }
    printf "%-16s %9s %9s %8.2f %8.2f %6s", "total", "", "", ct, cg, (cg > 0) ? sprintf("%.2f\n", ct / cg) : "-\n"
  }' "$out/tesuji.tsv" "$out/gnugo.tsv"
