#!/usr/bin/env python3
"""Long-sequence GTP fuzzing of the engine on real game positions.

Two modes, each run for a list of seeds (the same seed gives the same input):

  commands   random commands of `list_commands` with random arguments
             (vertices, colours, numbers, file names, junk), mixed with
             loadsgf of game records at random moves, plays, trymove/popgo,
             boardsize; checks that every command gets exactly one answer,
             that the engine exits cleanly and never panics;
  readonly   after loadsgf of a game record, read-only analysis commands
             (owl, tactics, semeai, connection, eyes, ...) on its stones,
             each between two `showboard`s; checks the board is unchanged.

The engine runs under a memory limit (--max-mb) and a time limit per input
(--timeout); an input that fails is written next to the report so it can be
replayed (and minimised) by hand.

Commands that take a file name (decide_string V FILE, printsgf FILE, ...)
write where they are told, so the engine runs in a scratch directory holding
a copy of the suites' `games/` folder: the suites folder itself is never the
working directory.

usage: scripts/gtp-fuzz.py [--mode commands|readonly] [--seeds A-B]
           [--commands N] [--positions N] [--max-mb M] [--timeout S]
           [--engine PATH] [SUITES_DIR]
  SUITES_DIR defaults to ../shared/gnugo-regression (only its games/ folder
  is used, copied); the engine defaults to target/release/tesuji.
"""

import argparse
import glob
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile

LETTERS = "ABCDEFGHJKLMNOPQRST"

ONE_STONE = ["owl_attack", "owl_defend", "dragon_status", "attack", "defend",
             "find_lib", "countlib", "dragon_data", "worm_data", "dragon_stones",
             "eval_eye", "owl_threaten_attack", "owl_threaten_defense",
             "owl_substantial", "decide_owl", "decide_string", "unconditional_status",
             "worm_stones", "ladder_attack", "solve_life", "decide_life",
             "final_status", "analyze_eyegraph"]
TWO_STONES = ["analyze_semeai", "connect", "disconnect", "same_dragon", "semeai",
              "tactical_analyze_semeai", "attack_either", "defend_both"]
MOVE_AND_STONE = ["owl_does_attack", "owl_does_defend", "does_attack", "does_defend"]


def engine_run(engine, text, cwd, max_mb, timeout):
    """Run the engine on `text`; (returncode or None on timeout, stdout, stderr)."""
    def limit():
        size = max_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    try:
        p = subprocess.run([engine], input=text, capture_output=True, text=True,
                           cwd=cwd, timeout=timeout, preexec_fn=limit)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", ""


def answers_by_id(stdout):
    """The answer lines of each numbered command: {id: [lines]}."""
    out, cur = {}, None
    for line in stdout.split("\n"):
        head = line[1:].split()[:1]
        if line[:1] in ("=", "?") and head and head[0].isdigit():
            cur = int(head[0])
            out[cur] = [line]
        elif cur is not None and line.strip():
            out[cur].append(line)
    return out


def random_vertex(rng, stones=None):
    if stones and rng.random() < 0.8:
        return rng.choice(stones)
    if rng.random() < 0.9:
        return rng.choice(LETTERS) + str(rng.randint(1, 19))
    return rng.choice(["pass", "Z99", "A0", "T20", "a1", "@@", "J10x", "-1"])


def commands_input(rng, engine, games, n):
    listed = subprocess.run([engine], input="list_commands\n", capture_output=True,
                            text=True).stdout
    names = [l.strip("= ").strip() for l in listed.split("\n")]
    names = [c for c in names if c and c != "quit"]

    def argument():
        r = rng.random()
        if r < 0.5:
            return random_vertex(rng)
        if r < 0.7:
            return rng.choice(["black", "white", "b", "w", "B", "W", "empty", "x"])
        if r < 0.85:
            return str(rng.choice([0, 1, 2, 3, 5, 7, 9, 13, 19, 25, -1, 10**6, 10**11]))
        if r < 0.95:
            return rng.choice(["fuzz-out.sgf", "missing.sgf", rng.choice(games)])
        return "".join(chr(rng.randint(33, 126)) for _ in range(rng.randint(1, 8)))

    lines = []
    for _ in range(n):
        r = rng.random()
        if r < 0.08:
            lines.append(f"loadsgf {rng.choice(games)} {rng.randint(1, 250)}")
        elif r < 0.25:
            lines.append(f"play {rng.choice(['black', 'white'])} {random_vertex(rng)}")
        elif r < 0.30:
            lines.append(rng.choice([f"trymove black {random_vertex(rng)}",
                                     f"trymove white {random_vertex(rng)}", "popgo",
                                     "undo", f"tryko black {random_vertex(rng)}"]))
        elif r < 0.32:
            lines.append(f"boardsize {rng.choice([1, 2, 3, 5, 7, 9, 13, 19, 25, 0, -3])}")
        else:
            k = rng.choice([0, 1, 1, 1, 2, 2, 3])
            lines.append(" ".join([rng.choice(names)] + [argument() for _ in range(k)]))
    return lines


def readonly_input(rng, engine, games, positions, cwd):
    lines = []
    for _ in range(positions):
        game, move = rng.choice(games), rng.randint(10, 250)
        listed = subprocess.run(
            [engine], input=f"loadsgf {game} {move}\nlist_stones black\nlist_stones white\n",
            capture_output=True, text=True, cwd=cwd).stdout
        stones = [v for l in listed.split("\n")[2:] for v in l.strip("= ").split()]
        lines.append(f"loadsgf {game} {move}")
        for _ in range(rng.randint(2, 10)):
            v = lambda: random_vertex(rng, stones)
            kind = rng.random()
            if kind < 0.6:
                cmd = f"{rng.choice(ONE_STONE)} {v()}"
            elif kind < 0.85:
                cmd = f"{rng.choice(TWO_STONES)} {v()} {v()}"
            else:
                cmd = f"{rng.choice(MOVE_AND_STONE)} {v()} {v()}"
            lines += ["showboard", cmd, "showboard"]
    return lines


def check(mode, lines, code, stdout, stderr):
    """What went wrong with one input (empty when nothing did)."""
    problems = []
    if code is None:
        return ["timeout"]
    if code != 0:
        problems.append(f"exit code {code}")
    if "panicked" in stderr:
        problems.append("panic")
    answers = answers_by_id(stdout)
    missing = [i for i in range(len(lines)) if i not in answers]
    if missing:
        problems.append(f"{len(missing)} commands without an answer, first {lines[missing[0]]!r}")
    if mode == "readonly":
        for i, line in enumerate(lines):
            if line == "showboard" and i + 2 < len(lines) and lines[i + 2] == "showboard" \
                    and not lines[i + 1].startswith("loadsgf"):
                before = [l for l in answers.get(i, [])[1:] if "captured" not in l]
                after = [l for l in answers.get(i + 2, [])[1:] if "captured" not in l]
                if before != after:
                    problems.append(f"board changed by {lines[i + 1]!r}")
                    break
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("suites", nargs="?", default="../shared/gnugo-regression")
    ap.add_argument("--mode", choices=["commands", "readonly"], default="commands")
    ap.add_argument("--seeds", default="1-8", help="A-B, inclusive")
    ap.add_argument("--commands", type=int, default=3000)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--max-mb", type=int, default=2000)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--engine", default=None)
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    engine = os.path.abspath(args.engine or os.path.join(root, "target/release/tesuji"))
    games_dir = os.path.join(args.suites, "games")
    if not os.path.isdir(games_dir):
        sys.exit(f"gtp-fuzz.py: no games/ folder in {args.suites}")
    first, _, last = args.seeds.partition("-")
    seeds = range(int(first), int(last or first) + 1)
    failed = 0
    with tempfile.TemporaryDirectory(prefix="tesuji-fuzz-") as scratch:
        shutil.copytree(games_dir, os.path.join(scratch, "games"))
        games = sorted(os.path.relpath(p, scratch)
                       for p in glob.glob(os.path.join(scratch, "games/**/*.sgf"), recursive=True))
        for seed in seeds:
            rng = random.Random(seed)
            if args.mode == "commands":
                lines = commands_input(rng, engine, games, args.commands)
            else:
                lines = readonly_input(rng, engine, games, args.positions, scratch)
            text = "".join(f"{i} {l}\n" for i, l in enumerate(lines))
            code, stdout, stderr = engine_run(engine, text, scratch, args.max_mb, args.timeout)
            problems = check(args.mode, lines, code, stdout, stderr)
            print(f"{args.mode} seed {seed}: {len(lines)} commands: "
                  + ("; ".join(problems) if problems else "ok"), flush=True)
            if problems:
                failed += 1
                kept = f"gtp-fuzz-{args.mode}-{seed}.gtp"
                with open(kept, "w") as f:
                    f.write(text)
                print(f"  input kept in {kept} (run it from a copy of the suites folder)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
