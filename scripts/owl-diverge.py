#!/usr/bin/env python3
"""Where does tesuji's owl part ways with GNU Go 3.8 on one test?

For an owl test that tesuji fails, follow tesuji's own line of play and ask
GNU Go, at each node on it, what it thinks; stop at the first node where
GNU Go finds a move for the side that tesuji says loses, and say how
tesuji treated that move:

  MISSING      not among tesuji's candidates at that node
  RANKED-OUT   a candidate, but past the width tried there (its rank and
               the number tried are printed)
  tried        tried and read as lost: the analysis goes on after it
  LEAF-DEAD /  tesuji's line ended by its static judgement (dead / alive)
  LEAF-ALIVE   where GNU Go finds a move
  AGREE        GNU Go agrees with every node of tesuji's line

Two directions:
  --kill (default): tesuji kills (or cannot defend) where GNU Go lives.
      Tesuji's attack is read; at each owner-to-move node of its winning
      line GNU Go is asked `owl_defend`.
  --live: tesuji lives (or cannot kill) where GNU Go kills; the mirror.
For `owl_defend` tests and `dragon_status` tests expecting `critical`,
the line starts after GNU Go's own defence (--kill) or attack (--live).

Needs tesuji's owl trace (`RUST_LOG=tesuji::owl::search=trace`) and GNU
Go (`$GNUGO`, default /usr/games/gnugo). GNU Go is a reference here, not
an oracle: a divergence is where to look, not proof of a bug.

usage: scripts/owl-diverge.py [--live] [--engine BIN] SUITES_DIR SUITE.tst TEST...
       scripts/owl-diverge.py --census RESULTS [--engine BIN] SUITES_DIR SUITE.tst
  e.g. scripts/owl-diverge.py ../shared/gnugo-regression ld_owl.tst 26 28

--census RESULTS takes the tests from a `tesuji-regress` output: every
unexpected failure of SUITE.tst. A wrong result code is followed in the
direction it needs (--kill where tesuji kills or cannot save what GNU Go
saves, --live the other way); a right code with another move is checked
with `owl_does_attack` / `owl_does_defend` in both engines (does each
accept the other's move?). A count per category closes the output.
"""
import argparse
import os
import re
import subprocess
import sys

COLUMNS = 'ABCDEFGHJKLMNOPQRST'


def setup_for(lines, number):
    """The commands that set up test `number` and the test itself."""
    setup = []
    for i, line in enumerate(lines):
        s = line.strip()
        if not s or s.startswith('#'):
            continue
        m = re.match(r'^(\d+)\s+(.*)$', s)
        body = m.group(2) if m else s
        if m and int(m.group(1)) == number:
            answer = next(l2.strip() for l2 in lines[i + 1:] if l2.strip().startswith('#?'))
            return setup, body, answer
        command = body.split()[0]
        if command in ('loadsgf', 'boardsize', 'clear_board'):
            setup = []
        if command in ('loadsgf', 'play', 'komi', 'boardsize', 'clear_board',
                       'fixed_handicap', 'set_free_handicap'):
            setup.append(body)
    sys.exit(f'owl-diverge: no test {number}')


class Session:
    def __init__(self, engine, gnugo, folder):
        self.engine, self.gnugo, self.folder = engine, gnugo, folder

    def run(self, program, commands, trace=False):
        """The answers to `commands` (one per command) and the stderr."""
        env = dict(os.environ)
        if trace:
            env['RUST_LOG'] = 'tesuji::owl::search=trace'
        r = subprocess.run(program, input='\n'.join(commands) + '\nquit\n', capture_output=True,
                           text=True, cwd=self.folder, env=env)
        answers = [a.strip() for a in r.stdout.split('\n\n') if a.strip()]
        return answers, r.stderr

    def ours(self, commands, trace=False):
        return self.run([self.engine], commands, trace)

    def theirs(self, commands):
        return self.run([self.gnugo, '--mode', 'gtp', '--quiet'], commands)[0]


class Node:
    """One node of tesuji's traced search: the side to move, its candidates
    (vertex, value) and the moves it tried (vertex, result, child node)."""

    def __init__(self, turn, depth, candidates):
        self.turn, self.depth, self.candidates, self.tried = turn, depth, candidates, []


def vertex(p, size):
    row, col = map(int, re.match(r'P\((\d+),(\d+)\)', p).groups())
    return f'{COLUMNS[col]}{size - row}'


def parse_trace(stderr, size):
    """The search trees of the trace: candidate lines open nodes (pre-order),
    result lines (post-order) attach the child read below the move.

    A read at depth 0 inside another (the fresh defence behind a root kill,
    `Search::saved_afresh`; the fresh attack that confirms a save; the
    probe of a defence's root) is a frame of its own: its lines go to it,
    and a result at depth 0 goes to the innermost frame whose root is of
    the same side, closing the frames opened inside that one."""
    frames, roots = [], []
    for line in stderr.splitlines():
        m = re.search(r'owl (Attacker|Defender) depth (\d+): \[(.*)\]$', line)
        if m:
            depth = int(m.group(2))
            candidates = [(vertex(p, size), int(v))
                          for p, v in re.findall(r'\((P\(\d+,\d+\)), (-?\d+)\)', m.group(3))]
            node = Node(m.group(1), depth, candidates)
            if depth == 0 or not frames:
                frames.append({'stack': [node], 'closed': {}})
                roots.append(node)
                continue
            f = frames[-1]
            while f['stack'] and f['stack'][-1].depth >= depth:
                n = f['stack'].pop()
                f['closed'][n.depth] = n
            f['stack'].append(node)
            f['closed'].pop(depth + 1, None)
            continue
        m = re.search(r'owl (Attacker|Defender) depth (\d+): (P\(\d+,\d+\)) .* gives (\w+)', line)
        if m:
            turn, depth = m.group(1), int(m.group(2))
            if depth == 0:
                while frames and frames[-1]['stack'][0].turn != turn:
                    frames.pop()
            if not frames:
                continue
            f = frames[-1]
            while f['stack'] and f['stack'][-1].depth > depth:
                n = f['stack'].pop()
                f['closed'][n.depth] = n
            child = f['closed'].pop(depth + 1, None)
            if f['stack'] and f['stack'][-1].depth == depth:
                f['stack'][-1].tried.append((vertex(m.group(3), size), m.group(4), child))
    return roots


def winning_line(root, winner):
    """The line where `winner` ('Attacker' or 'Defender') wins: its winning
    move at its nodes, the first move tried at the other side's."""
    line, node = [], root
    while node and node.tried:
        if node.turn == winner:
            wins = [t for t in node.tried if t[1] == 'Win']
            if not wins:
                break
            move, _, child = wins[0]
        else:
            move, _, child = node.tried[0]
        line.append((node, move))
        node = child
    return line


def diverge(s, setup, target, owner, attacker, first, prefix, live, depth=0):
    """Follow tesuji's winning line after `prefix` (moves alternating from
    the colour `first`; the side tesuji says wins is to move after it) and
    describe the divergence."""
    winner = 'Defender' if live else 'Attacker'
    their_question = 'owl_attack' if live else 'owl_defend'
    our_question = 'owl_defend' if live else 'owl_attack'

    start = plays_for(prefix, first, owner, attacker)
    answers, stderr = s.ours(setup + start + ['query_boardsize', f'{our_question} {target}'], True)
    size = int(answers[len(setup) + len(start)].split()[1])
    ours = answers[len(setup) + len(start) + 1]
    if ours.startswith('= 0'):
        return f'tesuji agrees after [{" ".join(prefix)}]'
    roots = parse_trace(stderr, size)
    root = next((r for r in roots if r.depth == 0 and r.turn == winner), None)
    if root is None:
        return f'no trace after [{" ".join(prefix)}] ({ours})'
    line = winning_line(root, winner)
    mine = [m for _, m in line]
    for k in range(1, len(line) + 1, 2):
        seq = prefix + mine[:k]
        cmds = plays_for(seq, first, owner, attacker)
        theirs = s.theirs(setup + cmds + [f'{their_question} {target}'])[len(setup) + len(cmds)]
        if theirs.startswith('= 0') or len(theirs.split()) < 3:
            continue
        move = theirs.split()[-1]
        if k == len(line):
            return f'LEAF-{"ALIVE" if live else "DEAD"} after [{" ".join(seq)}]: GNU Go {theirs}'
        node, _ = line[k]
        names = [c[0] for c in node.candidates]
        where = f'after [{" ".join(seq)}] GNU Go {theirs}, tesuji {node.candidates[:6]}'
        if move not in names:
            note = f'MISSING {where}'
        elif not any(t[0] == move for t in node.tried):
            note = f'RANKED-OUT rank {names.index(move)}, {len(node.tried)} tried, {where}'
        else:
            note = f'tried {move} {where}'
        if depth >= 8:
            return note + ' -> (stopped)'
        return note + ' -> ' + diverge(s, setup, target, owner, attacker, first, seq + [move],
                                       live, depth + 1)
    return f'AGREE on [{" ".join(prefix + mine)}]'


def plays_for(seq, first, owner, attacker):
    """`play` commands for the alternating moves `seq`, the first by `first`."""
    other = attacker if first == owner else owner
    return [f'play {first if j % 2 == 0 else other} {m}' for j, m in enumerate(seq)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--live', action='store_true')
    ap.add_argument('--engine', default=os.path.join(os.path.dirname(__file__), '..',
                                                     'target', 'release', 'tesuji'))
    ap.add_argument('--census', metavar='RESULTS')
    ap.add_argument('folder')
    ap.add_argument('suite')
    ap.add_argument('tests', nargs='*', type=int)
    a = ap.parse_args()
    s = Session(os.path.abspath(a.engine), os.environ.get('GNUGO', '/usr/games/gnugo'),
                a.folder)
    lines = open(os.path.join(a.folder, a.suite)).read().splitlines()
    if a.census:
        census(s, lines, a.suite, a.census)
        return
    if not a.tests:
        ap.error('name the tests, or give --census RESULTS')
    for t in a.tests:
        print(t, *follow(s, lines, t, a.live), flush=True)


def follow(s, lines, t, live):
    """Test `t`'s command, expected answer and where tesuji parts ways
    with GNU Go in direction `live`."""
    setup, command, answer = setup_for(lines, t)
    words = command.split()
    target = words[1]
    owner = s.theirs(setup + [f'color {target}'])[len(setup)].split()[1]
    attacker = 'black' if owner == 'white' else 'white'
    prefix = []
    starts_with_reference = words[0] == ('owl_attack' if live else 'owl_defend') or (
        words[0] == 'dragon_status' and 'critical' in answer)
    if starts_with_reference:
        q = 'owl_attack' if live else 'owl_defend'
        ref = s.theirs(setup + [f'{q} {target}'])[len(setup)]
        if not ref.startswith('= 0') and len(ref.split()) >= 3 and ref.split()[-1] != 'PASS':
            prefix = [ref.split()[-1]]
    # The line's first move: the reference move's side if there is one,
    # else the side tesuji's winning search starts with.
    winner_color = owner if live else attacker
    loser_color = attacker if live else owner
    first = loser_color if prefix else winner_color
    return command, answer, '|', diverge(s, setup, target, owner, attacker, first, prefix, live)


FAILURE = re.compile(r"^(\S+) (\d+) unexpected FAIL: Correct '(.*)', got '(.*)'")
CATEGORY = re.compile(r'(MISSING|RANKED-OUT|tried|LEAF-DEAD|LEAF-ALIVE|AGREE|tesuji agrees)')
VERTEX = re.compile(r'\b[A-HJ-T](?:1[0-9]|[1-9])\b')


def direction(command, expected, got):
    """'kill' or 'live' for a wrong result code (which way tesuji errs),
    'move' for the right code with another move, None otherwise (a ko grade
    or a status neither way)."""
    e, g = expected.split()[0], got.split()[0]
    if command == 'owl_attack' or command == 'owl_defend':
        attack = command == 'owl_attack'
        if e.strip('()').split('|')[0] != '0' and g == '0':
            return 'live' if attack else 'kill'
        if e == '0' and g != '0':
            return 'kill' if attack else 'live'
        if (e.strip('()') == g or g in e.strip('()').split('|')) and len(got.split()) > 1:
            return 'move'
        return None
    if command == 'dragon_status':
        if e == 'alive' and g != 'alive':
            return 'kill'
        if e.startswith('critical') and g == 'dead':
            return 'kill'
        if g == 'alive' and e != 'alive':
            return 'live'
        if e == 'critical' and g == 'critical':
            return 'move'
    return None


def census(s, lines, suite, results):
    """Follow every unexpected failure of `suite` in `results`."""
    counts = {}
    for line in open(results):
        m = FAILURE.match(line)
        if not m or m.group(1) != suite:
            continue
        t, expected, got = int(m.group(2)), m.group(3), m.group(4)
        setup, command, _ = setup_for(lines, t)
        words = command.split()
        way = direction(words[0], expected, got)
        if way in ('kill', 'live'):
            _, _, _, where = follow(s, lines, t, way == 'live')
            kind = CATEGORY.match(where).group(1) if CATEGORY.match(where) else where
            print(t, way, command, f'[{expected}] got [{got}] |', where, flush=True)
        elif way == 'move':
            kind = 'other move: ' + other_move(s, setup, words, expected, got)
            print(t, 'move', command, f'[{expected}] got [{got}] |', kind, flush=True)
        else:
            kind = 'ko grade or other'
            print(t, '-', command, f'[{expected}] got [{got}]', flush=True)
        counts[(way or '-', kind)] = counts.get((way or '-', kind), 0) + 1
    print(f'== {suite}: unexpected failures by direction and first divergence')
    for (way, kind), n in sorted(counts.items(), key=lambda x: (-x[1], x[0])):
        print(f'{n:4d}  {way:5s} {kind}')


def other_move(s, setup, words, expected, got):
    """For a right code with another move: does GNU Go accept tesuji's
    move, and does tesuji accept an expected one?"""
    question, target = words[0], words[1]
    if question == 'dragon_status':
        # The attack point is the first vertex of each answer.
        question = 'owl_attack'
    ask = 'owl_does_attack' if question == 'owl_attack' else 'owl_does_defend'
    ours = [v for v in VERTEX.findall(got) if v != target][:1]
    wanted = [v for v in VERTEX.findall(expected) if v != target][:1]
    if not ours or not wanted:
        return 'no move to check'
    g = s.theirs(setup + [f'{ask} {ours[0]} {target}'])[len(setup)]
    t = s.ours(setup + [f'{ask} {wanted[0]} {target}'])[0][len(setup)]
    return (f"GNU Go {'accepts' if not g.startswith('= 0') else 'refutes'} tesuji's, "
            f"tesuji {'accepts' if not t.startswith('= 0') else 'refutes'} the expected")


if __name__ == '__main__':
    main()
