"""A UCI engine whose `go perft 1` lists the legal moves and whose `d` shows
`Fen:` and `Checkers:` lines, as Stockfish's do; `searchmoves` ignored.

Mode `fickle`: the second perft after 1. e4 leaves out a move (it
contradicts itself). Mode `rejects`: a FEN with three white knights and
eight white pawns is rejected with an `info string` error, as Stockfish 17 and later
do, and the next two commands are dropped."""

import sys

from uci_fake import BLACK_FIRST, START, Fake, stockfish_d


class Perft(Fake):
    name = "Fake perft"
    dropping = 0

    def position(self, words):
        super().position(words)
        placement = self.fen.split()[0]
        # Three white knights beside eight white pawns: more than promotions can give.
        if self.mode == "rejects" and placement.count("N") > 2 and placement.count("P") == 8:
            self.say("info string CRITICAL ERROR: Command `position` failed. Reason: Unsupported position. Too many pieces for WHITE.")
            self.dropping = 2

    def d(self):
        if self.dropping:
            self.dropping -= 1
            return
        stockfish_d(self)

    def isready(self):
        if self.dropping:
            self.dropping -= 1
            return
        super().isready()

    def go_perft(self):
        if self.mode == "fickle" and (self.fen, self.moves) == (START, ("e2e4",)):
            self.asked["e4"] = self.asked.get("e4", 0) + 1
            if self.asked["e4"] > 1:
                self.say(*["%s: 1" % m for m in BLACK_FIRST[1:]])
                self.say("", "Nodes searched: %d" % (len(BLACK_FIRST) - 1), "")
                return
        super().go_perft()



if __name__ == "__main__":
    Perft(sys.argv[1] if len(sys.argv) > 1 else "").run()
