#!/usr/bin/env python3
"""Held-out check of the owl: `dragon_status` of every dragon, tesuji
beside GNU Go 3.8, on game positions no regression suite loads.

The owl's suites (owl.tst, ld_owl.tst, ...) are what its rules were
measured on; this script asks the same question on positions they never
saw. The game records that no `.tst` of SUITES_DIR loads are split by
file into two halves by the md5 of "SEED:path" (as
`scripts/held-out-sweep.sh` splits its records): changes may be tried
on the first half
(`--half fit`), and the second (`--half check`) says whether they
generalise. From each record, positions at moves 50, 90, 130, 170 and 210
(19x19 records only); at each, both engines answer `dragon_status` for
every dragon (GNU Go's list of dragons names them, tesuji is asked about
each of them by its first stone).

GNU Go is a reference, not an oracle (it fails 25 of owl.tst's 261), so
the figure is agreement, not correctness; but a change that moves
agreement on held-out positions the way it moves the suites is a general
one, and one that gains on the suites while losing here is tuned to them.

Printed per half: agreement on the status word (alive / dead / critical /
unknown), the confusion table (rows GNU Go, columns tesuji), each
engine's CPU (its own `cputime`) and the owl nodes (tesuji's
`get_owl_node_counter`, GNU Go's `get_owl_node_counter`).

usage: scripts/owl-held-out.py [--half fit|check|both] [--games N]
           [--seed S] [--list FILE] [SUITES_DIR]
  --games  records per half (default all)
  --list   also write every disagreement (record, move, dragon, GNU Go's
           answer, tesuji's) to FILE
GNU Go is $GNUGO (default /usr/games/gnugo), tesuji $TESUJI (default the
release build) with extra arguments from $TESUJI_ARGS.
"""

import os
import re
import shlex
import sys
from collections import Counter
from multiprocessing import Pool

from heldout_records import Gtp, halves, moves_in, unused_records

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOVES = (50, 90, 130, 170, 210)
STATUSES = ("alive", "dead", "critical", "unknown")


def cputime(engine):
    ok, lines = engine.ask("cputime")
    return float(lines[0]) if ok else 0.0


def nodes(engine):
    ok, lines = engine.ask("get_owl_node_counter")
    return int(lines[0]) if ok else 0


def run_record(job):
    """Every dragon of every position of one record, both engines."""
    suites, rec = job
    n = moves_in(os.path.join(suites, rec))
    rows = []
    cpu = [0.0, 0.0]
    owl_nodes = [0, 0]
    if n < MOVES[0]:
        return rows, cpu, owl_nodes
    gnugo = Gtp([os.environ.get("GNUGO", "/usr/games/gnugo"), "--mode", "gtp", "--quiet"],
                suites)
    tesuji_bin = os.environ.get("TESUJI", os.path.join(ROOT, "target", "release", "tesuji"))
    tesuji = Gtp([tesuji_bin] + shlex.split(os.environ.get("TESUJI_ARGS", "")), suites)
    try:
        for engine in (gnugo, tesuji):
            engine.ask("reset_owl_node_counter")
        start = [cputime(gnugo), cputime(tesuji)]
        for mv in MOVES:
            if mv > n:
                break
            if not (gnugo.ask(f"loadsgf {rec} {mv}")[0] and tesuji.ask(f"loadsgf {rec} {mv}")[0]):
                break
            ok, lines = gnugo.ask("dragon_status")
            if not ok:
                continue
            for line in lines:
                m = re.match(r"(\w+): (.*)", line.strip())
                if not m:
                    continue
                dragon, theirs = m.group(1), m.group(2).strip()
                ok, ours = tesuji.ask(f"dragon_status {dragon}")
                if ok:
                    rows.append((rec, mv, dragon, theirs, ours[0].strip()))
        cpu = [cputime(gnugo) - start[0], cputime(tesuji) - start[1]]
        owl_nodes = [nodes(gnugo), nodes(tesuji)]
    except RuntimeError as e:
        print(f"{rec}: {e}", file=sys.stderr)
    finally:
        gnugo.close()
        tesuji.close()
    return rows, cpu, owl_nodes


def report(name, results, listing):
    rows = [r for res in results for r in res[0]]
    cpu = [sum(res[1][i] for res in results) for i in range(2)]
    owl_nodes = [sum(res[2][i] for res in results) for i in range(2)]
    word = lambda s: s.split()[0] if s else "?"
    table = Counter((word(r[3]), word(r[4])) for r in rows)
    agree = sum(v for (a, b), v in table.items() if a == b)
    print(f"== {name}: {len(rows)} dragons; status agreement {agree}/{len(rows)}"
          f" ({100.0 * agree / max(len(rows), 1):.1f}%)")
    print("   GNU Go \\ tesuji " + " ".join(f"{s:>9}" for s in STATUSES))
    for a in STATUSES:
        print(f"   {a:>16} " + " ".join(f"{table.get((a, b), 0):>9}" for b in STATUSES))
    ratio = cpu[1] / cpu[0] if cpu[0] else float("nan")
    print(f"   CPU: GNU Go {cpu[0]:.1f} s, tesuji {cpu[1]:.1f} s (ratio {ratio:.2f});"
          f" owl nodes: GNU Go {owl_nodes[0]}, tesuji {owl_nodes[1]}")
    if listing:
        for r in rows:
            if word(r[3]) != word(r[4]):
                listing.write(f"{name}\t{r[0]}\t{r[1]}\t{r[2]}\t{r[3]}\t{r[4]}\n")


def main(argv):
    half, games, seed, listing, suites = "both", None, 1, None, "../shared/gnugo-regression"
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--half", "--games", "--seed", "--list"):
            if i + 1 >= len(argv):
                raise SystemExit(f"{a} needs a value")
            v = argv[i + 1]
            if a == "--half":
                half = v
            elif a == "--games":
                games = int(v)
            elif a == "--seed":
                seed = int(v)
            else:
                listing = open(v, "w")
            i += 2
        else:
            suites = a
            i += 1
    if half not in ("fit", "check", "both"):
        raise SystemExit("--half is fit, check or both")
    suites = os.path.abspath(suites)
    fit_half, check_half = halves(unused_records(suites), seed)
    chosen = []
    if half in ("fit", "both"):
        chosen.append(("fit", fit_half[:games]))
    if half in ("check", "both"):
        chosen.append(("check", check_half[:games]))
    with Pool(2) as pool:
        for name, recs in chosen:
            results = pool.map(run_record, [(suites, r) for r in recs])
            report(name, results, listing)
    if listing:
        listing.close()


if __name__ == "__main__":
    main(sys.argv[1:])
