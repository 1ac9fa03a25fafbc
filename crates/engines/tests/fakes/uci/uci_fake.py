"""What the fake UCI engines share: a table of positions whose answers are
known, and a command loop each dialect script adapts by overriding methods.

A fake knows only the positions of KNOWN (the start-up probes' and the
tests'); elsewhere it has no legal moves to give, which the tests never ask.
"""

import sys

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
CHECKED = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
FOOLS_MATE = ("f2f3", "e7e5", "g2g4", "d8h4")

WHITE_FIRST = (
    "a2a3 b2b3 c2c3 d2d3 e2e3 f2f3 g2g3 h2h3 a2a4 b2b4 c2c4 d2d4 e2e4 f2f4 g2g4 h2h4 b1a3 b1c3 g1f3 g1h3"
).split()
BLACK_FIRST = (
    "a7a6 b7b6 c7c6 d7d6 e7e6 f7f6 g7g6 h7h6 a7a5 b7b5 c7c5 d7d5 e7e5 f7f5 g7g5 h7h5 b8a6 b8c6 g8f6 g8h6"
).split()

# (start FEN, moves) -> (FEN after them, checking squares, legal moves or None when unknown)
KNOWN = {
    (START, ()): (START, [], WHITE_FIRST),
    (START, ("e2e4",)): ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", [], BLACK_FIRST),
    (CHECKED, ()): (CHECKED, ["e2"], ["e1d1", "e1e2", "e1f1"]),
    (CHECKED, ("e1f1",)): ("4k3/8/8/8/8/8/4r3/5K2 b - - 1 1", [], None),
    (START, FOOLS_MATE): ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", ["h4"], []),
    (STALEMATE, ()): (STALEMATE, [], []),
}


class Fake:
    """A UCI engine that answers the core of the protocol from KNOWN."""

    name = "Fake"
    newline = "\n"

    def __init__(self, mode=""):
        self.mode = mode
        self.fen = START
        self.moves = ()
        self.searching = False
        self.asked = {}

    def say(self, *lines):
        for line in lines:
            sys.stdout.write(line + self.newline)
        sys.stdout.flush()

    def known(self):
        return KNOWN.get((self.fen, self.moves))

    def white_to_move(self):
        return (self.fen.split()[1] == "w") == (len(self.moves) % 2 == 0)

    def legal(self):
        """The legal moves here, or None when the position is not in KNOWN."""
        known = self.known()
        return None if known is None else known[2]

    def handshake(self):
        self.say("id name " + self.name, "id author the lawbook tests", "uciok")

    def position(self, words):
        if words[1] == "startpos":
            self.fen, rest = START, words[2:]
        else:
            end = words.index("moves") if "moves" in words else len(words)
            self.fen, rest = " ".join(words[2:end]), words[end:]
        self.moves = tuple(rest[1:]) if rest[:1] == ["moves"] else ()

    def own_move(self):
        """The move this engine would play by itself, or None without one."""
        legal = self.legal()
        if legal is None:
            return "e2e4" if self.white_to_move() else "e7e5"
        return legal[-1] if legal else None

    def best(self, move, score="cp 13"):
        if move is None:
            checked = (self.known() or (None, []))[1]
            self.say("info depth 0 score " + ("mate 0" if checked else "cp 0"), "bestmove " + self.no_move())
        else:
            self.say("info depth 1 score %s nodes 20 pv %s" % (score, move), "bestmove " + move)

    def no_move(self):
        return "(none)"

    def go(self, words):
        if "perft" in words:
            return self.go_perft()
        if "searchmoves" in words:
            return self.go_searchmoves(words[words.index("searchmoves") + 1 :])
        return self.best(self.own_move())

    def go_perft(self):
        """By default a perft that lists the known legal moves."""
        legal = self.legal() or []
        self.say(*["%s: 1" % m for m in legal])
        self.say("", "Nodes searched: %d" % len(legal), "")

    def go_searchmoves(self, moves):
        """By default `searchmoves` is ignored."""
        return self.best(self.own_move())

    def isready(self):
        self.say("readyok")

    def d(self):
        """By default `d` is unknown."""
        self.say("Unknown command: d")

    def stop(self):
        if self.searching:
            self.searching = False
            self.best(self.own_move())

    def other(self, words):
        pass

    def run(self):
        while True:
            line = sys.stdin.readline()
            if not line:
                return
            words = line.split()
            if not words:
                continue
            command = words[0]
            if command == "uci":
                self.handshake()
            elif command == "isready":
                self.isready()
            elif command == "position":
                self.position(words)
            elif command == "go":
                self.go(words)
            elif command == "stop":
                self.stop()
            elif command == "d":
                self.d()
            elif command == "quit":
                return
            else:
                self.other(words)


def stockfish_d(engine):
    """`d` as Stockfish writes it: the board, then `Fen:`, `Key:` and `Checkers:` lines."""
    known = engine.known()
    fen, checkers = (known[0], known[1]) if known else (engine.fen, [])
    engine.say("", " +---+---+ (a board drawing)", "", "Fen: " + fen, "Key: 8ADB657306E69ED0", "Checkers: " + " ".join(checkers) + " ")


def glaurung_d(engine):
    """`d` as Glaurung writes it: a board drawing, then the first four fields of the FEN alone on a line."""
    known = engine.known()
    fen = known[0] if known else engine.fen
    engine.say("+---+---+", "| R | N | (a board drawing)", " ".join(fen.split()[:4]), "11118386876534324246")
