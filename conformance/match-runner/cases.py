"""The scripted games: one line of moves per case, and what happens after it.

Pure data, read by scripted.py (the engine) and by check.py (python-chess).
Each case:
  fen    start position (None = the normal initial position)
  moves  the whole line, both sides, in coordinate notation
  then   what happens once the line is played:
           ("stall",)        the side to move never moves again: its flag falls
           ("resign",)       the side to move sends `resign`
           ("say", TEXT)     the side to move sends TEXT (e.g. a result claim)
           ("move", MOVE)    the side to move sends `move MOVE` (an illegal move)
           ("claim", TEXT)   the side that made the last move sends TEXT right
                             after that move (CECP's way to claim: the move is
                             made and the draw claimed, FIDE 9.2.1.1 / 9.3.1)
  fide   what the FIDE Laws (2023) give, with the article
  configs  which xboard configurations run.sh plays it under
"""

ALL = ("adjudication-on", "adjudication-off")
THREE = ("adjudication-on", "adjudication-off", "claims-only")

# 50 moves each without a pawn move or a capture after 1.e4 e5, made with
# random legal piece moves (seeded) that give no check and repeat no position.
# White's 27th move, Rh1-g1 (index 50 below), loses White's h-side castling right.
FIFTY = (
    "f1a6 d8f6 g1h3 f6h6 a6b5 h6e6 b5f1 g8e7 f1e2 e7g8 h3g1 e6g6 g1h3 f8e7 "
    "h3f4 g6g5 e2b5 g5h6 b5a6 e7d8 f4e2 h6d6 e2d4 d6d5 a6e2 d5a5 d4b3 a5c3 "
    "e2d3 c3b4 b3a5 b4b6 d1h5 b6b4 h5g6 b8a6 d3e2 b4c3 e2f3 d8e7 g6g4 c3b3 "
    "g4h4 g8h6 f3d1 b3a4 a5c4 a4c6 h4h3 e7f6 h1g1 c6b6 h3e3 f6h4 e3c5 b6d6 "
    "c5b6 d6c6 b6c5 c6d5 c5b6 h4e7 b1a3 a6c5 d1e2 e7d6 g1f1 d5d3 e2g4 c5b3 "
    "b6d4 d6c5 d4e3 c5e7 g4h5 e7b4 h5d1 b3c5 e3d4 d3g3 c4a5 g3f3 d4c4 f3h3 "
    "c4c3 h3f5 c3b3 f5g4 b3g3 c5b3 g3e3 g4g3 a3c4 h6g4 d1f3 b4c5 f3e2 g4h6 "
    "e2f3 g3h3"
).split()
assert len(FIFTY) == 100

CASES = {
    # (a) flag falls; the opponent has only king and knight
    "flag-knight": dict(
        fen="8/8/8/k7/3p4/5N2/8/6K1 w - - 0 1",
        moves="g1f2 a5a4 f3d4".split(), then=("stall",), configs=THREE,
        fide="1/2-1/2: K+N v K is a dead position the moment it arises (5.2.2), and White could not mate after Black's flag anyway (6.9)"),
    # (b) the same with a bishop, and with a rook (a real loss), and a flag
    #     against a bare king (the flagger has a rook, the opponent nothing)
    "flag-bishop": dict(
        fen="8/8/8/k7/3p4/8/5B2/6K1 w - - 0 1",
        moves="g1f1 a5a4 f2d4".split(), then=("stall",), configs=THREE,
        fide="1/2-1/2: K+B v K is dead when it arises (5.2.2); 6.9 also gives a draw"),
    "flag-rook": dict(
        fen="8/8/8/k7/8/3p1R2/8/6K1 w - - 0 1",
        moves="g1f2 a5a4 f3d3".split(), then=("stall",), configs=ALL,
        fide="1-0: Black's flag fell and White (K+R) can mate (6.9)"),
    "flag-bare-king": dict(
        fen="8/8/1k6/8/3p4/5R2/8/6K1 w - - 0 1",
        moves="g1f2 b6b5 f3f4 b5c5 f4d4 c5b5".split(), then=("stall",), configs=ALL,
        fide="1/2-1/2: White's flag fell but Black has a bare king and cannot mate (6.9)"),
    # (c) resignations
    "resign-knight": dict(
        fen="8/8/8/k7/3p4/5N2/8/6K1 w - - 0 1",
        moves="g1f2 a5a4 f3d4".split(), then=("resign",), configs=THREE,
        fide="1/2-1/2: K+N v K is dead (5.2.2) before Black resigns; 5.1.2 also gives a draw (White could not mate)"),
    "resign-queen": dict(
        fen="8/8/8/k7/8/3p1Q2/8/6K1 w - - 0 1",
        moves="g1f2 a5a4 f3d3".split(), then=("resign",), configs=ALL,
        fide="1-0: Black resigns and White (K+Q) can mate (5.1.2)"),
    "resign-bare-king": dict(
        fen="8/8/8/k7/8/3p1Q2/8/6K1 w - - 0 1",
        moves="g1f2 a5a4 f3d3 a4b4".split(), then=("resign",), configs=ALL,
        fide="1/2-1/2: White (K+Q) resigns but Black has a bare king and cannot mate (5.1.2)"),
    # (d) threefold repetition claims and the en passant right (9.2.2, 9.2.3)
    "rep-plain": dict(
        fen=None,
        moves="g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8".split(),
        then=("claim", "1/2-1/2 {Draw by repetition}"), configs=ALL,
        fide="1/2-1/2: the initial position is there for the third time (9.2.2)"),
    "rep-ep-possible": dict(
        fen=None,
        moves="g1f3 d7d5 f3g1 d5d4 e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1".split(),
        then=("claim", "1/2-1/2 {Draw by repetition}"), configs=ALL,
        fide="no result: after 3.e4 Black could capture d4xe3 e.p., so that position differs (9.2.3); only 2 occurrences: incorrect claim, play goes on (9.5.3)"),
    "rep-ep-absent": dict(
        fen=None,
        moves="g1f3 a7a5 f3g1 a5a4 e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1".split(),
        then=("claim", "1/2-1/2 {Draw by repetition}"), configs=ALL,
        fide="1/2-1/2: after 3.e4 no en passant capture is possible, so it is the same position (9.2.3); third occurrence (9.2.2)"),
    "rep-ep-pinned": dict(
        fen=None,
        moves=("b2b3 d7d5 c1b2 d5d4 g1f3 e7e6 f3g1 e8e7 g1f3 e7f6 e2e4 "
               "g8h6 f3g1 h6g8 g1f3 g8h6 f3g1 h6g8 g1f3").split(),
        then=("claim", "1/2-1/2 {Draw by repetition}"), configs=ALL,
        fide="1/2-1/2: after 6.e4 the pawn d4 is pinned by Bb2 to Kf6, d4xe3 e.p. is illegal, so it is the same position (9.2.3); third occurrence (9.2.2)"),
    # (e) fifty-move rule claims; a rook move loses a castling right on the way
    "fifty-50": dict(
        fen=None, moves=["e2e4", "e7e5"] + FIFTY,
        then=("claim", "1/2-1/2 {50 move rule}"), configs=ALL,
        fide="1/2-1/2: 50 moves each since 1...e5 without pawn move or capture (9.3); losing a castling right (27.Rg1) resets nothing"),
    "fifty-49": dict(
        fen=None, moves=["e2e4", "e7e5"] + FIFTY[:98],
        then=("claim", "1/2-1/2 {50 move rule}"), configs=ALL,
        fide="no result: only 49 moves each (9.3): incorrect claim, play goes on (9.5.3)"),
    # (f) an illegal move: Black moves the knight pinned by Bb5
    "illegal-move": dict(
        fen=None, moves="e2e4 e7e5 g1f3 b8c6 f1b5 d7d6 e1g1".split(),
        then=("move", "c6d4"), configs=ALL,
        fide="no result: a first completed illegal move is taken back and White gets 2 minutes; the game goes on (7.5.1, 7.5.5; A.5.2 in blitz)"),
    # (g) stalemate, and a dead position K+B v K
    "stalemate": dict(
        fen="k7/8/8/1Q6/8/8/8/6K1 w - - 0 1",
        moves="g1g2 a8a7 g2g3 a7a8 b5b6".split(),
        then=("say", "1/2-1/2 {Stalemate}"), configs=ALL,
        fide="1/2-1/2: stalemate (5.2.1)"),
    "stalemate-silent": dict(
        fen="k7/8/8/1Q6/8/8/8/6K1 w - - 0 1",
        moves="g1g2 a8a7 g2g3 a7a8 b5b6".split(),
        then=("stall",), configs=ALL,
        fide="1/2-1/2: stalemate ends the game (5.2.1); a flag falling after it counts for nothing (6.9)"),
    "dead-kbk": dict(
        fen="8/8/8/k7/3p4/8/5B2/6K1 w - - 0 1",
        moves="g1f1 a5a4 f2d4 a4b5 f1e2 b5c6 e2d3 c6d6".split(),
        then=("claim", "1/2-1/2 {Insufficient material}"), configs=THREE,
        fide="1/2-1/2: dead position after 2.Bxd4 (5.2.2); the later moves change nothing"),
}
