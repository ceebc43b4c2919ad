#!/usr/bin/env bash
# Benchmark of the exact life-and-death solver (`solve_life`) against
# GNU Go 3.8's owl (`dragon_status`), on every dragon that owl.tst and
# ld_owl.tst ask about (owl_attack, owl_defend, dragon_status), both
# engines in one run.
#
# For each question the script asks tesuji `solve_life V BUDGET` and then
# `decide_life V` (status again, region size and proof sizes), and GNU Go
# `dragon_status V`. It prints:
#   - how many dragons are enclosed, how many were proved within the
#     budget, problems proved per second (solve_life's CPU, tesuji's own
#     `cputime`), nodes per question and proof sizes;
#   - the largest region proved (points, empty points);
#   - agreement with GNU Go's owl status, and every question where the
#     two differ, with the position and the command, so a reader can check
#     which engine is right (decide_life V FILE writes the proof);
#   - every enclosed question that ran out of budget, with its region's
#     size (points, empty points, from decide_life) and the nodes
#     solve_life spent on it.
#
# usage: scripts/life-bench.sh [SUITES_DIR] [BUDGET]
#   SUITES_DIR defaults to ../shared/gnugo-regression, BUDGET to 200000;
#   the engines are $TESUJI (target/release/tesuji) and $GNUGO
#   (/usr/games/gnugo).
set -euo pipefail

suites=${1:-../shared/gnugo-regression}
budget=${2:-200000}
here=$(pwd)
tesuji=${TESUJI:-$here/target/release/tesuji}
gnugo=${GNUGO:-/usr/games/gnugo}
[ -x "$tesuji" ] || { echo "no engine at $tesuji (cargo build --release)" >&2; exit 2; }
[ -x "$gnugo" ] || { echo "no GNU Go at $gnugo" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# questions: one line per dragon question: id, suite:test, loadsgf line, vertex
for suite in owl ld_owl; do
    awk -v suite="$suite" '
        /^loadsgf/ { load = $0; next }
        /^[0-9]+ (owl_attack|owl_defend|dragon_status) [A-Z][0-9]+/ {
            print suite ":" $1 "\t" load "\t" $3
        }' "$suites/$suite.tst"
done | awk -F'\t' '{ print NR "\t" $0 }' > "$tmp/questions"

# One GTP script per engine: load the position before each question.
awk -F'\t' -v b="$budget" '{ print $3; print $1 " solve_life " $4 " " b }
    END { print "9000001 cputime" }' "$tmp/questions" > "$tmp/solve.gtp"
awk -F'\t' '{ print $3; print $1 " decide_life " $4 }' "$tmp/questions" > "$tmp/decide.gtp"
awk -F'\t' '{ print $3; print $1 " dragon_status " $4 }
    END { print "9000001 cputime" }' "$tmp/questions" > "$tmp/gnugo.gtp"

( cd "$suites" && "$tesuji" < "$tmp/solve.gtp" 2>/dev/null ) > "$tmp/solve.out"
( cd "$suites" && "$tesuji" < "$tmp/decide.gtp" 2>/dev/null ) > "$tmp/decide.out"
( cd "$suites" && "$gnugo" --mode gtp --quiet < "$tmp/gnugo.gtp" 2>/dev/null ) > "$tmp/gnugo.out"

# Answers by id (first line of each answer; decide_life's next lines too).
answers() {
    awk '/^[=?][0-9]+/ { id = substr($1, 2); sub(/^[=?][0-9]+ ?/, ""); print id "\t" $0; next }
         /^$/ { id = ""; next }
         id != "" { print id "\t+" $0 }' "$1"
}
answers "$tmp/solve.out" > "$tmp/solve.ans"
answers "$tmp/decide.out" > "$tmp/decide.ans"
answers "$tmp/gnugo.out" > "$tmp/gnugo.ans"

awk -F'\t' -v budget="$budget" '
    FILENAME ~ /questions$/ { test[$1] = $2; load[$1] = $3; v[$1] = $4; n++; next }
    FILENAME ~ /solve.ans$/ {
        if ($1 == "9000001") { cpu_t = $2; next }
        solve[$1] = $2; next
    }
    FILENAME ~ /decide.ans$/ {
        if ($2 ~ /^\+region:/) { split($2, r, " "); pts[$1] = r[2]; emp[$1] = r[4] }
        if ($2 ~ /proof of/) { m = $2; sub(/.*proof of /, "", m); sub(/ moves.*/, "", m); proof[$1] += m }
        next
    }
    FILENAME ~ /gnugo.ans$/ {
        if ($1 == "9000001") { cpu_g = $2; next }
        gnu[$1] = $2; next
    }
    END {
        for (i = 1; i <= n; i++) {
            s = solve[i]; split(s, w, " ")
            if (s !~ /open$/) enclosed++
            if (w[1] != "unknown" && w[1] != "") {
                proved++
                match(s, /nodes [0-9]+/); nn = substr(s, RSTART + 6, RLENGTH - 6) + 0
                nodes += nn; if (nn > maxnodes) maxnodes = nn
                psum += proof[i]; if (proof[i] > pmax) pmax = proof[i]
                if (pts[i] + 0 > bigpts) { bigpts = pts[i] + 0; bigemp = emp[i]; bigtest = test[i] }
                split(gnu[i], g, " ")
                if (g[1] == w[1]) agree++
                else diff[++nd] = test[i] "\t" v[i] "\t" load[i] "\ttesuji: " s "\tgnugo: " gnu[i]
            } else if (w[1] == "unknown" && s ~ /budget$/) {
                over++
                match(s, /nodes [0-9]+/); nn = substr(s, RSTART + 6, RLENGTH - 6) + 0
                out[over] = test[i] "\t" v[i] "\t" load[i] "\tregion " pts[i] " points, " emp[i] " empty\tnodes " nn
            }
        }
        printf "questions %d, enclosed %d, proved %d (budget %d), out of budget %d\n", n, enclosed, proved, budget, over + 0
        printf "tesuji solve_life CPU %.2f s over all questions: %.1f proved per second\n", cpu_t, (cpu_t > 0 ? proved / cpu_t : 0)
        printf "GNU Go dragon_status CPU %.2f s over the same questions\n", cpu_g
        if (proved) {
            printf "nodes per proved question: mean %.0f, max %d; proof moves: mean %.0f, max %d\n", nodes / proved, maxnodes, psum / proved, pmax
            printf "largest region proved: %d points, %d empty (%s)\n", bigpts, bigemp, bigtest
        }
        printf "agreement with GNU Go owl on proved questions: %d/%d\n", agree, proved
        for (k = 1; k <= nd; k++) print "differs\t" diff[k]
        for (k = 1; k <= over; k++) print "budget\t" out[k]
    }' "$tmp/questions" "$tmp/solve.ans" "$tmp/decide.ans" "$tmp/gnugo.ans"
