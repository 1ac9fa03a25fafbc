"""A protocol-1 engine: no `feature` at all (`protover` and `ping` are
unknown commands), so positions are set in edit mode and its answers end
when it falls silent; `Illegal move: M`; `0-1 {Black mates}`."""

from cecp import Dialect, run

run(Dialect(
    features=[],
    setboard=False,
    ping=False,
    comments={"black_mates": "Black mates", "white_mates": "White mates", "stalemate": "Stalemate"},
))
