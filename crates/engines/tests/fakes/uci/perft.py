"""A UCI engine whose `go perft 1` lists the legal moves and whose `d` shows
`Fen:` and `Checkers:` lines, as Stockfish's do; `searchmoves` ignored.

Mode `fickle`: the second perft after 1. e4 leaves out a move (it
contradicts itself)."""

import sys

from uci_fake import BLACK_FIRST, START, Fake, stockfish_d


class Perft(Fake):
    name = "Fake perft"

    def go_perft(self):
        if self.mode == "fickle" and (self.fen, self.moves) == (START, ("e2e4",)):
            self.asked["e4"] = self.asked.get("e4", 0) + 1
            if self.asked["e4"] > 1:
                self.say(*["%s: 1" % m for m in BLACK_FIRST[1:]])
                self.say("", "Nodes searched: %d" % (len(BLACK_FIRST) - 1), "")
                return
        super().go_perft()

    def d(self):
        stockfish_d(self)


if __name__ == "__main__":
    Perft(sys.argv[1] if len(sys.argv) > 1 else "").run()
