#!/usr/bin/env python3
"""How often do tesuji's eye values agree with GNU Go 3.8's?

For every position the given suites load (each distinct `loadsgf` /
`play` setup before a test), asks both engines `eval_eye V` on every point
of the board and compares the `min max` pairs where either engine sees an
eye space. GNU Go looks its values up in a hand-made database
(`patterns/eyes.db`) and falls back on a guess for big spaces; tesuji
searches each space's local game (`src/eyes/value.rs`) and estimates
spaces beyond 12 vertices (`eyes::space::estimate`). Neither is an
oracle: a disagreement is where to look, and the counts say which way
tesuji leans (a pair with tesuji's `min` below GNU Go's is tesuji the more
pessimistic).

Prints the points compared, how many agree, the commonest disagreements
(tesuji's pair, GNU Go's pair, count) with a few examples each, and how
many disagreements lean each way.

usage: scripts/eye-compare.py [--engine BIN] [--gnugo BIN] [--examples N]
           SUITES_DIR [SUITE.tst ...]
  e.g. scripts/eye-compare.py ../shared/gnugo-regression owl.tst ld_owl.tst
"""
import argparse
import collections
import os
import re
import subprocess

COLUMNS = 'ABCDEFGHJKLMNOPQRST'
SETUP = ('loadsgf', 'boardsize', 'clear_board', 'play', 'komi')
RESET = ('loadsgf', 'boardsize', 'clear_board')


def setups(suites_dir, suites):
    """The distinct position setups (tuples of GTP commands) in the suites."""
    out = []
    for name in suites:
        current = []
        with open(os.path.join(suites_dir, name)) as f:
            for line in f:
                line = line.split('#')[0].strip()
                if not line:
                    continue
                m = re.match(r'^(\d+)\s+(.*)$', line)
                command = m.group(2) if m else line
                word = command.split()[0]
                if word in RESET:
                    current = []
                if word in SETUP:
                    current.append(command)
                elif m and current and tuple(current) not in out:
                    out.append(tuple(current))
    return out


def ask(engine, suites_dir, positions):
    """`eval_eye` of every point of every position: {(position, vertex): answer}."""
    commands = []
    keys = []
    for i, setup in enumerate(positions):
        commands.extend(setup)
        commands.append('query_boardsize')
        keys.extend([None] * (len(setup) + 1))
        for row in range(1, 20):
            for col in COLUMNS:
                commands.append('eval_eye %s%d' % (col, row))
                keys.append((i, '%s%d' % (col, row)))
    run = subprocess.run(engine, input='\n'.join(commands) + '\n', capture_output=True,
                         text=True, cwd=suites_dir)
    answers = [a.strip() for a in run.stdout.split('\n\n') if a.strip()]
    size = 19
    out = {}
    for key, command, answer in zip(keys, commands, answers):
        if command == 'query_boardsize':
            size = int(answer.split()[1]) if answer.startswith('=') else 19
        elif key is not None and int(key[1][1:]) <= size and COLUMNS.index(key[1][0]) < size:
            out[key] = answer
    return out


def pair(answer):
    """`min max` of an `eval_eye` answer, or None off any eye space."""
    if not answer.startswith('='):
        return None
    words = answer.split()[1:3]
    return None if words[:1] == ['-1'] else ' '.join(words)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--engine', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', 'target', 'release', 'tesuji'))
    ap.add_argument('--gnugo', default=os.environ.get('GNUGO', '/usr/games/gnugo'))
    ap.add_argument('--examples', type=int, default=2)
    ap.add_argument('suites_dir')
    ap.add_argument('suites', nargs='*', default=['owl.tst', 'ld_owl.tst'])
    args = ap.parse_args()
    suites_dir = os.path.abspath(args.suites_dir)
    positions = setups(suites_dir, args.suites)
    ours = ask([os.path.abspath(args.engine)], suites_dir, positions)
    theirs = ask([args.gnugo, '--mode', 'gtp', '--quiet'], suites_dir, positions)
    agree = 0
    kinds = collections.Counter()
    examples = collections.defaultdict(list)
    lean = collections.Counter()
    for key, answer in ours.items():
        a, b = pair(answer), pair(theirs.get(key, ''))
        if a is None and b is None:
            continue
        if a == b:
            agree += 1
            continue
        kinds[(a, b)] += 1
        examples[(a, b)].append('%s %s' % (positions[key[0]][-1], key[1]))
        if a is not None and b is not None:
            (a_min, a_max), (b_min, b_max) = (map(int, x.split()) for x in (a, b))
            if (a_min, a_max) < (b_min, b_max) and a_min <= b_min and a_max <= b_max:
                lean['tesuji lower'] += 1
            elif a_min >= b_min and a_max >= b_max:
                lean['tesuji higher'] += 1
            else:
                lean['mixed'] += 1
        else:
            lean['one engine sees no space'] += 1
    total = agree + sum(kinds.values())
    print('%d positions, %d eye points, %d agree (%.1f%%)'
          % (len(positions), total, agree, 100.0 * agree / max(1, total)))
    for (a, b), n in kinds.most_common(12):
        print('  tesuji %-5s gnugo %-5s %5d   e.g. %s'
              % (a or '-', b or '-', n, '; '.join(examples[(a, b)][:args.examples])))
    print('disagreements: ' + ', '.join('%s %d' % kv for kv in sorted(lean.items())))


if __name__ == '__main__':
    main()
