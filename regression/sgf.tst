# Tesuji's own suite: loadsgf semantics (move numbers, vertices, handicap,
# repeated setup properties, FF[3] numeric PL, errors leave the game intact).
# Positions: regression/games/, made for this suite. Answers checked against
# GNU Go 3.8 (identical there).

# Handicap 2 placed with one AB per stone: White moves first; `loadsgf F 1`
# stops before move 1, so only the handicap is on the board.
1 loadsgf games/handicap-game.sgf 1
#? [white]
2 list_stones black
#? [C7 G3]

# Stop before move 4 (three moves played): Black to move.
3 loadsgf games/handicap-game.sgf 4
#? [black]
4 list_stones white
#? [C3 C2]

# A vertex stops before the first move played there.
5 loadsgf games/handicap-game.sgf D9
#? [white]

# The whole game, with a white pass near the end.
6 loadsgf games/handicap-game.sgf
#? [white]
7 list_stones white
#? [C3 A2 B2 C2 C1 D1]
8 list_stones black
#? [C7 B4 C4 A3 B3 D3 G3 D2 E1]
9 get_komi
#? [0.5]

# FF[3] numeric player: PL[2] means White to move.
10 loadsgf games/ff3-player.sgf
#? [white]
11 list_stones white
#? [E5 E4]

# The history is the replayed moves: undo takes them back.
12 loadsgf games/handicap-game.sgf 10
#? [black]
undo
undo
13 list_stones white
#? [C3 B2 C2 C1]

# A missing file is an error and leaves the game as it was.
loadsgf games/no-such-file.sgf
14 list_stones white
#? [C3 B2 C2 C1]
