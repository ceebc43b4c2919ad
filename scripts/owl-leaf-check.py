#!/usr/bin/env python3
"""How often does the owl's static judgement end a line wrongly?

The owl search stops a line without reading further where its static
judgement (`owl/life.rs`) decides it: the dragon counts two eyes (alive)
or has no way to two eyes (dead). Each such leaf is logged at debug level
(`RUST_LOG=tesuji::owl::leaf=debug`, `Search::log_leaf` in
`owl/search.rs`) with the moves from the game position. This script runs
tesuji on every owl question of the given suites, collects those leaves,
replays a sample of them in GNU Go 3.8 and asks it the question of the
side to move at the leaf, which the verdict answers:

  attacker to move  ->  `owl_attack TARGET`: an alive leaf is contradicted
                        when GNU Go kills, a dead one when it does not
  owner to move     ->  `owl_defend TARGET`: an alive leaf is contradicted
                        when GNU Go cannot save it, a dead one when it can

It prints, per verdict, how many GNU Go contradicts, overall and by each
feature the log records (eye points, largest eye, margins, lunches, weak
goal strings, ...), and writes the contradicted leaves to a TSV (suite,
test, loadsgf line, target, verdict, moves, GNU Go's answer, the features) to look at
one by one; with --all every leaf asked, with a `contradicted` column, for
tallies over several features at once. Lines that retake a ko (a point played twice) are left out:
`play` would refuse the retake. GNU Go is a reference, not an oracle: a
contradiction is where to look.

usage: scripts/owl-leaf-check.py [--engine BIN] [--sample N] [--seed S]
           [--out FILE] [--all] SUITES_DIR [SUITE.tst ...]
  e.g. scripts/owl-leaf-check.py ../shared/gnugo-regression owl.tst ld_owl.tst
"""
import argparse
import collections
import os
import random
import re
import subprocess
import sys

COLUMNS = 'ABCDEFGHJKLMNOPQRST'
QUESTION = re.compile(r'^(\d+)\s+(owl_attack|owl_defend|dragon_status)\s+(\S+)')
FEATURES = ('turn', 'depth', 'escape', 'eyes', 'threat', 'points', 'largest', 'margins', 'lunches', 'weak', 'goal')


def vertex(rc, size):
    """`row,col` from the top left as a GTP vertex, or None off the board."""
    r, c = (int(x) for x in rc.split(','))
    if not (0 <= r < size and 0 <= c < size) or c >= len(COLUMNS):
        return None
    return '%s%d' % (COLUMNS[c], size - r)


def parse_leaf(line):
    """One leaf line of the log as a dict, or None."""
    k = line.find('tesuji::owl::leaf]')
    if k < 0:
        return None
    words = line[k:].split(' ', 1)[1].split(' moves=')
    head = words[0].split()
    moves = words[1].split() if len(words) > 1 else []
    leaf = {'verdict': head[0], 'turn': head[1]}
    for kv in head[2:]:
        key, value = kv.split('=', 1)
        leaf[key] = value
    size = int(leaf['size'])
    leaf['target'] = vertex(leaf['target'], size)
    played = []
    for m in moves:
        v = vertex(m[1:], size)
        if v is None:
            return None
        played.append((m[0], v))
    leaf['moves'] = played
    return leaf


def collect(engine, suites_dir, suites):
    """Every leaf of every owl question of the suites, deduplicated."""
    env = dict(os.environ, RUST_LOG='tesuji::owl::leaf=debug')
    seen = {}
    for suite in suites:
        load = None
        with open(os.path.join(suites_dir, suite)) as f:
            for line in f:
                line = line.strip()
                if line.startswith('loadsgf'):
                    load = line
                    continue
                m = QUESTION.match(line)
                if not m or load is None:
                    continue
                gtp = '%s\n%s %s\n' % (load, m.group(2), m.group(3))
                run = subprocess.run([engine], input=gtp.encode(), capture_output=True,
                                     cwd=suites_dir, env=env, check=False)
                for l in run.stderr.decode(errors='replace').splitlines():
                    leaf = parse_leaf(l)
                    if leaf is None:
                        continue
                    points = [v for _, v in leaf['moves']]
                    if len(set(points)) < len(points):
                        continue
                    key = (load, leaf['target'], tuple(leaf['moves']), leaf['verdict'])
                    if key not in seen:
                        leaf.update(suite=suite, test=m.group(1), load=load)
                        seen[key] = leaf
    return list(seen.values())


def ask_gnugo(gnugo, suites_dir, leaves):
    """GNU Go's answer to the question each leaf's verdict settles."""
    cmds = []
    for i, leaf in enumerate(leaves):
        cmds.append(leaf['load'])
        cmds.extend('play %s %s' % (c, v) for c, v in leaf['moves'])
        question = 'owl_attack' if leaf['turn'] == 'Attacker' else 'owl_defend'
        cmds.append('%d %s %s' % (100000 + i, question, leaf['target']))
    cmds.append('quit')
    run = subprocess.run([gnugo, '--mode', 'gtp', '--quiet'], input='\n'.join(cmds).encode(),
                         capture_output=True, cwd=suites_dir, check=False)
    answers = {}
    for l in run.stdout.decode(errors='replace').splitlines():
        m = re.match(r'^=(\d{6}) (.*)$', l)
        if m:
            answers[int(m.group(1)) - 100000] = m.group(2).strip()
    for i, leaf in enumerate(leaves):
        leaf['gnugo'] = answers.get(i)


def contradicted(leaf):
    """Whether GNU Go's answer to the leaf's question contradicts its verdict."""
    succeeds = not leaf['gnugo'].startswith('0')
    if leaf['turn'] == 'Attacker':
        return succeeds == (leaf['verdict'] == 'alive')
    return succeeds == (leaf['verdict'] == 'dead')


def report(leaves):
    for verdict in ('alive', 'dead'):
        rows = [x for x in leaves if x['verdict'] == verdict and x['gnugo'] is not None]
        if not rows:
            continue
        bad = [x for x in rows if contradicted(x)]
        print('%s leaves: %d, GNU Go contradicts %d (%.1f%%)'
              % (verdict, len(rows), len(bad), 100.0 * len(bad) / len(rows)))
        for feature in FEATURES:
            buckets = collections.defaultdict(lambda: [0, 0])
            for x in rows:
                value = x[feature]
                if value.isdigit() and int(value) >= 6:
                    value = '6+'
                buckets[value][0] += 1
                buckets[value][1] += contradicted(x)
            cells = ['%s:%d/%d' % (k, b, n) for k, (n, b) in sorted(buckets.items())]
            print('  %-8s %s' % (feature, ' '.join(cells)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--engine', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', 'target', 'release', 'tesuji'))
    ap.add_argument('--gnugo', default=os.environ.get('GNUGO', '/usr/games/gnugo'))
    ap.add_argument('--sample', type=int, default=3000,
                    help='leaves asked of GNU Go (fixed seed), 0 for all')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--out', default='owl-leaf-check.tsv')
    ap.add_argument('--all', action='store_true',
                    help='write every leaf asked, not only the contradicted ones')
    ap.add_argument('suites_dir')
    ap.add_argument('suites', nargs='*', default=['owl.tst', 'ld_owl.tst'])
    args = ap.parse_args()
    engine = os.path.abspath(args.engine)
    leaves = collect(engine, args.suites_dir, args.suites)
    leaves.sort(key=lambda x: (x['suite'], int(x['test']), x['verdict'], x['moves']))
    print('%d distinct leaves' % len(leaves))
    if args.sample and len(leaves) > args.sample:
        random.Random(args.seed).shuffle(leaves)
        leaves = leaves[:args.sample]
    ask_gnugo(args.gnugo, args.suites_dir, leaves)
    report(leaves)
    with open(args.out, 'w') as out:
        out.write('\t'.join(['suite', 'test', 'loadsgf', 'target', 'verdict', 'moves', 'gnugo',
                              'contradicted'] + list(FEATURES)) + '\n')
        for x in leaves:
            if x['gnugo'] is None:
                continue
            bad = contradicted(x)
            if bad or args.all:
                moves = ' '.join(c + v for c, v in x['moves'])
                out.write('\t'.join([x['suite'], x['test'], x['load'], x['target'],
                                     x['verdict'], moves, x['gnugo'], 'yes' if bad else 'no']
                                    + [str(x.get(f, '')) for f in FEATURES]) + '\n')
    print('%s leaves written to %s' % ('all' if args.all else 'contradicted', args.out),
          file=sys.stderr)


if __name__ == '__main__':
    main()
