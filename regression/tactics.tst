# Tesuji's own tactical suite: small 9x9 positions made for this project
# (regression/games/), one mechanism each. Expected answers were checked by
# hand and agree with GNU Go 3.8; alternatives are listed where several
# moves work.

# A ladder that works: the white stone E5 has two liberties, and the chase
# toward the upper right reaches the edge.
loadsgf games/ladder-works.sgf
1 attack E5
#? [1 F5]
2 defend E5
#? [1 F5]

# The same with a ladder breaker at H8: the ladder no longer works.
loadsgf games/ladder-broken.sgf
3 attack E5
#? [0]
4 defend E5
#? [1 .*]

# A net (geta) catches the two-liberty stone.
loadsgf games/net.sgf
5 attack D5
#? [1 (D6|E5)]

# Edge capture: white C2-D2 on the second line cannot escape.
loadsgf games/edge-capture.sgf
6 attack C2
#? [1 E2]
7 defend C2
#? [0]
8 attack F2
#? [0]

# Ko: the white stone B2 is in atari but can fight a ko; both sides'
# results depend on who takes first.
loadsgf games/ko-fight.sgf
9 attack A2
#? [2 A1]
10 attack B2
#? [2 C2]
11 defend B2
#? [1 (A1|C2)]

# Liberty counting on the edge. White's eye space is a square four in
# the corner (A1 A2 B1 B2): dead whoever moves, so A2 and B2 both kill;
# which one comes first depends on move ordering.
loadsgf games/semeai-libs.sgf
12 attack C2
#? [1 (A2|B2)]
13 defend C2
#? [0]
14 attack D3
#? [0]
