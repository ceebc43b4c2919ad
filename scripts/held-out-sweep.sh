#!/usr/bin/env bash
# Held-out benchmark of the tactical and connection readers, tesuji against
# GNU Go 3.8 in one run, on game positions that none of the tactical suites
# (reading, connect, connection, capture, break_in.tst) loads.
#
# The game records the suites do not use are split by file into a fitting
# half and a checking half: each record's place is the md5 of "SEED:path",
# the first half in that order fits, the second checks. Weights may be
# tuned on the fitting half only; the checking half says whether they
# generalise. From each half the first GAMES records (in the same order)
# give positions at moves 60 and 140, and on each position both engines
# answer:
#   - tactical: `attack` and `defend` of every stone;
#   - connection: `connect` and `disconnect` of every pair of strings of
#     one colour at distance two (a shared liberty, a diagonal, a jump).
# Per half and engine the script prints, for each block, CPU (each engine's
# own `cputime`), reading nodes, connection nodes (and the reading nodes the
# connection questions spent), nodes per second (all nodes of the block)
# and the ratios tesuji / GNU Go, then every question whose result code (the first word of
# the answer: 0, 1, 2, 3) differs, with the position and the command, so
# that a reader can replay it (moves are not compared: several may work).
#
# usage: scripts/held-out-sweep.sh [--half fit|check|both] [--games N]
#            [--seed S] [--runs R] [SUITES_DIR]
#   --half   which half to run (default both)
#   --games  game records per half (default 40: 80 positions)
#   --seed   seed of the split (default 1; changing it makes a new split)
#   --runs   run each engine R times on the same questions (default 1);
#            CPU is printed per run, then (R > 1) the ratio of the summed
#            CPU and the median of the runs' ratios; the differences come
#            from the first run
#   SUITES_DIR defaults to ../shared/gnugo-regression; GNU Go is $GNUGO
#   (default /usr/games/gnugo), tesuji $TESUJI (default the release build,
#   e.g. an older build to compare). Work files go to regression/out/held-out/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
half=both games=40 seed=1 runs=1 dir=../shared/gnugo-regression
while [ $# -gt 0 ]; do
  case $1 in
    --half) half=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "held-out-sweep.sh: unknown option $1" >&2; exit 2 ;;
    *) dir=$1; shift ;;
  esac
done
case $half in fit) halves=fit ;; check) halves=check ;; both) halves="fit check" ;;
  *) echo "held-out-sweep.sh: --half fit|check|both" >&2; exit 2 ;; esac
gnugo=${GNUGO:-/usr/games/gnugo}
[ -d "$dir" ] || { echo "held-out-sweep.sh: no suites folder at $dir" >&2; exit 2; }
[ -x "$gnugo" ] || { echo "held-out-sweep.sh: GNU Go not found at $gnugo" >&2; exit 2; }
cargo build --release --quiet --bins
tesuji=${TESUJI:-$root/target/release/tesuji}
out=$root/regression/out/held-out
mkdir -p "$out"
cd "$dir"

# The split: records no tactical suite loads, ordered by md5("SEED:path").
cat reading.tst connect.tst connection.tst capture.tst break_in.tst \
  | grep -o 'games/[^ ]*\.sgf' | sort -u > "$out/used.txt"
ls games/*.sgf games/*/*.sgf 2>/dev/null | sort | comm -23 - "$out/used.txt" \
  | while read -r f; do
      printf '%s %s\n' "$(printf '%s:%s' "$seed" "$f" | md5sum | cut -c1-32)" "$f"
    done | sort | cut -d' ' -f2 > "$out/unused.txt"
n_unused=$(wc -l < "$out/unused.txt")
head -n $((n_unused / 2)) "$out/unused.txt" > "$out/fit-all.txt"
tail -n +$((n_unused / 2 + 1)) "$out/unused.txt" > "$out/check-all.txt"

# Pairs of strings of one colour at distance two, from `worm_stones` lines.
pairs_awk='
  function col(v) { return index("ABCDEFGHJKLMNOPQRSTUVWXYZ", substr(v, 1, 1)) }
  { sub(/^= /, ""); if (NF == 0) next; n++; k[n] = NF; name[n] = $1
    for (i = 1; i <= NF; i++) { x[n, i] = col($i); y[n, i] = substr($i, 2) + 0 } }
  END {
    for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++) {
      near = 0
      for (i = 1; i <= k[a] && !near; i++) for (j = 1; j <= k[b]; j++) {
        d = x[a, i] - x[b, j]; e = y[a, i] - y[b, j]
        if ((d < 0 ? -d : d) + (e < 0 ? -e : e) == 2) { near = 1; break }
      }
      if (near) print name[a], name[b]
    }
  }'

# One GTP stream per half: the tactical questions, then the connection
# questions, with CPU and node counters read between the blocks. Each line
# is numbered (GTP ids) so answers pair up with questions.
make_questions() { # half
  local h=$1 game move stones color
  head -n "$games" "$out/$h-all.txt" > "$out/$h-games.txt"
  {
    echo reset_reading_node_counter
    echo reset_connection_node_counter
    echo cputime
    while read -r game; do
      for move in 60 140; do
        stones=$(printf 'loadsgf %s %s\nlist_stones black\nlist_stones white\n' "$game" "$move" \
          | "$tesuji" 2>/dev/null | awk 'NR > 1 && /^= / { sub(/^= /, ""); print }' | tr '\n' ' ')
        echo "loadsgf $game $move"
        for s in $stones; do
          echo "attack $s"
          echo "defend $s"
        done
      done
    done < "$out/$h-games.txt"
    echo cputime
    echo get_reading_node_counter
    echo reset_reading_node_counter
    while read -r game; do
      for move in 60 140; do
        echo "loadsgf $game $move"
        for color in black white; do
          printf 'loadsgf %s %s\nworm_stones %s\n' "$game" "$move" "$color" \
            | "$tesuji" 2>/dev/null | awk 'NR > 2' | awk "$pairs_awk" \
            | awk '{ print "connect", $1, $2; print "disconnect", $1, $2 }'
        done
      done
    done < "$out/$h-games.txt"
    echo cputime
    echo get_reading_node_counter
    echo get_connection_node_counter
  } | awk '{ print NR, $0 }' > "$out/$h.gtp"
}

# The answers of one run: "id first-word" per answered question.
codes() { awk '/^[=?][0-9]+/ { id = substr($1, 2); print id, ($1 ~ /^\?/ ? "?" : $2) }' "$1"; }

# Figures of one run: t_cpu r_nodes c_cpu rc_nodes c_nodes.
figures() { # gtp-file answers-file
  awk 'NR == FNR { cmd[$1] = $2; next }
       /^=[0-9]+/ { id = substr($1, 2); v[cmd[id], ++seen[cmd[id]]] = $2 }
       END { printf "%s %s %s %s %s\n", v["cputime", 2] - v["cputime", 1], v["get_reading_node_counter", 1],
               v["cputime", 3] - v["cputime", 2], v["get_reading_node_counter", 2],
               v["get_connection_node_counter", 1] }' "$1" "$2"
}

printf '%s\n' "held-out sweep: $n_unused game records unused by the tactical suites, split with seed $seed" \
  "into fitting ($(wc -l < "$out/fit-all.txt")) and checking ($(wc -l < "$out/check-all.txt")) halves; $games records per half, moves 60 and 140"
for h in $halves; do
  make_questions "$h"
  n_tac=$(grep -cE '^[0-9]+ (attack|defend) ' "$out/$h.gtp")
  n_con=$(grep -cE '^[0-9]+ (connect|disconnect) ' "$out/$h.gtp")
  echo
  echo "== $h half: $(wc -l < "$out/$h-games.txt") records, $n_tac tactical and $n_con connection questions"
  printf '%-4s %-7s %8s %10s %9s | %8s %10s %10s %9s\n' run engine "tac CPU" "read nodes" "knodes/s" \
    "con CPU" "con nodes" "(reading)" "knodes/s"
  : > "$out/$h-cpu.txt"
  for run in $(seq "$runs"); do
    "$tesuji" < "$out/$h.gtp" > "$out/$h-tesuji.out" 2>/dev/null
    "$gnugo" --mode gtp --quiet < "$out/$h.gtp" > "$out/$h-gnugo.out" 2>/dev/null
    read -r tt tr tc trc tcn <<< "$(figures "$out/$h.gtp" "$out/$h-tesuji.out")"
    read -r gt gr gc grc gcn <<< "$(figures "$out/$h.gtp" "$out/$h-gnugo.out")"
    awk -v run="$run" -v tt="$tt" -v tr="$tr" -v tc="$tc" -v trc="$trc" -v tcn="$tcn" \
      -v gt="$gt" -v gr="$gr" -v gc="$gc" -v grc="$grc" -v gcn="$gcn" '
      function rate(n, t) { return t > 0 ? sprintf("%.0f", n / t / 1000) : "-" }
      function ratio(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "-" }
      BEGIN {
        f = "%-4s %-7s %8s %10s %9s | %8s %10s %10s %9s\n"
        printf f, run, "tesuji", sprintf("%.2f", tt), tr, rate(tr, tt), sprintf("%.2f", tc), tcn, trc, rate(tcn + trc, tc)
        printf f, run, "GNU Go", sprintf("%.2f", gt), gr, rate(gr, gt), sprintf("%.2f", gc), gcn, grc, rate(gcn + grc, gc)
        printf f, run, "ratio", ratio(tt, gt), ratio(tr, gr), ratio(tr / (tt > 0 ? tt : 1), gr / (gt > 0 ? gt : 1)),
          ratio(tc, gc), ratio(tcn, gcn), ratio(trc, grc), ratio((tcn + trc) / (tc > 0 ? tc : 1), (gcn + grc) / (gc > 0 ? gc : 1))
      }'
    echo "$tt $gt $tc $gc" >> "$out/$h-cpu.txt"
    if [ "$run" = 1 ]; then
      cp "$out/$h-tesuji.out" "$out/$h-tesuji.first"
      cp "$out/$h-gnugo.out" "$out/$h-gnugo.first"
    fi
  done
  # Over several runs: the ratio of the summed CPU and the median of the
  # runs' ratios, per block (one run is short and the machine's noise large).
  if [ "$runs" -gt 1 ]; then
    sort -k1,1 "$out/$h-cpu.txt" | awk '
      function median(a, n,   i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
      }
      { n++; tt += $1; gt += $2; tc += $3; gc += $4
        rt[n] = $2 > 0 ? $1 / $2 : 0; rc[n] = $4 > 0 ? $3 / $4 : 0 }
      END {
        printf "all  runs:  tac CPU %.2f / %.2f = %.2f (median run %.2f) | con CPU %.2f / %.2f = %.2f (median run %.2f)\n",
          tt, gt, (gt > 0 ? tt / gt : 0), median(rt, n), tc, gc, (gc > 0 ? tc / gc : 0), median(rc, n)
      }'
  fi
  # Differing result codes, with the position each question was asked on.
  awk '$2 == "loadsgf" { pos = $3 " " $4 }
       $2 ~ /^(attack|defend|connect|disconnect)$/ { $1 = $1; id = $1; $1 = ""; print id "\t" pos "\t" substr($0, 2) }' \
    "$out/$h.gtp" | sort -k1,1 > "$out/$h-questions.tsv"
  join -t $'\t' "$out/$h-questions.tsv" <(codes "$out/$h-tesuji.first" | tr ' ' '\t' | sort -k1,1) \
    | join -t $'\t' - <(codes "$out/$h-gnugo.first" | tr ' ' '\t' | sort -k1,1) \
    | awk -F '\t' '$4 != $5' | sort -n > "$out/$h-differ.tsv"
  echo "result codes differing from GNU Go: $(wc -l < "$out/$h-differ.tsv") (position, command: tesuji / GNU Go)"
  awk -F '\t' '{ printf "  %s: %s: %s / %s\n", $2, $3, $4, $5 }' "$out/$h-differ.tsv"
done
