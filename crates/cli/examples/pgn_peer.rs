//! The peer for `lawbook pgn`'s speed: pgn-reader and shakmaty read the same
//! files and play every move of every main line (each SAN resolved to a legal
//! move, the FEN tag honoured), on one thread. Prints the games, the bad
//! games and the rate, to compare with `lawbook pgn --jobs 1` on the same
//! files:
//!
//! ```text
//! cargo run --release -p lawbook-cli --example pgn_peer -- FILE...
//! ```

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use std::ops::ControlFlow;
use std::time::Instant;

/// Plays the main line; the output is whether every move was legal.
struct Player;

impl Visitor for Player {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, start: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else { return ControlFlow::Break(false) };
            let Ok(pos) = fen.into_position(CastlingMode::Chess960) else { return ControlFlow::Break(false) };
            *start = Some(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, start: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(start.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<bool> {
        match san.san.to_move(pos) {
            Ok(mv) => {
                pos.play_unchecked(mv);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _pos: Chess) -> bool {
        true
    }
}

fn main() -> std::io::Result<()> {
    let (mut games, mut bad, mut bytes) = (0usize, 0usize, 0u64);
    let clock = Instant::now();
    for path in std::env::args().skip(1) {
        bytes += std::fs::metadata(&path)?.len();
        let mut reader = Reader::new(std::fs::File::open(&path)?);
        while let Some(ok) = reader.read_game(&mut Player)? {
            games += 1;
            bad += usize::from(!ok);
        }
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!("{games} games, {bad} bad, {bytes} bytes in {seconds:.3} s: {:.1} MB/s", bytes as f64 / 1e6 / seconds);
    Ok(())
}
