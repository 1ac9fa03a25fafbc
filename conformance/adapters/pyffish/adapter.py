"""pyffish (PyPI, Fairy-Stockfish's rules as a Python library) behind
lawbook's JSON-lines rules protocol (conformance/PROTOCOL.md).

Every rule fact is pyffish's own, for the variant "chess": the position's
validity (`validate_fen`), legal moves (`legal_moves`, which also refuses an
illegal move of the list), check (`gives_check`), mate and stalemate (no
legal move, and `game_result`'s mate score), the endings it declares
(`is_immediate_game_end`), each side's material (`has_insufficient_material`)
and the board (`get_fen`). pyffish names no checking pieces, counts no
repetitions, proves no dead position, and has one answer for the threefold
and fifty-move claims together (`is_optional_game_end`), so those are null.
"""

import json
import os
import sys

# Fairy-Stockfish writes its complaints on standard output: keep that for
# the replies and send the library's own writes to standard error.
REPLIES = os.fdopen(os.dup(1), "w", encoding="utf-8")
os.dup2(2, 1)

import pyffish  # noqa: E402

VARIANT = "chess"
UCI_CHARS = set("abcdefgh")


class Refusal(Exception):
    """An error reply's cause."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


def is_uci(text, extra=""):
    return (
        isinstance(text, str)
        and len(text) in (4, 5)
        and text[0] in UCI_CHARS
        and text[1] in "12345678"
        and text[2] in UCI_CHARS
        and text[3] in "12345678"
        and (len(text) == 4 or text[4] in "qrbn" + extra)
    )


def position_of(request):
    """The start, the moves and Chess960, checked with pyffish."""
    given = request.get("position")
    if not isinstance(given, dict) or not isinstance(given.get("fen"), str):
        raise Refusal("bad_request", "the request needs a position with a fen")
    moves = given.get("moves", [])
    chess960 = given.get("chess960", False)
    automatic = given.get("automatic_fifty_moves", False)
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise Refusal("bad_request", "moves must be a list of strings")
    if not isinstance(chess960, bool) or not isinstance(automatic, bool):
        raise Refusal("bad_request", "chess960 and automatic_fifty_moves must be booleans")
    if automatic:
        raise Refusal("unsupported", "pyffish has no automatic fifty-move rule")
    fen = pyffish.start_fen(VARIANT) if given["fen"] == "startpos" else given["fen"]
    if pyffish.validate_fen(fen, VARIANT, chess960) != pyffish.FEN_OK:
        raise Refusal("bad_fen", "pyffish's validate_fen refuses the FEN")
    for i in range(len(moves)):
        if not is_uci(moves[i]) or moves[i] not in legal(fen, moves[:i], chess960):
            raise Refusal("illegal_move", f"move {i + 1} of the list ({moves[i]}) is not legal")
    return fen, moves, chess960


def legal(fen, moves, chess960):
    try:
        return pyffish.legal_moves(VARIANT, fen, moves, chess960)
    except (ValueError, SystemError) as e:
        raise Refusal("illegal_move", f"pyffish refuses the moves: {e}") from e


def status(fen, moves, chess960):
    in_check = pyffish.gives_check(VARIANT, fen, moves, chess960)
    no_move = not pyffish.legal_moves(VARIANT, fen, moves, chess960)
    return {
        "in_check": in_check,
        "checkers": None,
        "checkmate": no_move and in_check,
        "stalemate": no_move and not in_check,
    }


def game(fen, moves, chess960):
    outcome = None
    white_to_move = pyffish.get_fen(VARIANT, fen, moves, chess960).split()[1] == "w"
    if not pyffish.legal_moves(VARIANT, fen, moves, chess960):
        score = pyffish.game_result(VARIANT, fen, moves, chess960)
        reason = "checkmate" if pyffish.gives_check(VARIANT, fen, moves, chess960) else "stalemate"
        outcome = {"result": result(score, white_to_move), "reason": reason}
    else:
        ended, score = pyffish.is_immediate_game_end(VARIANT, fen, moves, chess960)
        if ended:
            # pyffish says the game has ended without naming the rule.
            raise Refusal("internal", f"pyffish ends the game (score {score}) by a rule it does not name")
    white, black = pyffish.has_insufficient_material(VARIANT, fen, moves, chess960)
    return {
        "outcome": outcome,
        "insufficient_material": {"white": white, "black": black},
        "dead_position": None,
        "repetitions": None,
        "can_claim_threefold": None,
        "can_claim_fifty_moves": None,
    }


def result(score, white_to_move):
    """A result from pyffish's score for the side to move."""
    if score == 0:
        return "1/2-1/2"
    return "1-0" if (score > 0) == white_to_move else "0-1"


def move_field(request, extra=""):
    move = request.get("move")
    if not (is_uci(move, extra) or (extra and move == "0000")):
        raise Refusal("bad_request", "move must be a move in UCI")
    return move


SUPPORTS = ["hello", "legal_moves", "is_legal", "play", "status", "game", "board"]
KNOWN = set(SUPPORTS) | {"trace"}


def answer(request):
    name = request.get("request")
    if not isinstance(name, str):
        raise Refusal("bad_request", "the request needs a name")
    if name not in KNOWN:
        raise Refusal("unknown_request", f"no request {name}")
    if name == "hello":
        version = ".".join(str(n) for n in pyffish.version())
        return {"protocol": 1, "engine": f"pyffish {version}", "supports": SUPPORTS, "features": ["chess960"]}
    if name == "trace":
        raise Refusal("unsupported", "pyffish does not answer trace")
    if name in ("is_legal", "play"):
        move = move_field(request, "k" if name == "play" else "")
    fen, moves, chess960 = position_of(request)
    if name == "legal_moves":
        return {"moves": legal(fen, moves, chess960)}
    if name == "is_legal":
        return {"legal": move in legal(fen, moves, chess960)}
    if name == "play":
        accepted = move in legal(fen, moves, chess960)
        after = moves + [move] if accepted else moves
        return {"accepted": accepted, "fen": pyffish.get_fen(VARIANT, fen, after, chess960)}
    if name == "status":
        return status(fen, moves, chess960)
    if name == "game":
        return game(fen, moves, chess960)
    return {"placement": pyffish.get_fen(VARIANT, fen, moves, chess960).split()[0]}


def reply(line):
    try:
        request = json.loads(line)
    except ValueError as e:
        return {"id": None, "error": {"kind": "bad_json", "message": str(e)}}
    if not isinstance(request, dict):
        return {"id": None, "error": {"kind": "bad_json", "message": "not a JSON object"}}
    rid = request.get("id")
    try:
        return {"id": rid, **answer(request)}
    except Refusal as e:
        return {"id": rid, "error": {"kind": e.kind, "message": str(e)}}
    except Exception as e:  # noqa: BLE001 - any other failure is the engine's
        return {"id": rid, "error": {"kind": "internal", "message": repr(e)}}


def main():
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8", errors="replace").rstrip("\n").rstrip("\r")
        if not line.strip():
            continue
        REPLIES.write(json.dumps(reply(line)) + "\n")
        REPLIES.flush()


if __name__ == "__main__":
    main()
