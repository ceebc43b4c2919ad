#!/usr/bin/env bash
# Runs the tactical and connection suites under each komaster scheme
# (`tesuji --komaster-scheme N`, N = 1, 2, 3, 5; see src/reading/ko.rs and
# the manual's "Alternate Komaster Schemes") and prints, per suite and
# scheme, the passes, the engine CPU seconds (the engine's own `cputime`)
# and the reading and connection node counts. One suite at a time
# (--jobs 1) so the CPU figures do not compete for cores; on a shared
# machine they are rough all the same.
#
# usage: scripts/komaster-schemes.sh [SUITES_DIR] [SUITE.tst ...]
#   default suites: reading capture connect connection break_in
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-../shared/gnugo-regression}
shift || true
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  names=(reading.tst capture.tst connect.tst connection.tst break_in.tst)
fi
cargo build --release --quiet --bins
files=()
for n in "${names[@]}"; do files+=("$dir/$n"); done
out=regression/out
mkdir -p "$out"
for s in 1 2 3 5; do
  target/release/tesuji-regress --jobs 1 --engine "target/release/tesuji --komaster-scheme $s" \
    --summary "$out/scheme$s.tsv" "${files[@]}" > "$out/scheme$s.txt" 2>/dev/null || true
done
awk -F'\t' '
  FNR == 1 { split(FILENAME, parts, "scheme"); scheme = substr(parts[2], 1, 1); schemes[ns++] = scheme; next }
  {
    if (!($1 in seen)) { seen[$1] = 1; order[n++] = $1 }
    pass[$1, scheme] = $3 "/" $2; cpu[$1, scheme] = $12; rn[$1, scheme] = $13; cn[$1, scheme] = $14
    tp[scheme] += $3; tt[scheme] += $2; tc[scheme] += $12; trn[scheme] += $13; tcn[scheme] += $14
  }
  END {
    printf "%-16s %6s %9s %8s %11s %9s\n", "suite", "scheme", "passed", "cpu", "rnodes", "cnodes"
    for (i = 0; i < n; i++)
      for (j = 0; j < ns; j++) {
        s = order[i]; k = schemes[j]
        printf "%-16s %6s %9s %8s %11s %9s\n", s, k, pass[s, k], cpu[s, k], rn[s, k], cn[s, k]
      }
    for (j = 0; j < ns; j++) {
      k = schemes[j]
      printf "%-16s %6s %9s %8.2f %11d %9d\n", "total", k, tp[k] "/" tt[k], tc[k], trn[k], tcn[k]
    }
  }' "$out/scheme1.tsv" "$out/scheme2.tsv" "$out/scheme3.tsv" "$out/scheme5.tsv"
