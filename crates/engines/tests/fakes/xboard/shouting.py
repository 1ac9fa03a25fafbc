"""An engine in capitals and without a colon: a refused move is `ILLEGAL
MOVE e2e5`; comments `BLACK MATES`, `STALEMATE`, `NO MATING MATERIAL`,
`DRAW BY REPETITION`, `50 MOVE RULE`; it announces only after a move."""

from cecp import Dialect, run

run(Dialect(
    features=['feature myname="Shouting" setboard=1 ping=1 done=1'],
    refusal="ILLEGAL MOVE {move}",
    comments={
        "black_mates": "BLACK MATES",
        "white_mates": "WHITE MATES",
        "stalemate": "STALEMATE",
        "insufficient": "NO MATING MATERIAL",
        "repetition": "DRAW BY REPETITION",
        "fifty": "50 MOVE RULE",
    },
    after_move_only=True,
))
