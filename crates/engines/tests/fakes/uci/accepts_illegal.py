"""A UCI engine that plays on from any move it is given in `position ...
moves`, legal or not, as Toga II does (UCI leaves the moves' legality to the
GUI): after `e2e5` it answers for Black. `go perft 1` starts a search that
runs until `stop`; `searchmoves` is ignored; no move is `bestmove a1a1`
without a score; no `d`.

Mode `hang`: after 1. e4 its `go depth 1` runs until `stop`."""

import sys

from uci_fake import START, Fake


class AcceptsIllegal(Fake):
    name = "Fake accepts illegal moves"

    def go(self, words):
        if self.mode == "hang" and (self.fen, self.moves) == (START, ("e2e4",)) and "perft" not in words:
            self.searching = True
            self.say("info depth 1")
            return
        super().go(words)

    def go_perft(self):
        self.searching = True
        self.say("info depth 1", "info depth 1 score cp 20 nodes 40 pv d2d4", "info depth 2")

    def best(self, move, score="cp 13"):
        if move is None:
            self.say("bestmove a1a1")
        else:
            super().best(move, score)


if __name__ == "__main__":
    AcceptsIllegal(sys.argv[1] if len(sys.argv) > 1 else "").run()
