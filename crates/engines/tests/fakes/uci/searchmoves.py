"""A UCI engine that honours `searchmoves`: it plays the first of the moves
it is told to search that is legal, and `bestmove (none)` when none is, as
Glaurung does. `go perft 1` is a search to it; `d` writes the FEN on a line
of its own, as Glaurung's does.

Modes: `zeros` says `bestmove 0000` for no move; `fallback` plays a move of
its own when none of the moves is legal; `outside` plays a move outside the
set after 1. e4 (it contradicts what it showed at start-up)."""

import sys

from uci_fake import START, Fake, glaurung_d


class Searchmoves(Fake):
    name = "Fake searchmoves"

    def no_move(self):
        return "0000" if self.mode == "zeros" else "(none)"

    def go_perft(self):
        self.best(self.own_move())

    def go_searchmoves(self, moves):
        if self.mode == "outside" and (self.fen, self.moves) == (START, ("e2e4",)):
            return self.best("b8c6" if moves[0] != "b8c6" else "g8f6")
        legal = self.legal() or []
        chosen = [m for m in moves if m in legal]
        if chosen:
            return self.best(chosen[0])
        if self.mode == "fallback":
            return self.best(self.own_move())
        self.say("info depth 1", "info nodes 0 time 0", "bestmove " + self.no_move())

    def d(self):
        glaurung_d(self)


if __name__ == "__main__":
    Searchmoves(sys.argv[1] if len(sys.argv) > 1 else "").run()
