"""An engine for other games than chess: its `variants` lack `normal`."""

from cecp import Dialect, run

run(Dialect(features=['feature myname="Elephants" variants="xiangqi,shogi,makruk" ping=1 setboard=1 done=1']))
