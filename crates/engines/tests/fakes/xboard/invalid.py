"""An engine that says `Invalid move: M` and ends games with comments
nobody could read as a reason (`Game over`, `Drawn game`, `White wins`)."""

from cecp import Dialect, run

run(Dialect(
    features=["feature ping=1 setboard=1 done=1"],
    refusal="Invalid move: {move}",
    comments={
        "black_mates": "Game over",
        "white_mates": "White wins",
        "stalemate": "Drawn game",
        "insufficient": "Drawn game",
        "repetition": "Drawn game",
    },
))
