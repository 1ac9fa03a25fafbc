"""A fake xboard (CECP) engine, written from the protocol's specification,
for lawbook's adapter tests. Each dialect script beside this file sets a
`Dialect` and calls `run`.

It knows no chess: a few moves are illegal everywhere (ILLEGAL), every other
move is taken, and it ends the games of a few known positions (ENDINGS: the
positions the adapter's start-up probes ask about, and a few more), in the
dialect's words. It is driven in force mode only, as the adapter drives it.
"""

import sys
import time

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
ILLEGAL = {"e2e5", "e1g1", "e1c1", "a1a8"}
SHUFFLE = "g1f3 g8f6 f3g1 f6g8"

# (start FEN, moves played since) -> (kind of ending, result)
ENDINGS = {
    (START, "f2f3 e7e5 g2g4 d8h4"): ("black_mates", "0-1"),
    ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", ""): ("black_mates", "0-1"),
    (START, "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7"): ("white_mates", "1-0"),
    ("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7"): ("stalemate", "1/2-1/2"),
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ""): ("stalemate", "1/2-1/2"),
    ("8/8/8/4k3/8/3r4/4K3/8 w - - 0 1", "e2d3"): ("insufficient", "1/2-1/2"),
    ("8/8/8/4k3/8/8/3NK3/8 w - - 0 1", ""): ("insufficient", "1/2-1/2"),
    ("7k/7R/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 b - - 0 1", "h8h7"): ("dead", "1/2-1/2"),
    ("7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 w - - 0 1", ""): ("dead", "1/2-1/2"),
    ("8/8/8/4k3/8/8/3RK3/8 w - - 99 80", "d2d3"): ("fifty", "1/2-1/2"),
    ("8/8/8/4k3/8/8/3RK3/8 w - - 100 80", ""): ("fifty", "1/2-1/2"),
    ("8/8/8/4k3/8/8/3RK3/8 w - - 149 80", "d2d3"): ("seventyfive", "1/2-1/2"),
    ("8/8/8/4k3/8/8/3RK3/8 w - - 150 80", ""): ("seventyfive", "1/2-1/2"),
    (START, " ".join([SHUFFLE] * 2)): ("repetition", "1/2-1/2"),
    (START, " ".join([SHUFFLE] * 4)): ("fivefold", "1/2-1/2"),
}


class Dialect:
    """How one engine speaks. `comments` maps a kind of ending to its
    comment: text (written in braces), "" (a result line with no comment), or
    absent (the engine does not announce that ending)."""

    def __init__(self, **kw):
        # The `feature` lines sent after `protover` (none: a protocol-1
        # engine); a number among them is a pause in seconds.
        self.features = kw.get("features", ['feature myname="Fake" setboard=1 ping=1 done=1'])
        # What the engine prints when it starts, before any command.
        self.banner = kw.get("banner", [])
        self.usermove = kw.get("usermove", False)
        self.setboard = kw.get("setboard", True)
        # Whether it answers `ping N` (announced or not).
        self.ping = kw.get("ping", True)
        # The refusal of an illegal move, `{move}` for the move.
        self.refusal = kw.get("refusal", "Illegal move: {move}")
        # The answer to a command it does not know, `{command}` for it.
        self.unknown = kw.get("unknown", "Error (unknown command): {command}")
        # Whether it takes a bare move at all (an engine that wants `usermove`).
        self.bare_moves = kw.get("bare_moves", True)
        self.comments = kw.get("comments", {})
        # Lines it prints after every move it takes (chatter to be ignored).
        self.chatter = kw.get("chatter", [])
        # It announces the ending again after every later move (Sjaak II).
        self.repeats = kw.get("repeats", False)
        # It ends games only after a move, never right after a set-up.
        self.after_move_only = kw.get("after_move_only", False)


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Game:
    def __init__(self, dialect):
        self.d = dialect
        self.new()
        self.editing = None

    def new(self):
        self.fen = START
        self.moves = []
        self.ended = None

    def announce(self, moved):
        key = (self.fen, " ".join(self.moves))
        found = ENDINGS.get(key)
        if found is None and not self.d.setboard:
            # Edit mode states only the pieces and the side to move.
            wanted = " ".join(self.fen.split()[:2])
            for (fen, moves), ending in ENDINGS.items():
                if moves == key[1] and " ".join(fen.split()[:2]) == wanted:
                    found = ending
        if found is None:
            if self.ended is not None and self.d.repeats:
                found = self.ended
            else:
                return
        if not moved and self.d.after_move_only:
            return
        kind, result = found
        if kind not in self.d.comments:
            return
        self.ended = found
        comment = self.d.comments[kind]
        out(f"{result} {{{comment}}}" if comment else result)

    def move(self, move):
        if move in ILLEGAL:
            out(self.d.refusal.format(move=move))
            return
        self.moves.append(move)
        for line in self.d.chatter:
            out(line)
        self.announce(True)

    def edit(self, line):
        """One line of edit mode: `#` clears, `c` changes colour, `.` ends."""
        board, colour = self.editing
        if line == ".":
            rows = []
            for rank in range(8, 0, -1):
                row, empty = "", 0
                for file in "abcdefgh":
                    piece = board.get(f"{file}{rank}")
                    if piece is None:
                        empty += 1
                        continue
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += piece
                rows.append(row + (str(empty) if empty else ""))
            side = "b" if len(self.moves) % 2 else "w"
            self.fen = "/".join(rows) + f" {side} - - 0 1"
            self.moves = []
            self.editing = None
            self.announce(False)
        elif line == "#":
            board.clear()
        elif line == "c":
            self.editing = (board, "b" if colour == "w" else "w")
        elif len(line) == 3:
            piece = line[0].upper() if colour == "w" else line[0].lower()
            board[line[1:]] = piece


def run(dialect):
    game = Game(dialect)
    for line in dialect.banner:
        out(line)
    for raw in sys.stdin:
        line = raw.strip()
        if game.editing is not None:
            game.edit(line)
            continue
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "quit":
            return
        if command in ("xboard", "accepted", "rejected", "force", "memory", "option", "post", "nopost", "hard", "easy"):
            continue
        if command == "protover":
            if not dialect.features:
                out(dialect.unknown.format(command=line))
            for feature in dialect.features:
                if isinstance(feature, (int, float)):
                    time.sleep(feature)
                else:
                    out(feature)
        elif command == "ping" and dialect.ping:
            out("pong " + " ".join(words[1:]))
        elif command == "new":
            game.new()
        elif command == "setboard" and dialect.setboard:
            game.fen = line[len("setboard"):].strip()
            game.moves = []
            game.ended = None
            game.announce(False)
        elif command == "edit" and not dialect.setboard:
            game.editing = ({}, "w")
        elif command == "usermove" and dialect.usermove and len(words) == 2:
            game.move(words[1])
        elif len(words) == 1 and len(command) in (4, 5) and command[1].isdigit() and dialect.bare_moves:
            game.move(command)
        else:
            out(dialect.unknown.format(command=line))
