"""A UCI engine that ignores `searchmoves` (it plays its own move, as
Ethereal and Toga II do), says nothing at all to `go perft 1` and has no `d`."""

from uci_fake import Fake


class IgnoresSearchmoves(Fake):
    name = "Fake ignores searchmoves"

    def go_perft(self):
        pass


if __name__ == "__main__":
    IgnoresSearchmoves().run()
