"""A careful protocol-2 engine: `done=0` first and `done=1` after a pause,
its features spread over several lines with extra spaces and quoted values
holding spaces, features no one knows; `usermove=1`; a refused move is
`Illegal move (REASON): M`; after each move it chatters (`tellics`, `offer
draw`) without meaning anything; comments in words of its own
(`Checkmate`, `Draw by insufficient mating material`, `threefold
repetition`, `fifty move rule`, `Dead position`, `seventy-five move rule`)."""

from cecp import Dialect, run

run(Dialect(
    features=[
        "feature done=0",
        'feature   myname="Reasons Engine 1.0 beta"   usermove=1',
        "feature setboard=1 ping=1 frobnicate=7 wibble=\"a b c\"",
        'feature variants="normal,fischerandom"',
        0.3,
        "feature done=1",
    ],
    usermove=True,
    bare_moves=False,
    refusal="Illegal move (not a legal move here): {move}",
    chatter=["tellics say thinking it over", "offer draw", "# a comment line 1-0"],
    comments={
        "black_mates": "Checkmate",
        "white_mates": "Checkmate",
        "stalemate": "Stalemate",
        "insufficient": "Draw by insufficient mating material",
        "dead": "Dead position",
        "repetition": "threefold repetition",
        "fifty": "fifty move rule",
        "seventyfive": "seventy-five move rule",
    },
))
