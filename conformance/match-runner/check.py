#!/usr/bin/env python3
"""python-chess checks of the scripted lines, and games/INDEX.md from the PGN.

  check.py lines   every line is legal and its edge fact holds (run before use)
  check.py index   read games/*.pgn, check each final position, write games/INDEX.md

"Cannot mate" is proved with python-chess's has_insufficient_material(colour),
which is sound in that direction (True only when the colour can never win);
"can mate" is shown by a witness: a series of legal moves ending in that mate.
"""
import glob
import os
import re
import sys

import chess
import chess.pgn

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from cases import CASES  # noqa: E402

# helpmates from the final positions where the FIDE result needs "could mate"
WITNESS = {
    "flag-rook": "a4a5 f2e3 a5a6 e3d4 a6a7 d4c5 a7a8 c5b6 a8b8 d3d8",
    "resign-queen": "a4a5 d3d1 a5a6 f2e3 a6a7 e3d4 a7a8 d4c5 a8b8 c5b6 b8a8 d1d8",
}
# the side whose (in)ability to mate decides the result, per case
DECIDER = {"flag-knight": chess.WHITE, "flag-bishop": chess.WHITE, "flag-rook": chess.WHITE,
           "flag-bare-king": chess.BLACK, "resign-knight": chess.WHITE,
           "resign-queen": chess.WHITE, "resign-bare-king": chess.BLACK,
           "stalemate-silent": chess.WHITE}


def material(board):
    if len(board.piece_map()) > 8:
        return f"{len(board.piece_map())} men"

    def side(c):
        return "K" + "".join(chess.piece_symbol(t).upper() * len(board.pieces(t, c))
                             for t in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN))
    return f"{side(chess.WHITE)} v {side(chess.BLACK)}"


def can_mate(board, colour, case):
    """True/False with the reason, or None when not needed/known."""
    name = chess.COLOR_NAMES[colour].capitalize()
    if board.has_insufficient_material(colour):
        return False, f"{name} cannot mate ({material(board)}: no series of legal moves mates)"
    if case in WITNESS:
        b = board.copy()
        for m in WITNESS[case].split():
            b.push_uci(m)          # raises if illegal
        assert b.is_checkmate() and b.turn != colour, case
        return True, f"{name} can mate (helpmate {board.variation_san([chess.Move.from_uci(m) for m in WITNESS[case].split()])})"
    return None, ""


def occurrences(boards):
    """How often the last position occurred: by FIDE 9.2.3 (python-chess's key,
    e.p. only when an e.p. capture is legal) and by a naive key (e.p. square
    after every double step, as FEN writes it)."""
    def naive(b):
        return (b.board_fen(), b.turn, b.castling_rights, b.ep_square)
    fide = sum(b._transposition_key() == boards[-1]._transposition_key() for b in boards)
    raw = sum(naive(b) == naive(boards[-1]) for b in boards)
    return fide, raw


def replay(case, moves):
    b = chess.Board(CASES[case]["fen"]) if CASES[case]["fen"] else chess.Board()
    history = [b.copy()]
    for m in moves:
        move = chess.Move.from_uci(m) if isinstance(m, str) else m
        assert move in b.legal_moves, f"{case}: illegal {m} in {b.fen()}"
        b.push(move)
        history.append(b.copy())
    return b, history


def facts(case, board, history):
    """The facts of the final position that the FIDE verdict rests on."""
    out = [f"final {material(board)}, {'White' if board.turn else 'Black'} to move"]
    if board.is_checkmate():
        out.append("checkmate")
    if board.is_stalemate():
        out.append("stalemate (5.2.1)")
    dead = [i for i, h in enumerate(history) if h.is_insufficient_material()]
    if dead:
        out.append(f"dead since ply {dead[0]} (5.2.2)")
    if case in DECIDER:
        ok, why = can_mate(board, DECIDER[case], case)
        if why:
            out.append(why)
    if case.startswith("rep-"):
        fide, raw = occurrences(history)
        out.append(f"position occurred {fide}x by 9.2.3 ({raw}x if any e.p. square counted)")
    if case.startswith("fifty-"):
        out.append(f"halfmove clock {board.halfmove_clock} ({board.halfmove_clock // 2} moves each)")
        lost = next(i for i, h in enumerate(history) if not h.has_kingside_castling_rights(chess.WHITE))
        out.append(f"White's h-side castling right lost by {history[lost - 1].san(history[lost].peek())}"
                   f" at ply {lost}, clock then {history[lost].halfmove_clock} (not reset)")
    if case == "illegal-move":
        m = chess.Move.from_uci(CASES[case]["then"][1])
        out.append(f"{CASES[case]['then'][1]} is pseudo-legal {board.is_pseudo_legal(m)}, legal {board.is_legal(m)}")
    return out


def check_lines():
    for case, c in CASES.items():
        board, history = replay(case, c["moves"])
        f = facts(case, board, history)
        if c["then"][0] == "move":
            assert not board.is_legal(chess.Move.from_uci(c["then"][1])), case
        if case == "rep-ep-possible":
            assert occurrences(history) == (2, 2) and history[5].has_legal_en_passant()
        if case in ("rep-ep-absent", "rep-ep-pinned"):
            first = history[5] if case == "rep-ep-absent" else history[11]
            assert first.ep_square and not first.has_legal_en_passant()
            assert occurrences(history) == (3, 2)
        if case == "rep-plain":
            assert occurrences(history) == (3, 3)
        if case.startswith("fifty-"):
            keys = [h._transposition_key() for h in history]
            assert len(keys) == len(set(keys)), "a position repeats"
            rook = next(i for i, h in enumerate(history) if not h.has_kingside_castling_rights(chess.WHITE))
            assert board.halfmove_clock == (100 if case == "fifty-50" else 98)
            assert history[rook].halfmove_clock == rook - 2 and rook == 53
            assert all(h.castling_rights == board.castling_rights for h in history[rook:])
        if case in ("stalemate", "stalemate-silent"):
            assert board.is_stalemate()
        if case in ("flag-knight", "flag-bishop", "resign-knight", "flag-bare-king", "resign-bare-king"):
            assert can_mate(board, DECIDER[case], case)[0] is False
        if case in WITNESS:
            assert can_mate(board, DECIDER[case], case)[0] is True
        print(f"{case}: ok; " + "; ".join(f))


def lawful(case, board, history, recorded):
    """The FIDE result for a game: the case's verdict, or, for the engine
    games, what the final position itself gives."""
    if case in CASES:
        return CASES[case]["fide"]
    if board.is_checkmate():
        return ("1-0" if board.turn == chess.BLACK else "0-1") + ": checkmate (5.1.1)"
    if board.is_stalemate():
        return "1/2-1/2: stalemate (5.2.1)"
    if board.is_insufficient_material():
        return "1/2-1/2: dead position (5.2.2)"
    fide, _ = occurrences(history)
    if fide >= 3 and "1/2" in recorded:
        return f"1/2-1/2 if claimed: position occurred {fide}x (9.2.2)"
    return "not decided by the board: depends on the recorded reason"


def index():
    rows = []
    for path in sorted(glob.glob(os.path.join(here, "games", "*.pgn"))):
        name = os.path.basename(path)
        case = name.split(".")[0]
        with open(path) as fh:
            game = chess.pgn.read_game(fh)
        node = game.end()
        board, history = replay(case, [n.move for n in game.mainline()]) if case in CASES \
            else (node.board(), [n.board() for n in [game] + list(game.mainline())])
        with open(path) as fh:   # xboard's own words: the last {...} before the result
            reason = re.findall(r"\{([^}]*)\}\s*(?:1-0|0-1|1/2-1/2|\*)\s*$", fh.read())[0]
        recorded = f"{game.headers['Result']} {{{reason}}}"
        law = lawful(case, board, history, recorded)
        verdict = law.split(":")[0]
        agree = "agrees" if verdict == game.headers["Result"] else "DIFFERS"
        f = facts(case, board, history)
        code = f"`` {recorded} ``" if "`" in recorded else f"`{recorded}`"
        rows.append(f"| `{name}` | {len(history) - 1} | {code} | {law} | {agree} | {'; '.join(f)} |")
    with open(os.path.join(here, "games", "INDEX.md"), "w") as out:
        out.write(
            "# Games written by xboard, and what the FIDE Laws give\n\n"
            "Written by `check.py index` from the PGN files beside it (see ../README.md).\n"
            "Recorded = xboard's Result tag and its comment before the result (xboard writes no\n"
            "Termination tag). Lawful = FIDE Laws of Chess 2023, article in parentheses;\n"
            "\"no result\" = under the Laws the game was not over (an incorrect claim or a first\n"
            "illegal move: play goes on). Facts = python-chess on the game's final position.\n\n"
            "| file | plies | recorded | lawful (FIDE) | | facts (python-chess) |\n"
            "| --- | --- | --- | --- | --- | --- |\n")
        out.write("\n".join(rows) + "\n")
        out.write(
            "\nNotes on what xboard wrote:\n"
            "- The illegal move itself is not in the movetext: xboard refuses it, names it in the comment\n"
            "  (`invalid move` because its parser already rejects it; `` `0 `` is how it prints \"no square\") and\n"
            "  forfeits the mover at once, with or without adjudication.\n"
            "- `rep-ep-pinned`: xboard gives the e.p. right whenever an enemy pawn stands beside the\n"
            "  double-stepped pawn, legal capture or not, so with `-testClaims true` it calls a correct\n"
            "  claim false and scores it as a loss; `rep-ep-absent` (no pawn beside) it gets right.\n"
            "- With `-testClaims true` xboard scores a false claim as a loss for the claimer; FIDE 9.5.3\n"
            "  gives the opponent 2 minutes and play goes on. With `-testClaims false` it believes any claim.\n"
            "- The bare-king rule (`... but bare king`) only works with `-testClaims true` and only when the\n"
            "  winner has nothing but a king: K+N or K+B winning on time or by resignation stays 1-0.\n"
            "- `TimeControl` is written in whole seconds: the engine games' 20 s + 0.2 s appear as `20+0`.\n")
    print("\n".join(rows))


if __name__ == "__main__":
    {"lines": check_lines, "index": index}[sys.argv[1] if len(sys.argv) > 1 else "lines"]()
