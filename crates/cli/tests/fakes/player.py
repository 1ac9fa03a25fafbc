#!/usr/bin/env python3
"""Fakes a UCI engine that knows no chess and plays canned searches; used by
tests/cli/play.rs to show how lawbook judges what an engine plays.

python3 player.py MODE, where MODE is what it answers every `go` with:
  lawful     `info ... score mate 1 pv d8h4` then `bestmove d8h4`
  past-mate  the same move, its line going on after the mate (d8h4 e1f2)
  unbacked   `score mate 1` on a line that does not mate (d8f6)
  castles    `bestmove e1g1`, castling whatever the position
  none       `bestmove (none)`, as if it had no move
  silent     nothing at all (it never ends its search)
It answers `uci`, `isready` and `quit`, `go perft` with no move and `go ...
searchmoves` with `bestmove 0000` (so lawbook trusts neither at start-up);
every other command is ignored.
"""
import sys

SEARCHES = {
    "lawful": ["info depth 1 score mate 1 pv d8h4", "bestmove d8h4"],
    "past-mate": ["info depth 2 score mate 1 pv d8h4 e1f2", "bestmove d8h4"],
    "unbacked": ["info depth 1 score mate 1 pv d8f6", "bestmove d8f6"],
    "castles": ["info depth 1 score cp 20 pv e1g1", "bestmove e1g1"],
    "none": ["bestmove (none)"],
    "silent": [],
}

mode = sys.argv[1]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name player", mode)
        print("uciok")
    elif words[0] == "isready":
        print("readyok")
    elif words[:2] == ["go", "perft"]:
        print("Nodes searched: 0")  # no move list: never trusted
    elif words[0] == "go" and "searchmoves" in words:
        print("bestmove 0000")  # never plays the move it is told to: never trusted
    elif words[0] == "go":
        for said in SEARCHES[mode]:
            print(said)
    elif words[0] == "quit":
        break
    sys.stdout.flush()
