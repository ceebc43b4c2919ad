#!/usr/bin/env python3
"""Fit the owl's learned move-ordering weights (src/owl/ordering.rs,
LEARNED; used with `tesuji --owl-ordering learned`).

Data: positions of the game records that no regression suite loads (the
`.tst` files of SUITES_DIR name every record they use). The records are
split by file into two halves by the md5 of "SEED:path", the split of
`scripts/owl-held-out.py`: the first half fits, the second checks. At
moves 50, 90, 130, 170 and 210 of each 19x19 record, GNU Go 3.8's
`dragon_status` names the critical dragons with its attacking and
defending moves; for each such dragon and side, tesuji prints its root
candidates with their values and features (`owl_ordering`), and GNU Go
says which of tesuji's first six candidates work (`owl_does_attack` /
`owl_does_defend`).

Fit: a pairwise logistic ranking per side. A candidate scores
`b * value / 10 + sum(w_i * f_i)`; each pair (better, worse) adds
log(1 + exp(score(worse) - score(better))): GNU Go's move above every
other of tesuji's first 15 candidates (weight 1), and a candidate GNU Go
confirms above one it refutes (weight 0.5). L2 on the feature weights;
300 steps of gradient descent from the rules' order (b = 1, w = 0).
Printed per side: on both halves, how often the first candidate is GNU
Go's move and how often GNU Go confirms it, by the rules alone and
fitted; the weights; and the Rust lines for LEARNED (scaled so the
value's weight is 1).

usage:
  scripts/owl-ordering-fit.py collect [--seed S] [--games N] [SUITES_DIR]
  scripts/owl-ordering-fit.py fit [--seed S] [--l2 X]
Work files: regression/out/owl-ordering/data-SEED.jsonl. GNU Go is
$GNUGO (default /usr/games/gnugo), tesuji $TESUJI (default the release
build, run with its default `--owl-ordering rules`). The weights in
ordering.rs came from `collect` then `fit`, seed 1, l2 0.01 (about five
minutes on two cores).
"""

import json
import math
import os
import re
import sys
from multiprocessing import Pool

from heldout_records import Gtp, halves, moves_in, unused_records

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "regression", "out", "owl-ordering")
MOVES = (50, 90, 130, 170, 210)
CHECKED = 6  # tesuji's first candidates GNU Go checks
TOP = 15  # tesuji's first candidates the pairs are drawn from

# src/owl/ordering.rs FEATURE_NAMES, in order.
FEATURES = [
    "own_vital", "their_vital", "weak_string", "lunch", "margin", "eye_point",
    "cut_point", "goal_liberty", "way_out", "beside_space", "ko_recapture",
    "self_atari", "space_contacts", "line1", "line2", "line3", "goal_adjacent",
    "enemy_adjacent", "own_adjacent", "empty_adjacent", "captures", "ataris",
    "liberties_after", "goal_diagonal",
]


def collect_record(job):
    """The samples of one record: critical dragons, both sides."""
    suites, rec, half = job
    out = []
    n = moves_in(os.path.join(suites, rec))
    if n < MOVES[0]:
        return out
    gnugo = Gtp([os.environ.get("GNUGO", "/usr/games/gnugo"), "--mode", "gtp", "--quiet"],
                suites)
    tesuji = Gtp([os.environ.get("TESUJI", os.path.join(ROOT, "target", "release", "tesuji"))],
                 suites)
    try:
        for mv in MOVES:
            if mv > n:
                break
            if not (gnugo.ask(f"loadsgf {rec} {mv}")[0] and tesuji.ask(f"loadsgf {rec} {mv}")[0]):
                break
            ok, lines = gnugo.ask("dragon_status")
            if not ok:
                continue
            for line in lines:
                m = re.match(r"(\w+): critical (\S+) (\S+)", line.strip())
                if not m:
                    continue
                dragon, attack, defence = m.groups()
                for side, label in (("attack", attack), ("defend", defence)):
                    ok, cands = tesuji.ask(f"owl_ordering {dragon} {side}")
                    if not ok or not cands or not cands[0]:
                        continue
                    # move, value, then the features (the score is skipped).
                    rows = []
                    for c in cands:
                        parts = c.split()
                        rows.append([parts[0], int(parts[1])] + [int(x) for x in parts[3:]])
                    works = {}
                    ask = "owl_does_attack" if side == "attack" else "owl_does_defend"
                    for r in rows[:CHECKED]:
                        ok, ans = gnugo.ask(f"{ask} {r[0]} {dragon}")
                        if ok:
                            works[r[0]] = ans[0].split()[0] != "0"
                    out.append({"half": half, "record": rec, "move": mv, "dragon": dragon,
                                "side": side, "label": label.upper(), "cands": rows,
                                "works": works})
    except RuntimeError as e:
        print(f"{rec}: {e}", file=sys.stderr)
    finally:
        gnugo.close()
        tesuji.close()
    return out


def collect(argv):
    seed, games, suites = 1, None, "../shared/gnugo-regression"
    i = 0
    while i < len(argv):
        if argv[i] in ("--seed", "--games") and i + 1 < len(argv):
            if argv[i] == "--seed":
                seed = int(argv[i + 1])
            else:
                games = int(argv[i + 1])
            i += 2
        else:
            suites = argv[i]
            i += 1
    suites = os.path.abspath(suites)
    fit_half, check_half = halves(unused_records(suites), seed)
    jobs = [(suites, r, "fit") for r in fit_half[:games]] + \
           [(suites, r, "check") for r in check_half[:games]]
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, f"data-{seed}.jsonl")
    count = 0
    with open(path, "w") as f, Pool(2) as pool:
        for samples in pool.imap(collect_record, jobs):
            for s in samples:
                f.write(json.dumps(s) + "\n")
                count += 1
    print(f"{count} samples from {len(jobs)} records -> {path}")


def vec(row):
    """The fitted vector of a candidate row: value / 10, then features."""
    return [row[1] / 10.0] + row[2:]


def pairs_of(sample):
    """Index pairs (better, worse, weight) among the first TOP candidates."""
    rows = sample["cands"][:TOP]
    idx = {r[0]: i for i, r in enumerate(rows)}
    label = sample["label"]
    pairs = []
    if label in idx:
        pairs += [(idx[label], j, 1.0) for j in range(len(rows)) if j != idx[label]]
    works = sample["works"]
    good = [idx[m] for m, w in works.items() if w and m in idx and m != label]
    bad = [idx[m] for m, w in works.items() if not w and m in idx]
    pairs += [(a, b, 0.5) for a in good for b in bad]
    return rows, pairs


def first(w, rows):
    """The candidate the weights put first (ties: the earlier one)."""
    return max(range(len(rows)),
               key=lambda i: (sum(a * b for a, b in zip(w, vec(rows[i]))), -i))


def evaluate(samples, w):
    agree = with_label = confirmed = checked = 0
    for s in samples:
        rows = s["cands"]
        if not rows:
            continue
        best = rows[first(w, rows)][0]
        if s["label"] in {r[0] for r in rows}:
            with_label += 1
            agree += best == s["label"]
        if best in s["works"]:
            checked += 1
            confirmed += s["works"][best]
    return agree, with_label, confirmed, checked


def fit(argv):
    seed, l2 = 1, 0.01
    i = 0
    while i < len(argv):
        if argv[i] == "--seed" and i + 1 < len(argv):
            seed = int(argv[i + 1])
        elif argv[i] == "--l2" and i + 1 < len(argv):
            l2 = float(argv[i + 1])
        else:
            raise SystemExit(f"unknown argument {argv[i]}")
        i += 2
    data = [json.loads(line) for line in open(os.path.join(OUT, f"data-{seed}.jsonl"))]
    rust = []
    for side in ("attack", "defend"):
        fit_set = [s for s in data if s["half"] == "fit" and s["side"] == side and s["cands"]]
        check_set = [s for s in data if s["half"] == "check" and s["side"] == side]
        dim = 1 + len(FEATURES)
        rules = [1.0] + [0.0] * (dim - 1)
        w = list(rules)
        prepared = [(list(map(vec, rows)), pairs)
                    for rows, pairs in map(pairs_of, fit_set) if pairs]
        total = sum(len(p) for _, p in prepared)
        loss = 0.0
        for _ in range(300):
            grad = [0.0] * dim
            loss = 0.0
            for vs, pairs in prepared:
                sc = [sum(a * b for a, b in zip(w, v)) for v in vs]
                for a, b, weight in pairs:
                    d = sc[a] - sc[b]
                    loss += weight * (math.log1p(math.exp(-d)) if d > -30 else -d)
                    g = -weight / (1.0 + math.exp(d)) if d > -30 else -weight
                    for k in range(dim):
                        grad[k] += g * (vs[a][k] - vs[b][k])
            for k in range(dim):
                reg = l2 * w[k] if k > 0 else 0.0
                w[k] -= 0.05 * (grad[k] / total + reg)
        print(f"== {side}: {len(fit_set)} fitting samples ({total} pairs), "
              f"{len(check_set)} checking samples; loss {loss / total:.4f}")
        for name, ws in (("rules", rules), ("fitted", w)):
            for half, ss in (("fit", fit_set), ("check", check_set)):
                a, wl, c, ch = evaluate(ss, ws)
                print(f"  {name:6} {half:5}: first is GNU Go's move {a}/{wl}"
                      f" ({100.0 * a / max(wl, 1):.1f}%), GNU Go confirms it {c}/{ch}"
                      f" ({100.0 * c / max(ch, 1):.1f}%)")
        for name, x in zip(["value/10"] + FEATURES, w):
            print(f"    {name:16} {x:8.3f}")
        rust.append((side, [round(x * 10.0 / w[0], 2) for x in w[1:]]))
    print(f"// scripts/owl-ordering-fit.py fit --seed {seed} --l2 {l2}")
    for side, ws in rust:
        print(f"// {side}\nWeights {{ base: 1.0, features: [{', '.join(f'{x:.2f}' for x in ws)}] }},")


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("collect", "fit"):
        print(__doc__)
        sys.exit(2)
    (collect if sys.argv[1] == "collect" else fit)(sys.argv[2:])
