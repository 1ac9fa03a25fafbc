#!/usr/bin/env python3
"""A scripted CECP (xboard protocol 2) engine: `scripted.py CASE`.

It plays the fixed line of cases.CASES[CASE] for whichever side it is asked
to move, then does the case's edge behaviour (stall, resign, claim, illegal
move).  Two instances with the same CASE make an exact game under xboard.
It checks nothing about chess: the lines are checked by check.py.
A log of what it read and wrote goes to stderr (xboard ignores it).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cases import CASES  # noqa: E402

case_name = sys.argv[1]
case = CASES[case_name]
line, then = case["moves"], case["then"]

ply = 0          # how many moves of the line have been played
force = True     # CECP starts in force mode until `go` (or a new game as Black)
done = False     # the edge behaviour has happened


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    sys.stderr.write(f"[{case_name}] > {text}\n")


def act():
    """It is our turn: play the next move of the line, or the edge behaviour."""
    global ply, done
    if done:
        return
    if ply < len(line):
        say("move " + line[ply])
        ply += 1
        if ply == len(line) and then[0] == "claim":
            say(then[1])            # claim right after our own move
            done = True
        return
    done = True
    if then[0] == "stall":
        pass                        # never move: the flag falls
    elif then[0] == "resign":
        say("resign")
    elif then[0] == "say":
        say(then[1])
    elif then[0] == "move":
        say("move " + then[1])      # the illegal move
    # ("claim", ...) belongs to the other side: it is already done


for raw in sys.stdin:
    sys.stderr.write(f"[{case_name}] < {raw}")
    words = raw.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "protover":
        say(f'feature myname="scripted {case_name}" usermove=1 setboard=1 '
            "ping=1 sigint=0 sigterm=0 reuse=0 colors=0 done=1")
    elif cmd == "ping":
        say("pong " + (words[1] if len(words) > 1 else ""))
    elif cmd == "new":
        ply, force, done = 0, False, False   # a new game: we play Black
    elif cmd == "setboard":
        ply, done = 0, False                 # the case's FEN; the line starts here
    elif cmd == "force":
        force = True
    elif cmd == "go":
        force = False
        act()
    elif cmd == "usermove":
        if ply >= len(line) or words[1] != line[ply]:
            sys.stderr.write(f"[{case_name}] unexpected move {words[1]}\n")
        ply += 1
        if not force:
            act()
    elif cmd in ("result", "quit"):
        if cmd == "quit":
            break
    # everything else (xboard, accepted, level, time, otim, post, hard, easy,
    # random, computer, name, variant, draw, ?) needs no answer here
