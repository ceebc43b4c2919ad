# Tesuji's own suite: captures, suicide, simple ko and undo through GTP
# play commands on a 7x7 board. Answers agree with GNU Go 3.8.
boardsize 7
clear_board

# Capture: the black stone D4 surrounded on three sides.
play black D4
play white C4
play white D5
play white E4
1 countlib D4
#? [1]
2 findlib D4
#? [D3]
play white D3
3 color D4
#? [empty]
4 captures white
#? [1]

# Suicide: A7 surrounded by white is illegal for black, legal for white.
play white A6
play white B7
5 is_legal black A7
#? [0]
6 is_legal white A7
#? [1]
# Undo takes back B7: A7 is no longer suicide.
undo
7 is_legal black A7
#? [1]

# Simple ko: black captures the white stone B2 at C2; white may not
# retake at once, but may after an exchange elsewhere.
clear_board
play black B3
play black A2
play black B1
play white C3
play white D2
play white C1
play white B2
8 countlib B2
#? [1]
play black C2
9 color B2
#? [empty]
10 captures black
#? [1]
11 is_legal white B2
#? [0]
12 all_legal white
#? [!.*B2.*]
play white G7
play black G1
13 is_legal white B2
#? [1]
play white B2
14 color C2
#? [empty]
# Now black may not retake at once.
15 is_legal black C2
#? [0]
