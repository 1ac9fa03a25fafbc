//! Setting up a position: the initial position, pieces by list, a diagram
//! or a FEN, the side to move, castling rights, the last double step, the
//! move number and the half-move clock.

use super::{color, movetext, square};
use crate::world::ChessWorld;
use cucumber::gherkin::Step;
use cucumber::given;
use lawbook_board::{Bitboard, CastlingMode, Color, Piece, Rank, Role, Setup, Square};
use lawbook_notation::fen;

#[given("the initial position")]
fn initial(world: &mut ChessWorld) {
    *world.setup_mut() = Setup::standard();
}

#[given(regex = r"^(White|Black): (.+)$")]
fn pieces(world: &mut ChessWorld, side: String, list: String) {
    let side = color(&side);
    let setup = world.setup_mut();
    for token in list.split_whitespace() {
        let mut chars = token.chars();
        let letter = chars.next().unwrap_or(' ');
        let role = match letter {
            'K' => Role::King,
            'Q' => Role::Queen,
            'R' => Role::Rook,
            'B' => Role::Bishop,
            'N' => Role::Knight,
            'P' => Role::Pawn,
            _ => panic!("{token:?}: a piece is a letter K, Q, R, B, N or P and a square, such as Ke1 or Pf2"),
        };
        let sq = square(chars.as_str());
        if setup.board.piece_at(sq).is_some() {
            panic!("{token:?}: {sq} is already occupied");
        }
        setup.board.set_piece_at(sq, Piece::new(side, role));
    }
}

#[given(regex = r"^(White|Black) to move$")]
fn to_move(world: &mut ChessWorld, side: String) {
    world.setup_mut().turn = color(&side);
}

#[given(regex = r"^(White|Black) may still castle (short|long|both ways)$")]
fn may_castle(world: &mut ChessWorld, side: String, which: String) {
    let side = color(&side);
    let setup = world.setup_mut();
    let rank = Rank::First.relative(side);
    let back = Bitboard::from_rank(rank);
    let king = (setup.board.by_piece(Piece::new(side, Role::King)) & back)
        .single_square()
        .unwrap_or_else(|| panic!("{side} has no king on rank {} to castle with", rank.char()));
    let rooks = setup.board.by_piece(Piece::new(side, Role::Rook)) & back;
    for short in [true, false] {
        if (which == "short" && !short) || (which == "long" && short) {
            continue;
        }
        let mut on_side = rooks.squares().filter(|r| (r.file() > king.file()) == short);
        let rook = if short { on_side.next_back() } else { on_side.next() };
        let rook = rook.unwrap_or_else(|| {
            panic!("{side} has no rook on the {} side to castle with", if short { "king's" } else { "queen's" })
        });
        setup.castling_rights.add(rook);
    }
}

/// The right to castle with one named rook (Chess960: the inner of two
/// rooks on one wing, as X-FEN's file letters and Shredder-FEN name it).
#[given(regex = r"^(White|Black) may still castle with the rook on (?<piece>[a-h][18])$")]
fn may_castle_with(world: &mut ChessWorld, side: String, rook: String) {
    let (side, rook) = (color(&side), square(&rook));
    let setup = world.setup_mut();
    if setup.board.piece_at(rook) != Some(Piece::new(side, Role::Rook)) || rook.rank() != Rank::First.relative(side) {
        panic!("{side} has no rook on {rook}, on its first rank, to castle with");
    }
    setup.castling_rights.add(rook);
}

#[given(regex = r"^the last move was (?<from>[a-h][27])-(?<to>[a-h][45])$")]
fn last_move_double_step(world: &mut ChessWorld, from: String, to: String) {
    let (from, to) = (square(&from), square(&to));
    if from.file() != to.file() || from.rank().index().abs_diff(to.rank().index()) != 2 {
        panic!("{from}-{to} is not a pawn's double step");
    }
    let skipped = Square::from_coords(from.file(), Rank::ALL[(from.rank().index() + to.rank().index()) / 2]);
    world.setup_mut().ep_square = Some(skipped);
}

#[given(regex = r"^the position after (?<movetext>.+)$")]
fn after_moves(world: &mut ChessWorld, text: String) {
    *world.setup_mut() = Setup::standard();
    let game = world.game();
    for mv in movetext(&text) {
        game.play(&mv);
    }
}

// A FEN holds no comma: the step below is not this one.
#[given(regex = r"^the position (\S+/\S+ [wb] [^,]+)$")]
fn position_fen(world: &mut ChessWorld, text: String) {
    let (setup, mode) = fen::read_setup(&text).unwrap_or_else(|e| panic!("{e}"));
    world.set_up_fen(text, setup, mode);
}

/// A position no game can reach, as a FEN: engines are asked about the text
/// as written and lawbook does not validate it. The text must still be a
/// well-formed FEN; its castling field may name a king or rook that is not
/// there (the board then shows no castling right, and engines still get the
/// field as written).
#[given(regex = r"^the position (\S+/\S+ [wb] [^,]+), which no game can reach$")]
fn position_no_game_reaches(world: &mut ChessWorld, text: String) {
    let well_formed = |e: fen::FenError| -> ! {
        panic!("{e}\n(the FEN must be well-formed: only the position it describes may be one no game can reach)")
    };
    let (setup, mode) = match fen::read_setup(&text) {
        Ok(read) => read,
        Err(e) if matches!(e.kind(), "fen.castling_without_king" | "fen.castling_without_rook") => {
            // Read the rest without the castling field, which names what is not there.
            let mut fields: Vec<&str> = text.split(' ').collect();
            fields[2] = "-";
            let (setup, _) = fen::read_setup(&fields.join(" ")).unwrap_or_else(|_| well_formed(e));
            (setup, CastlingMode::Standard)
        }
        Err(e) => well_formed(e),
    };
    // The premise is checked: a position lawbook's validation accepts is one
    // a game can reach (as far as the Laws let anyone tell), and asking about
    // it here would say nothing about refusing impossible positions.
    // lawbook's validation leaves the move counters alone: a half-move
    // clock above the half-moves played since the initial position is
    // impossible too.
    let played = 2 * (u64::from(setup.fullmoves.max(1)) - 1) + u64::from(setup.turn == Color::Black);
    let clock_impossible = u64::from(setup.halfmoves) > played;
    if fen::read(&text).is_ok() && !clock_impossible {
        panic!(
            "a badly written scenario: it says no game can reach {text}, but lawbook's validation finds nothing \
             impossible in it: write `Given the position {text}` instead"
        );
    }
    world.set_unreachable(text, setup, mode);
}

#[given(regex = r"^it is move (\d+)$")]
fn move_number(world: &mut ChessWorld, number: u32) {
    world.setup_mut().fullmoves = number.max(1);
}

#[given("the game is Chess960")]
fn chess960(world: &mut ChessWorld) {
    world.set_chess960();
}

/// A diagram as a table: one row per rank from 8 down to 1, the rank number
/// first, then eight cells with a FEN letter or `.` for an empty square.
#[given("the board")]
fn board(world: &mut ChessWorld, step: &Step) {
    let setup = world.setup_mut();
    let turn = setup.turn;
    *setup = Setup { board: super::board_table(step), turn, ..Setup::empty() };
}

#[given(regex = r"^the half-move clock is (\d+)$")]
fn halfmove_clock(world: &mut ChessWorld, n: u32) {
    world.setup_mut().halfmoves = n;
}

/// The Polish source's board: it records stalemate, insufficient material and
/// the full fifty moves as draws by itself; threefold repetition is still declared.
#[given("the board records draws by itself")]
fn board_records_draws(world: &mut ChessWorld) {
    world.automatic_fifty_moves = true;
}
