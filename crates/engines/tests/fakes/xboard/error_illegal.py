"""An engine that refuses a move as an error: `Error (illegal move) M` (no
colon), with `usermove=1`; comments `mated`, `stale mate`, `Insufficient
material`, `5-fold repetition` (it lets the game go on at the third)."""

from cecp import Dialect, run

run(Dialect(
    features=['feature usermove=1 setboard=1 ping=1 myname="Error Illegal" done=1'],
    usermove=True,
    bare_moves=False,
    refusal="Error (illegal move) {move}",
    comments={
        "black_mates": "White is mated",
        "white_mates": "Black is mated",
        "stalemate": "stale mate",
        "insufficient": "Insufficient material",
        "fivefold": "5-fold repetition",
    },
))
