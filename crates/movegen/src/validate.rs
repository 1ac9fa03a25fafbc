//! Turning a free [`Setup`] into a [`Position`]: the rules of
//! [`lawbook_board::Problem`], checked one by one.

use crate::Position;
use crate::attacks::attackers;
use crate::attacks::{between, line};
use lawbook_board::{
    Bitboard, CastlingMode, Color, File, Piece, PositionError, Problem, Rank, Relaxations, Role, Setup, Square,
};

/// `pieces_key`: the Zobrist key of the board's pieces, when the caller has it.
pub(crate) fn validate(
    setup: Setup,
    mode: CastlingMode,
    relaxations: Relaxations,
    pieces_key: Option<u64>,
) -> Result<Position, PositionError> {
    let mut findings: Vec<(Problem, String)> = Vec::new();
    let board = &setup.board;

    let mut kings_ok = true;
    for color in Color::ALL {
        let kings = board.by_piece(Piece::new(color, Role::King));
        if kings.is_empty() {
            findings.push((Problem::MissingKing, format!("{color} has no king")));
            kings_ok = false;
        } else if kings.more_than_one() {
            findings.push((Problem::TooManyKings, format!("{color} has {} kings", kings.count())));
            kings_ok = false;
        }
    }

    let stray_pawns = board.pawns() & Bitboard::BACKRANKS;
    if stray_pawns.any() {
        findings.push((
            Problem::PawnsOnBackrank,
            format!("a pawn stands on the first or last rank ({})", list(stray_pawns)),
        ));
    }

    for color in Color::ALL {
        let count = board.by_color(color).count();
        if count > 16 {
            findings.push((
                Problem::TooManyPieces,
                format!("{color} has {count} pieces, more than the 16 a side starts with"),
            ));
        }
    }

    for color in Color::ALL {
        let n = |role| board.by_piece(Piece::new(color, role));
        let pawns = n(Role::Pawn).count();
        let bishops = n(Role::Bishop);
        // Counting is slow without a population count instruction (the
        // default x86-64 target has none): first the cheap test that no kind
        // of piece exceeds the initial set, which then has no promoted piece.
        let more_than_two = |set: Bitboard| Bitboard(set.0 & set.0.wrapping_sub(1)).more_than_one();
        let beyond_initial = n(Role::Queen).more_than_one()
            || more_than_two(n(Role::Rook))
            || more_than_two(n(Role::Knight))
            || (bishops & Bitboard::LIGHT).more_than_one()
            || (bishops & Bitboard::DARK).more_than_one();
        let promoted = if !beyond_initial {
            0
        } else {
            n(Role::Queen).count().saturating_sub(1)
                + n(Role::Rook).count().saturating_sub(2)
                + n(Role::Knight).count().saturating_sub(2)
                + (bishops & Bitboard::LIGHT).count().saturating_sub(1)
                + (bishops & Bitboard::DARK).count().saturating_sub(1)
        };
        if pawns > 8 {
            findings.push((Problem::TooMuchMaterial, format!("{color} has {pawns} pawns, more than eight")));
        } else if promoted > 8 - pawns {
            findings.push((
                Problem::TooMuchMaterial,
                format!(
                    "{color} has {promoted} pieces beyond the initial set but only {} pawns could have been promoted",
                    8 - pawns
                ),
            ));
        }
    }

    if let Some(detail) = castling_problem(&setup, mode) {
        findings.push((Problem::InvalidCastlingRights, detail));
    }

    let ep_detail = setup.ep_square.and_then(|ep| ep_problem(&setup, ep));
    let ep_explained = setup.ep_square.is_some() && ep_detail.is_none();
    if let Some(detail) = ep_detail {
        findings.push((Problem::InvalidEpSquare, detail));
    }

    // Checks, when each side has one king.
    if kings_ok {
        let us = setup.turn;
        let occupied = board.occupied();
        let their_king = board.king_of(!us).unwrap_or(Square::A1);
        let attackers_of_theirs = attackers(board, their_king, us, occupied);
        if attackers_of_theirs.any() {
            findings.push((
                Problem::OppositeCheck,
                format!("{} is in check ({}) but it is {us}'s turn", !us, list(attackers_of_theirs)),
            ));
        }
        let our_king = board.king_of(us).unwrap_or(Square::A1);
        let found = attackers(board, our_king, !us, occupied);
        if let Some(detail) = impossible_check(&setup, our_king, found) {
            findings.push((Problem::ImpossibleCheck, detail));
        }
        if ep_explained && let Some(detail) = impossible_double_step(&setup, our_king) {
            findings.push((Problem::ImpossibleDoubleStep, detail));
        }
    }

    findings.retain(|(problem, _)| !relaxations.waives(*problem));
    if findings.is_empty() {
        Ok(Position::assemble(&setup, mode, pieces_key))
    } else {
        Err(PositionError::new(setup, findings))
    }
}

fn list(squares: Bitboard) -> String {
    squares.squares().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

fn castling_problem(setup: &Setup, mode: CastlingMode) -> Option<String> {
    let board = &setup.board;
    for color in Color::ALL {
        let backrank = Bitboard::from_rank(Rank::First.relative(color));
        let rights = setup.castling_rights & backrank;
        if rights.is_empty() {
            continue;
        }
        let king = (board.kings() & board.by_color(color) & backrank).single_square();
        let Some(king) = king else {
            return Some(format!("{color} has a castling right but no king on its first rank"));
        };
        let rooks = board.by_piece(Piece::new(color, Role::Rook));
        for rook in rights {
            if !rooks.contains(rook) {
                return Some(format!(
                    "{color} has a castling right with a rook on {rook}, but no {} rook stands there",
                    color.name()
                ));
            }
        }
        let left = rights.squares().filter(|r| r.file() < king.file()).count();
        let right = rights.squares().filter(|r| r.file() > king.file()).count();
        if left > 1 || right > 1 {
            return Some(format!("{color} has more than one castling right on one side of the king"));
        }
        if mode == CastlingMode::Standard {
            if king.file() != File::E {
                return Some(format!(
                    "{color} has a castling right but the king is on {king}, not on its initial square"
                ));
            }
            if let Some(rook) = rights.squares().find(|r| !matches!(r.file(), File::A | File::H)) {
                return Some(format!(
                    "{color} has a castling right with the rook on {rook}, not in a corner (standard chess)"
                ));
            }
        }
    }
    let stray = setup.castling_rights - Bitboard::BACKRANKS;
    if stray.any() {
        return Some(format!("castling rights name squares off the first and last ranks ({})", list(stray)));
    }
    None
}

fn ep_problem(setup: &Setup, ep: Square) -> Option<String> {
    let us = setup.turn;
    let board = &setup.board;
    if ep.rank() != Rank::Sixth.relative(us) {
        return Some(format!(
            "the en passant square {ep} is not on rank {}, where {}'s double step would skip a square",
            Rank::Sixth.relative(us).char(),
            !us
        ));
    }
    let forward = |sq: Square, steps: i32| sq.offset(us.fold(8, -8) * steps);
    let (Some(origin), Some(pawn_sq)) = (forward(ep, 1), forward(ep, -1)) else {
        return Some(format!("the en passant square {ep} has no double step behind it"));
    };
    if board.occupied().contains(ep) || board.occupied().contains(origin) {
        return Some(format!(
            "the en passant square {ep} is not explained by a double step: {ep} and {origin} must be empty"
        ));
    }
    if !board.by_piece(Piece::new(!us, Role::Pawn)).contains(pawn_sq) {
        return Some(format!(
            "the en passant square {ep} is not explained by a double step: no {} pawn on {pawn_sq}",
            (!us).name()
        ));
    }
    None
}

/// The double step an en passant square names (already known to fit the
/// board: `ep_problem` found nothing), taken back: the pawn on its starting
/// square, the two squares before it empty, the pawn's side to move. In
/// that position the side to move now, `king`'s side, must not be in check,
/// since the side not to move never is (3.9.2); otherwise the double step
/// was never played (3.10.3). Only the pawn itself (from its starting
/// square) and a line piece whose line the pawn now closes can give that
/// check: every other attack is the same before and after.
fn impossible_double_step(setup: &Setup, king: Square) -> Option<String> {
    let us = setup.turn;
    let ep = setup.ep_square?;
    let pushed = ep.offset(us.fold(-8, 8))?;
    let origin = ep.offset(us.fold(8, -8))?;
    let mut before = setup.board;
    let pawn = before.remove_piece_at(pushed)?;
    before.set_piece_at(origin, pawn);
    let checkers = attackers(&before, king, !us, before.occupied());
    if checkers.is_empty() {
        return None;
    }
    Some(format!(
        "the en passant square {ep} says {them}'s pawn has just moved from {origin} to {pushed}, but with it back on \
         {origin} {us} would have been in check ({}) while it was {them}'s turn, so that move was never played",
        list(checkers),
        them = !us,
    ))
}

fn impossible_check(setup: &Setup, king: Square, checkers: Bitboard) -> Option<String> {
    if checkers.is_empty() {
        return None;
    }
    let board = &setup.board;
    let sliders = board.bishops_and_queens() | board.rooks_and_queens();
    if checkers.count() > 2 {
        return Some(format!(
            "{} pieces give check ({}); no single move can do that",
            checkers.count(),
            list(checkers)
        ));
    }
    if checkers.more_than_one() {
        let a = checkers.first().unwrap_or(king);
        let b = checkers.last().unwrap_or(king);
        if (checkers & sliders).is_empty() {
            return Some(format!(
                "a double check without a line piece ({}); a double check needs a discovered check",
                list(checkers)
            ));
        }
        if line(a, b).contains(king) {
            return Some(format!("two pieces on one line through the king give check ({})", list(checkers)));
        }
    }
    if let Some(ep) = setup.ep_square {
        let us = setup.turn;
        let pushed = ep.offset(us.fold(-8, 8));
        let origin = ep.offset(us.fold(8, -8));
        if let (Some(pushed), Some(origin)) = (pushed, origin) {
            let explained = |c: Square| c == pushed || (sliders.contains(c) && between(king, c).contains(origin));
            if let Some(c) = checkers.squares().find(|c| !explained(*c)) {
                return Some(format!("the check from {c} cannot follow the double step to {pushed}"));
            }
        }
    }
    None
}
