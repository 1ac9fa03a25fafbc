"""An engine that announces no features, but answers `ping` all the same;
`Illegal move: M`; `1-0 {White mates}`."""

from cecp import Dialect, run

run(Dialect(
    features=[],
    setboard=False,
    comments={"black_mates": "Black mates", "white_mates": "White mates"},
))
