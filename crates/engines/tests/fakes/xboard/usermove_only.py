"""An engine that takes moves only as `usermove M` but does not say so: a
bare move is `Error (unknown command): e2e4`, no refusal of the move."""

from cecp import Dialect, run

run(Dialect(features=["feature ping=1 setboard=1 done=1"], bare_moves=False))
