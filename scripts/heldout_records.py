"""Shared by scripts/owl-held-out.py and scripts/owl-ordering-fit.py: the
game records no regression suite loads, their split into a fitting and a
checking half, and a GTP engine over pipes."""

import hashlib
import os
import re
import subprocess


class Gtp:
    """One engine over pipes."""

    def __init__(self, argv, cwd):
        self.p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, bufsize=1)

    def ask(self, cmd):
        """(ok, lines) of the answer to `cmd`."""
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("engine died on " + cmd)
            line = line.rstrip("\n")
            if line == "":
                if lines:
                    break
                continue
            lines.append(line)
        ok = lines[0].startswith("=")
        lines[0] = lines[0][1:].strip()
        return ok, lines

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
        except BrokenPipeError:
            pass
        self.p.wait()


def unused_records(suites):
    """The game records under games/ that no .tst loads, sorted."""
    used = set()
    for f in os.listdir(suites):
        if f.endswith(".tst"):
            text = open(os.path.join(suites, f), errors="replace").read()
            used.update(m.group(1) for m in re.finditer(r"loadsgf\s+(\S+)", text))
    out = []
    for d, _, files in os.walk(os.path.join(suites, "games")):
        for f in files:
            if f.endswith(".sgf"):
                rel = os.path.relpath(os.path.join(d, f), suites)
                if rel not in used:
                    out.append(rel)
    return sorted(out)


def halves(records, seed):
    """The fitting and checking halves: records ordered by md5 of SEED:path."""
    ordered = sorted(records, key=lambda r: hashlib.md5(f"{seed}:{r}".encode()).hexdigest())
    half = len(ordered) // 2
    return ordered[:half], ordered[half:]


def moves_in(path):
    """Moves in a 19x19 record (0 for other sizes)."""
    text = open(path, errors="replace").read()
    size = re.search(r"SZ\[(\d+)\]", text)
    if size and size.group(1) != "19":
        return 0
    return len(re.findall(r";\s*[BW]\[", text))
