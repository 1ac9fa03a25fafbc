"""Sjaak II 1.4.1's dialect (Debian's sjaakii): a coloured board before the
handshake, every feature on one line with a long `variants` list that has
`normal` last, many `option` features, no `usermove`; a refused move is
`Error (Illegal move or unknown command): M`; comments in lowercase words
(`insufficient material`, `3-fold repetition`, `50-move rule`), the
repetition announced again after every later move."""

from cecp import Dialect, run

run(Dialect(
    banner=["Sjaak II version 1.4.1 (x86_64)", " 8\x1b[1m\x1b[46m\x1b[30mr \x1b[0m", "#[Chess] 0w>"],
    features=[
        'feature setboard=1 time=1 sigint=0 colors=0 highlight=1 ping=1 memory=1 analyze=1 pause=1 nps=1 sjef=1 '
        'myname="Sjaak II 1.4.1" myversion="[1.4.1 (x86_64)]" variants="fide_chess,xiangqi,shogi,capablanca,normal"',
        'feature option="Variant fairy selects -combo chess (8x8+0) /// shatranj (8x8+0)"',
        'feature option="Claim repetitions -check 1"',
        "feature done=1",
    ],
    refusal="Error (Illegal move or unknown command): {move}",
    unknown="Error (Illegal move or unknown command): {command}",
    comments={
        "black_mates": "Black mates",
        "white_mates": "White mates",
        "stalemate": "Stalemate",
        "insufficient": "insufficient material",
        "repetition": "3-fold repetition",
        "fifty": "50-move rule",
    },
    repeats=True,
))
