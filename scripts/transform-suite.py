#!/usr/bin/env python3
"""Write a GNU Go regression suite turned by one of the board's eight
symmetries: the same questions on rotated or mirrored positions.

An engine that reads the same position the same way answers a turned
suite as it answers the original. Where it does not, something in it
depends on the board's orientation (a tie among candidates broken by
board order, a scan that stops at the first point found), and a score
fitted to the original orientation will not carry over to positions it
has not seen. GNU Go's own `owl_rot.tst` asks owl.tst's questions on
turned boards for the same reason.

The suite's game records are read from SUITES_DIR and written, turned,
under OUT_DIR (never inside the project: they are GPL data); the turned
`.tst` files go to OUT_DIR too, so `tesuji-regress` runs from there. Every
vertex of a command and of an expected answer is mapped, and so is every
point of the records (moves, setup stones, markup).

Symmetries (applied to (column, row) with the origin at the top left):
  0 identity, 1 rotate 90, 2 rotate 180, 3 rotate 270,
  4 mirror left-right, 5 mirror top-bottom, 6 transpose, 7 anti-transpose

usage: scripts/transform-suite.py [--symmetry K] SUITES_DIR OUT_DIR SUITE.tst...
  e.g. scripts/transform-suite.py --symmetry 2 ../shared/gnugo-regression /tmp/rot2 owl.tst
       (cd /tmp/rot2 && tesuji-regress owl.tst)
"""
import argparse
import os
import re
import sys

COLUMNS = 'ABCDEFGHJKLMNOPQRST'
VERTEX = re.compile(r'(?<![A-Za-z0-9])([A-HJ-Ta-hj-t])(1[0-9]|[1-9])(?![A-Za-z0-9])')
PROPERTY = re.compile(r'([A-Z]+)((?:\s*\[(?:[^\]\\]|\\.)*\])+)', re.S)
VALUE = re.compile(r'\[((?:[^\]\\]|\\.)*)\]', re.S)
POINT_PROPERTIES = {'B', 'W', 'AB', 'AW', 'AE', 'IL', 'TR', 'SQ', 'CR', 'MA', 'SL', 'TB', 'TW', 'DD'}


def turn(k, x, y, n):
    """Point (x, y), origin top left, on an n x n board, under symmetry k."""
    m = n - 1
    return [(x, y), (m - y, x), (m - x, m - y), (y, m - x),
            (m - x, y), (x, m - y), (y, x), (m - y, m - x)][k]


def turn_sgf_point(k, s, n):
    if len(s) != 2 or (s == 'tt' and n <= 19):
        return s  # a pass
    x, y = ord(s[0]) - ord('a'), ord(s[1]) - ord('a')
    if not (0 <= x < n and 0 <= y < n):
        return s
    tx, ty = turn(k, x, y, n)
    return chr(ord('a') + tx) + chr(ord('a') + ty)


def turn_sgf_value(k, prop, v, n):
    if prop in POINT_PROPERTIES:
        if ':' in v:  # a compressed rectangle: expanded point by point
            a, b = v.split(':', 1)
            if len(a) != 2 or len(b) != 2:
                return [v]
            xs = sorted((ord(a[0]), ord(b[0])))
            ys = sorted((ord(a[1]), ord(b[1])))
            return [turn_sgf_point(k, chr(x) + chr(y), n)
                    for x in range(xs[0], xs[1] + 1) for y in range(ys[0], ys[1] + 1)]
        return [turn_sgf_point(k, v, n)]
    if prop == 'LB' and ':' in v:
        p, text = v.split(':', 1)
        return [turn_sgf_point(k, p, n) + ':' + text]
    return [v]


def board_size(sgf):
    m = re.search(r'SZ\s*\[\s*(\d+)', sgf)
    return int(m.group(1)) if m else 19


def turn_sgf(k, sgf):
    n = board_size(sgf)

    def prop(m):
        name = m.group(1)
        values = [w for v in VALUE.findall(m.group(2)) for w in turn_sgf_value(k, name, v, n)]
        return name + ''.join('[' + v + ']' for v in values)
    return PROPERTY.sub(prop, sgf)


def turn_vertex(k, text, n):
    """Every GTP vertex in `text` mapped for an n x n board."""
    def one(m):
        col = COLUMNS.index(m.group(1).upper())
        row = int(m.group(2))
        if col >= n or row > n:
            return m.group(0)
        tx, ty = turn(k, col, n - row, n)
        return COLUMNS[tx] + str(n - ty)
    return VERTEX.sub(one, text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--symmetry', type=int, default=2, choices=range(8))
    ap.add_argument('suites')
    ap.add_argument('out')
    ap.add_argument('tst', nargs='+')
    a = ap.parse_args()
    k = a.symmetry
    out = os.path.abspath(a.out)
    if os.path.commonpath([out, os.path.abspath(a.suites)]) == os.path.abspath(a.suites):
        sys.exit('transform-suite: OUT_DIR must lie outside SUITES_DIR')
    written = set()
    for name in a.tst:
        size = 19
        lines = []
        for line in open(os.path.join(a.suites, name), encoding='utf-8', errors='replace'):
            words = line.split()
            if words and words[0] == 'loadsgf' and len(words) >= 2:
                path = words[1]
                src = os.path.join(a.suites, path)
                try:
                    sgf = open(src, encoding='utf-8', errors='replace').read()
                except OSError:
                    lines.append(line)
                    continue
                size = board_size(sgf)
                if path not in written:
                    dst = os.path.join(out, path)
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    with open(dst, 'w', encoding='utf-8') as f:
                        f.write(turn_sgf(k, sgf))
                    written.add(path)
                lines.append(' '.join(words[:2] + [turn_vertex(k, w, size) for w in words[2:]]) + '\n')
                continue
            if words and words[0] == 'boardsize' and len(words) >= 2 and words[1].isdigit():
                size = int(words[1])
            if line.lstrip().startswith('#') and not line.lstrip().startswith('#?'):
                lines.append(line)  # comments stay as written
                continue
            lines.append(turn_vertex(k, line, size))
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, name), 'w', encoding='utf-8') as f:
            f.writelines(lines)
    print(f'{len(a.tst)} suites and {len(written)} game records written to {out}')


if __name__ == '__main__':
    main()
