"""An old engine's ways: a refused move is a bare `illegal move` (lowercase,
naming no move), and its result lines carry no comment at all (`0-1`,
`1/2-1/2`)."""

from cecp import Dialect, run

run(Dialect(
    features=["feature setboard=1 ping=1 done=1"],
    refusal="illegal move",
    comments={"black_mates": "", "white_mates": "", "stalemate": "", "insufficient": ""},
))
