#!/usr/bin/env python3
"""python-chess speaking lawbook's JSON-lines rules protocol, version 1.

See conformance/PROTOCOL.md. Every answer is python-chess's own (PyPI
package `chess`, `pip install chess`); this file only translates.

    python3 conformance/adapters/python-chess/adapter.py

What python-chess answers, and how:

- legal_moves: `board.legal_moves`, written with `board.uci(move)` (castling
  as e1g1 in standard chess, as king takes rook with chess960).
- is_legal: `board.is_legal(chess.Move.from_uci(text))`.
- play: `board.is_legal(move)`, then `board.push(move)`: how a program
  built on python-chess plays a user's move (`push` alone checks nothing);
  the position after is `board.fen()`.
- status: `is_check`, `checkers`, `is_checkmate`, `is_stalemate`.
- game: `outcome()` (checkmate, insufficient material, stalemate, 75 moves,
  fivefold repetition, in python-chess's order of precedence), and with
  automatic_fifty_moves `is_fifty_moves()`; `has_insufficient_material(color)`;
  dead_position is `is_insufficient_material()`, python-chess's only proof of
  a dead position; repetitions is the largest n with `is_repetition(n)`;
  `can_claim_threefold_repetition()`, `can_claim_fifty_moves()`.
- board: `board.board_fen()`.
- trace (every position of a game, for differential testing): `board.fen()`
  (en passant square only when a capture is legal, X-FEN castling),
  `legal_moves` with `board.san(move)`, the status and game answers above
  (claims false once `outcome()` has ended the game), and each SAN text of
  `read_san` read with `board.parse_san`.
- A FEN python-chess cannot read, or a position its `status()` calls
  invalid, is `bad_fen`; a move `push_uci` refuses is `illegal_move`.
"""

import json
import re
import sys

try:
    import chess
except ImportError:  # pragma: no cover - reported on stderr, the harness sees the exit
    sys.stderr.write("python-chess is not installed: pip install chess\n")
    sys.exit(3)

PROTOCOL = 1
MAX_LINE = 1 << 20
SUPPORTS = ["hello", "legal_moves", "is_legal", "play", "status", "game", "board", "trace"]
FEATURES = ["chess960", "automatic_fifty_moves", "checkers"]
# UCI as the protocol writes it: two squares and an optional promotion letter
# in lower case (python-chess's from_uci also reads the null move 0000 and
# drops such as P@e4, which the protocol does not have).
UCI = re.compile(r"[a-h][1-8][a-h][1-8][qrbn]?")
# A move as `play` takes it: also a promotion to a king, and 0000, a pass.
TRIED = re.compile(r"[a-h][1-8][a-h][1-8][qrbnk]?|0000")

REASONS = {
    chess.Termination.CHECKMATE: "checkmate",
    chess.Termination.STALEMATE: "stalemate",
    chess.Termination.INSUFFICIENT_MATERIAL: "insufficient_material",
    chess.Termination.SEVENTYFIVE_MOVES: "seventyfive_moves",
    chess.Termination.FIVEFOLD_REPETITION: "fivefold_repetition",
    chess.Termination.FIFTY_MOVES: "fifty_moves",
    chess.Termination.THREEFOLD_REPETITION: "threefold_repetition",
}


class Refusal(Exception):
    """An error reply: its kind and message."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind
        self.message = message


def flag(position, name):
    value = position.get(name, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise Refusal("bad_request", '"%s" must be true or false' % name)
    return value


def start_of(request):
    """The python-chess board of the request's starting position, the moves
    to play from it, and the automatic_fifty_moves flag."""
    position = request.get("position")
    if not isinstance(position, dict):
        raise Refusal("bad_request", 'this request needs "position": an object with "fen" and "moves"')
    fen = position.get("fen")
    if not isinstance(fen, str):
        raise Refusal("bad_request", '"position" needs "fen": a FEN string or "startpos"')
    moves = position.get("moves") or []
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise Refusal("bad_request", '"moves" must be an array of strings')
    chess960 = flag(position, "chess960")
    automatic_fifty_moves = flag(position, "automatic_fifty_moves")
    if fen == "startpos":
        fen = chess.STARTING_FEN
    try:
        board = chess.Board(fen, chess960=chess960)
    except ValueError as e:
        raise Refusal("bad_fen", "python-chess cannot read the FEN: %s" % e)
    status = board.status()
    if status != chess.STATUS_VALID:
        problems = [name for name, value in vars(chess.Status).items()
                    if isinstance(value, chess.Status) and value and status & value]
        raise Refusal("bad_fen", "python-chess calls the position invalid: %s" % ", ".join(problems or [str(status)]))
    return board, moves, automatic_fifty_moves


def push(board, i, text):
    """Plays move i (0-based) of the request's list, or refuses it."""
    if not UCI.fullmatch(text):
        raise Refusal("illegal_move", "move %d of the list (%s) is not UCI" % (i + 1, text[:40]))
    try:
        board.push_uci(text)
    except ValueError as e:
        raise Refusal("illegal_move", "move %d of the list (%s): %s" % (i + 1, text[:40], e))


def board_of(request):
    """The python-chess board after the moves of the request's position."""
    board, moves, automatic_fifty_moves = start_of(request)
    for i, text in enumerate(moves):
        push(board, i, text)
    return board, automatic_fifty_moves


def repetitions(board):
    """How often the current position has occurred, by python-chess's is_repetition."""
    n = 1
    while board.is_repetition(n + 1):
        n += 1
    return n


def outcome_of(board, automatic_fifty_moves):
    """The ending the position brings by itself, as the protocol writes it."""
    outcome = board.outcome()
    if outcome is None and automatic_fifty_moves and board.is_fifty_moves():
        outcome = chess.Outcome(chess.Termination.FIFTY_MOVES, None)
    if outcome is not None and outcome.termination not in REASONS:
        raise Refusal("internal", "python-chess ended the game by %s" % outcome.termination)
    return None if outcome is None else {"result": outcome.result(), "reason": REASONS[outcome.termination]}


def read_san(board, text):
    """The move python-chess reads in a SAN text, in UCI, or None."""
    try:
        return board.uci(board.parse_san(text))
    except ValueError:
        return None


def describe(board, to_read):
    """Everything the trace request asks about the current position."""
    legal = list(board.legal_moves)
    outcome = outcome_of(board, False)
    going_on = outcome is None
    return {
        "fen": board.fen(),
        "moves": [board.uci(m) for m in legal],
        "san": [board.san(m) for m in legal],
        "in_check": board.is_check(),
        "checkers": [chess.square_name(sq) for sq in board.checkers()],
        "checkmate": board.is_checkmate(),
        "stalemate": board.is_stalemate(),
        "insufficient_material": {
            "white": board.has_insufficient_material(chess.WHITE),
            "black": board.has_insufficient_material(chess.BLACK),
        },
        "outcome": outcome,
        "repetitions": repetitions(board),
        "can_claim_threefold": going_on and board.can_claim_threefold_repetition(),
        "can_claim_fifty_moves": going_on and board.can_claim_fifty_moves(),
        "read": [read_san(board, text) for text in to_read],
    }


def trace(request):
    """Every position of the game, from the start to after the last move."""
    board, moves, _ = start_of(request)
    reads = request.get("read_san") or []
    if not isinstance(reads, list) or not all(
            isinstance(r, list) and all(isinstance(t, str) for t in r) for r in reads):
        raise Refusal("bad_request", '"read_san" must be an array of arrays of strings')
    positions = []
    for i in range(len(moves) + 1):
        positions.append(describe(board, reads[i] if i < len(reads) else []))
        if i < len(moves):
            push(board, i, moves[i])
    return {"positions": positions}


def answer(request):
    name = request.get("request")
    if not isinstance(name, str):
        raise Refusal("bad_request", 'no "request" field: which request is this?')
    if name == "hello":
        return {
            "protocol": PROTOCOL,
            "engine": "python-chess %s" % chess.__version__,
            "supports": SUPPORTS,
            "features": FEATURES,
        }
    if name == "legal_moves":
        board, _ = board_of(request)
        return {"moves": [board.uci(m) for m in board.legal_moves]}
    if name == "is_legal":
        text = request.get("move")
        if not isinstance(text, str):
            raise Refusal("bad_request", 'is_legal needs "move": a UCI move such as "e2e4"')
        if not UCI.fullmatch(text):
            raise Refusal("bad_request", "%s is not a UCI move" % json.dumps(text[:40]))
        board, _ = board_of(request)
        return {"legal": board.is_legal(chess.Move.from_uci(text))}
    if name == "play":
        text = request.get("move")
        if not isinstance(text, str) or not TRIED.fullmatch(text):
            raise Refusal("bad_request", 'play needs "move": a UCI move such as "e2e4", or "0000"')
        board, _ = board_of(request)
        move = chess.Move.from_uci(text)
        accepted = bool(move) and board.is_legal(move)
        if accepted:
            board.push(move)
        return {"accepted": accepted, "fen": board.fen()}
    if name == "status":
        board, _ = board_of(request)
        return {
            "in_check": board.is_check(),
            "checkers": [chess.square_name(sq) for sq in board.checkers()],
            "checkmate": board.is_checkmate(),
            "stalemate": board.is_stalemate(),
        }
    if name == "game":
        board, automatic_fifty_moves = board_of(request)
        return {
            "outcome": outcome_of(board, automatic_fifty_moves),
            "insufficient_material": {
                "white": board.has_insufficient_material(chess.WHITE),
                "black": board.has_insufficient_material(chess.BLACK),
            },
            "dead_position": board.is_insufficient_material(),
            "repetitions": repetitions(board),
            "can_claim_threefold": board.can_claim_threefold_repetition(),
            "can_claim_fifty_moves": board.can_claim_fifty_moves(),
        }
    if name == "trace":
        return trace(request)
    if name == "board":
        board, _ = board_of(request)
        return {"placement": board.board_fen()}
    raise Refusal("unknown_request", "%r is not a request of protocol version %d" % (name[:40], PROTOCOL))


def reply_to(line):
    """The reply to one request line, or None for a blank line."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return {"id": None, "error": {"kind": "bad_json", "message": "the line is not UTF-8 text"}}
    if not text.strip():
        return None
    try:
        request = json.loads(text)
    except ValueError as e:
        return {"id": None, "error": {"kind": "bad_json", "message": str(e)}}
    if not isinstance(request, dict):
        return {"id": None, "error": {"kind": "bad_json", "message": "a request is a JSON object"}}
    reply = {"id": request.get("id")}
    try:
        reply.update(answer(request))
    except Refusal as e:
        reply["error"] = {"kind": e.kind, "message": e.message}
    except Exception as e:  # python-chess failed: say so, keep serving
        reply["error"] = {"kind": "internal", "message": "%s: %s" % (type(e).__name__, e)}
    return reply


def main():
    stdin = sys.stdin.buffer
    stdout = sys.stdout
    while True:
        line = stdin.readline(MAX_LINE + 2)
        if not line:
            return
        ended = line.endswith(b"\n")
        if len(line) - ended > MAX_LINE:
            # Over-long: skip to the end of the line.
            while line and not line.endswith(b"\n"):
                line = stdin.readline(MAX_LINE)
            reply = {"id": None, "error": {"kind": "line_too_long",
                                           "message": "the line is longer than %d bytes" % MAX_LINE}}
        else:
            reply = reply_to(line.rstrip(b"\n").rstrip(b"\r"))
        if reply is not None:
            stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
            stdout.flush()


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass
