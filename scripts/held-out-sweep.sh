#!/usr/bin/env bash
# Held-out check of the tactical reader: positions the tuned suites never
# use. Takes every 9th game record (first 40) of SUITES_DIR/games that none
# of reading, connect, connection, capture and break_in.tst loads, at moves
# 60 and 140, and asks `attack` and `defend` of every stone, in tesuji and
# in GNU Go 3.8. Prints each engine's reading nodes and how many questions
# get a different result code (moves are not compared: several may work).
#
# usage: scripts/held-out-sweep.sh [SUITES_DIR]   (default ../shared/gnugo-regression)
#   GNU Go: $GNUGO (default /usr/games/gnugo)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dir=${1:-../shared/gnugo-regression}
gnugo=${GNUGO:-/usr/games/gnugo}
[ -d "$dir" ] || { echo "held-out-sweep.sh: no suites folder at $dir" >&2; exit 2; }
[ -x "$gnugo" ] || { echo "held-out-sweep.sh: GNU Go not found at $gnugo" >&2; exit 2; }
cargo build --release --quiet --bins
tesuji=$root/target/release/tesuji
out=$root/regression/out/held-out
mkdir -p "$out"
cd "$dir"

# The game records, and the questions (the stones come from tesuji's list_stones).
cat reading.tst connect.tst connection.tst capture.tst break_in.tst \
  | grep -o 'games/[^ ]*\.sgf' | sort -u > "$out/used.txt"
ls games/*.sgf games/*/*.sgf 2>/dev/null | sort | comm -23 - "$out/used.txt" \
  | awk 'NR % 9 == 0' | head -40 > "$out/games.txt"
: > "$out/questions.gtp"
while read -r game; do
  for move in 60 140; do
    stones=$(printf 'loadsgf %s %s\nlist_stones black\nlist_stones white\n' "$game" "$move" \
      | "$tesuji" 2>/dev/null | awk 'NR > 1 && /^= / { sub(/^= /, ""); print }' | tr '\n' ' ')
    {
      echo "loadsgf $game $move"
      for s in $stones; do
        echo "attack $s"
        echo "defend $s"
      done
    } >> "$out/questions.gtp"
  done
done < "$out/games.txt"
echo "get_reading_node_counter" >> "$out/questions.gtp"

# Number every question so the answers pair up, then run both engines.
awk '{ print NR, $0 }' "$out/questions.gtp" > "$out/numbered.gtp"
"$tesuji" < "$out/numbered.gtp" > "$out/tesuji.out" 2>/dev/null
"$gnugo" --mode gtp --quiet < "$out/numbered.gtp" > "$out/gnugo.out" 2>/dev/null
codes() { awk '/^=[0-9]+ / { sub(/^=/, ""); print $1, $2 }' "$1"; }
grep -E '^[0-9]+ (attack|defend) ' "$out/numbered.gtp" | cut -d' ' -f1 | sort > "$out/ids.txt"
questions=$(wc -l < "$out/ids.txt")
differ=$(join "$out/ids.txt" <(codes "$out/tesuji.out" | sort) \
  | join - <(codes "$out/gnugo.out" | sort) | awk '$2 != $3' | wc -l)
last=$(wc -l < "$out/numbered.gtp")
nodes_t=$(awk -v id="$last" '$1 == "=" id { print $2 }' "$out/tesuji.out")
nodes_g=$(awk -v id="$last" '$1 == "=" id { print $2 }' "$out/gnugo.out")
echo "games: $(wc -l < "$out/games.txt"), questions: $questions"
echo "reading nodes: tesuji $nodes_t, GNU Go $nodes_g"
echo "result codes differing from GNU Go: $differ"
