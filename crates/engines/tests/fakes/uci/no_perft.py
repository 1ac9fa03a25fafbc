"""A UCI engine without perft: `go perft 1` is an ordinary search to it
(`info ...`, then `bestmove`), as Glaurung and Ethereal take it; no `d`,
`searchmoves` ignored."""

from uci_fake import Fake


class NoPerft(Fake):
    name = "Fake no perft"

    def go_perft(self):
        self.say("info depth 1")
        self.best(self.own_move())


if __name__ == "__main__":
    NoPerft().run()
