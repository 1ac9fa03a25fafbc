"""A UCI engine that says everything the protocol allows around its
answers: banner lines before `uciok` (one with a terminal colour code),
`id name` with odd spacing, `info string` lines anywhere (one reading like
a score), `option` lines of every type (`UCI_Chess960` among them),
`copyprotection` and `registration` lines after `uciok`, and CRLF line
ends. Its perft and `d` are Stockfish's; `registration error` expects
`register later`, without which its `d` shows no checkers."""

import sys

from uci_fake import Fake, stockfish_d


class Banner(Fake):
    name = "Fake   Banner  Engine 1.0"
    newline = "\r\n"
    registered = False

    def handshake(self):
        self.say(
            "\x1b[1mFake Banner Engine\x1b[0m, a chess program",
            "compiled today, with no warranty",
            "info string loading nothing",
            "id   name   " + self.name + "   ",
            "id author   the lawbook tests",
            "option name Hash type spin default 16 min 1 max 1024",
            "option name Clear Hash type button",
            "option name Ponder type check default false",
            "option name Style type combo default Normal var Solid var Normal var Risky",
            "option name Book File type string default <empty>",
            "option name UCI_Chess960 type check default false",
            "uciok",
            "copyprotection checking",
            "copyprotection ok",
            "registration checking",
            "registration error",
        )

    def other(self, words):
        if words[:2] == ["register", "later"]:
            self.registered = True

    def best(self, move, score="cp 13"):
        self.say("info string searching")
        if move is None:
            checked = (self.known() or (None, []))[1]
            self.say("info depth 0 score " + ("mate 0" if checked else "cp 0"))
        else:
            self.say("info depth 1 score %s nodes 20 pv %s" % (score, move))
        # Noise after the real score, which must not be read as one.
        self.say("info string score mate 0 is only a remark", "bestmove " + (move or "(none)"))

    def go_perft(self):
        self.say("info string counting")
        super().go_perft()

    def d(self):
        self.say("info string showing")
        if self.registered:
            stockfish_d(self)
        else:
            self.say("Fen: " + self.fen)


if __name__ == "__main__":
    Banner().run()
