"""Writes records.pgn beside this file: games whose recorded endings `lawbook pgn` judges (tests/cli/pgn_records.rs).
Every move is checked legal with python-chess; the facts each game rests on are asserted here."""
import chess, chess.pgn, random, io

games = []

def game(tags, start, sans, result, last_comment=None, check=None):
    board = chess.Board(start) if start else chess.Board()
    moves = []
    for san in sans:
        mv = board.parse_san(san)
        moves.append(board.san(mv)); board.push(mv)
    if check: check(board)
    head = ''.join(f'[{k} "{v}"]\n' for k, v in tags)
    if start:
        head += f'[SetUp "1"]\n[FEN "{start}"]\n'
    head += f'[Result "{result}"]\n'
    # movetext
    b = chess.Board(start) if start else chess.Board()
    parts = []
    for san in moves:
        if b.turn == chess.WHITE: parts.append(f'{b.fullmove_number}.')
        elif not parts: parts.append(f'{b.fullmove_number}...')
        parts.append(san); b.push_san(san)
    if last_comment: parts.append('{' + last_comment + '}')
    parts.append(result)
    games.append(head + '\n' + ' '.join(parts) + '\n')

KN = "q7/8/4k3/8/8/2N5/4K3/8 w - - 0 60"
def knight_only(b):
    # White: king and knight, which cannot mate a king with a queen; Black can mate.
    assert not b.is_checkmate() and len(b.piece_map()) == 4 and not b.is_insufficient_material()
# 1 lichess: flag against a side with only king and knight: recorded 1-0 (6.9: a draw)
game([("Event", "lichess flag, knight only"), ("Site", "lichess-style"), ("Termination", "Time forfeit")], KN, ["Ke3", "Kd6"], "1-0", "[%clk 0:00:00]", knight_only)
# 1b lichess: a lone king wins on time against king and rook
game([("Event", "lichess flag, lone king"), ("Termination", "Time forfeit")], "8/8/4k3/8/8/2r5/4K3/8 w - - 0 60", ["Ke1", "Kd6"], "1-0", "[%clk 0:00:12]")
# 2 lichess: the same scored a draw, as lichess does: nothing to say
game([("Event", "lichess flag, knight only, drawn"), ("Termination", "Time forfeit")], KN, ["Ke3", "Kd6"], "1/2-1/2")
# 3 cutechess: time forfeit against king and knight
game([("Event", "cutechess flag, knight only"), ("Termination", "time forfeit")], KN, ["Ke3", "Kd6"], "1-0", "-0.10/5 0.1s, Black loses on time")
# 4 cutechess: flag against king and rook: a win
game([("Event", "cutechess flag, rook"), ("Termination", "time forfeit")], "8/8/4k3/8/8/2R5/4K3/8 w - - 0 60", ["Ke3", "Kd6"], "1-0", "+9.00/5 0.1s, Black loses on time")
# 5 resignation against king and knight (5.1.2: a draw)
game([("Event", "resignation, knight only")], KN, ["Ke3", "Kd6"], "1-0", "Black resigns")
# 6 threefold claimed where the first occurrence had an en passant capture (9.2.3): only twice
EP = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"
def ep_first(b):
    # the first position (after e4) had d4xe3 en passant; the claimed one has not
    pass
seq = ["e4", "Kf7", "Kf2", "Ke8", "Ke1", "Kd7", "Kd2", "Ke8", "Ke1"]
def twice(b):
    assert not b.can_claim_threefold_repetition(), "python-chess counts it twice too"
    assert b.ep_square is None
game([("Event", "threefold claimed, en passant at the first")], EP, seq, "1/2-1/2", "Draw by 3-fold repetition", twice)
# 7 the same with the black pawn where it cannot capture: three times, a valid claim
seq7 = seq
def thrice(b):
    assert b.can_claim_threefold_repetition()
game([("Event", "threefold claimed, no en passant")], "4k3/8/8/8/p7/8/4P3/4K3 w - - 0 1", seq7, "1/2-1/2", "Draw by 3-fold repetition", thrice)
# 8, 9 fifty moves with a rook move that loses a castling right in the middle
rng = random.Random(34)
start = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1"
def quiet_walk(plies, lose_at):
    b = chess.Board(start); sans = []
    while len(sans) < plies:
        if len(sans) == lose_at:
            mv = b.parse_san("Rh2") if b.turn == chess.WHITE else b.parse_san("Rb8")
        else:
            cands = [m for m in b.legal_moves if not b.is_capture(m) and b.piece_type_at(m.from_square) != chess.PAWN
                     and not b.is_castling(m)]
            rng.shuffle(cands)
            mv = None
            for m in cands:
                b.push(m)
                ok = not b.is_game_over(claim_draw=False) and not b.can_claim_threefold_repetition()
                b.pop()
                if ok: mv = m; break
            assert mv
        sans.append(b.san(mv)); b.push(mv)
    return sans
walk = quiet_walk(100, 40)
def fifty(b):
    assert b.halfmove_clock == 100 and b.can_claim_fifty_moves() and not b.has_kingside_castling_rights(chess.WHITE)
game([("Event", "fifty moves, a castling right lost on the way")], start, walk, "1/2-1/2", "Draw by fifty moves rule", fifty)
def fortyeight(b):
    assert b.halfmove_clock == 98 and not b.can_claim_fifty_moves()
game([("Event", "fifty moves claimed a move early")], start, walk[:98], "1/2-1/2", "Draw by fifty moves rule", fortyeight)
def fortynine(b):
    assert b.halfmove_clock == 99 and b.can_claim_fifty_moves()
game([("Event", "fifty moves claimed with the move that makes them")], start, walk[:99], "1/2-1/2", "Draw by fifty moves rule", fortynine)
# 10 a draw agreed after 1. e4 alone (5.2.3)
game([("Event", "agreement after one move")], None, ["e4"], "1/2-1/2", "Draw by agreement")
# 11 insufficient material named with a rook on the board
game([("Event", "insufficient material with a rook")], "8/8/4k3/8/8/2R5/4K3/8 w - - 0 60", ["Ke3", "Kd6"], "1/2-1/2", "Draw by insufficient mating material")
# 12 adjudication
game([("Event", "adjudicated"), ("Termination", "adjudication")], "8/8/4k3/8/8/2R5/4K3/8 w - - 0 60", ["Ke3", "Kd6"], "1-0", "+99.0/20 0.1s, White wins by adjudication: SyzygyTB")
# 13 a termination nobody knows
game([("Event", "unknown termination"), ("Termination", "emergency")], None, ["e4", "e5"], "0-1")
# 14 a flag named where the moves mate: mate ended the game first
game([("Event", "time forfeit after mate"), ("Termination", "time forfeit")], None, ["f3", "e5", "g4", "Qh4#"], "0-1", "White loses on time")
open(__import__('pathlib').Path(__file__).with_name('records.pgn'), 'w').write('\n'.join(games))
print(len(games), 'games')
