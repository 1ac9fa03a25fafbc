//! Engines other than the built-in one, each behind the [`crate::Engine`]
//! trait, and [`build`], the one place a registry entry becomes an engine.
//!
//! | protocol | module | constructor |
//! |---|---|---|
//! | UCI over a child process | [`uci`] | `UciEngine::spawn(&EngineSpec)` |
//! | xboard/CECP over a child process | [`xboard`] | `XboardEngine::spawn(&EngineSpec)` |
//! | lawbook's JSON-lines rules protocol (`conformance/PROTOCOL.md`) | [`jsonl`] | `JsonlEngine::spawn(&EngineSpec)` |
//! | shakmaty, cozy-chess, the `chess` crate and esca in process (feature `peers`) | `peers` | `Shakmaty::default()`, `CozyChess::default()`, `ChessCrate::default()`, `Esca::default()` |

use crate::registry::{EngineSpec, Protocol};
use crate::{BuiltIn, Engine, EngineError, Fault, FaultKind};
use lawbook_board::{Board, Color};

pub mod jsonl;
#[cfg(feature = "peers")]
pub mod peers;
mod restarting;
pub mod uci;
pub mod xboard;

/// Whether words an engine wrote on standard error refuse the position: they
/// say it is illegal, invalid or bad, or an error, and name the position or
/// the FEN (`board_init_list(): illegal position`, `bad FEN`).
pub(crate) fn words_refuse_position(words: &str) -> bool {
    let lower = words.to_ascii_lowercase();
    ["illegal", "invalid", "bad", "error", "unsupported"].iter().any(|w| lower.contains(w))
        && (lower.contains("position") || lower.contains("fen"))
}

/// A failure of a process that ended by itself (an exit status, not a
/// signal) after saying on standard error that the position is illegal, bad
/// or invalid is its refusal of the position `fen`, in its own words (Toga
/// II and GNU Chess: `board_init_list(): illegal position`, status 1); any
/// other error is kept.
pub(crate) fn refusal_in_last_words(error: EngineError, fen: &str) -> EngineError {
    match error {
        EngineError::Failed(fault)
            if matches!(fault.exit(), Some(crate::Exit::Code(_)))
                && fault.last_words().iter().any(|w| words_refuse_position(w)) =>
        {
            EngineError::refused(format!("{fen:?}: {}", fault.last_words().join(", ")))
        }
        other => other,
    }
}

/// Starts the engine `spec` names, ready to be asked.
///
/// ```
/// use lawbook_engines::{Ask, PositionQuery, adapters, registry};
/// let spec = registry::parse("engines:\n  - name: lawbook\n    protocol: builtin\n")?.remove(0);
/// let mut engine = adapters::build(&spec)?;
/// assert_eq!(engine.legal_moves(&PositionQuery::from_start(&[])?)?.len(), 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`EngineError::Failed`] when the program is missing
/// ([`FaultKind::NotInstalled`]; the message names the spec's `install`
/// command), cannot be started or does not answer its handshake, and
/// ([`FaultKind::CouldNotStart`]) for the in-process peers (shakmaty, cozy-chess, the
/// `chess` crate, esca) in a build without the `peers` feature.
pub fn build(spec: &EngineSpec) -> Result<Box<dyn Engine>, EngineError> {
    match spec.protocol {
        Protocol::Builtin => Ok(Box::new(BuiltIn)),
        Protocol::Uci => Ok(Box::new(uci::UciEngine::spawn(spec)?)),
        Protocol::Xboard => Ok(Box::new(xboard::XboardEngine::spawn(spec)?)),
        Protocol::Jsonl => {
            // Name the install command when the program is missing, whatever the adapter says.
            crate::process::installed_program(spec)?;
            Ok(Box::new(jsonl::JsonlEngine::spawn(spec)?))
        }
        Protocol::Shakmaty | Protocol::CozyChess | Protocol::ChessCrate | Protocol::Esca => peer(spec),
    }
}

/// Whether this build can run the engine `spec` names at all: in-process
/// peers need the `peers` feature; child processes are checked when started.
pub fn built_in_here(spec: &EngineSpec) -> bool {
    !matches!(spec.protocol, Protocol::Shakmaty | Protocol::CozyChess | Protocol::ChessCrate | Protocol::Esca)
        || cfg!(feature = "peers")
}

/// shakmaty, cozy-chess, the `chess` crate or esca, in process.
#[cfg(feature = "peers")]
fn peer(spec: &EngineSpec) -> Result<Box<dyn Engine>, EngineError> {
    use peers::{ChessCrate, CozyChess, Esca, Shakmaty};
    Ok(match spec.protocol {
        Protocol::CozyChess => Box::new(CozyChess::default()),
        Protocol::ChessCrate => Box::new(ChessCrate::default()),
        Protocol::Esca => Box::new(Esca::default()),
        _ => Box::new(Shakmaty::default()),
    })
}

/// An in-process peer, which this build leaves out.
#[cfg(not(feature = "peers"))]
fn peer(spec: &EngineSpec) -> Result<Box<dyn Engine>, EngineError> {
    Err(EngineError::failed(
        crate::FaultKind::CouldNotStart,
        format!(
            "engine {:?} ({:?}) runs in process only in a build with the `peers` feature: \
         build lawbook-conformance with `--features peers`",
            spec.name, spec.protocol
        ),
    ))
}

/// An engine's board, written as the first field of a FEN, read into a [`Board`].
///
/// # Errors
/// [`FaultKind::Garbage`] quoting the text when it is not a FEN placement.
pub fn read_placement(text: &str) -> Result<Board, EngineError> {
    let fen = format!("{text} w - - 0 1");
    match lawbook_notation::fen::read_setup(&fen) {
        Ok((setup, _)) => Ok(setup.board),
        Err(e) => Err(EngineError::Failed(
            Fault::new(FaultKind::Garbage, format!("the engine's board {text:?} cannot be read: {e}")).with_line(text),
        )),
    }
}

/// An engine's position as a FEN (its first two fields are read): the board
/// and the side to move, as a [`crate::Played`] reports them.
///
/// # Errors
/// [`FaultKind::Garbage`] quoting the text when it does not start with a
/// FEN placement and `w` or `b`.
pub fn read_board_and_turn(fen: &str) -> Result<(Board, Color), EngineError> {
    let mut fields = fen.split_whitespace();
    let board = read_placement(fields.next().unwrap_or_default())?;
    match fields.next() {
        Some("w") => Ok((board, Color::White)),
        Some("b") => Ok((board, Color::Black)),
        _ => Err(EngineError::Failed(
            Fault::new(FaultKind::Garbage, format!("the engine's position {fen:?} does not say whose move it is"))
                .with_line(fen),
        )),
    }
}

/// What a library that lists moves and judges check, mate and stalemate
/// (but no draw rule) answers: cozy-chess and the `chess` crate.
#[cfg(feature = "peers")]
fn moves_and_status(capability: crate::Capability) -> bool {
    use crate::Capability;
    matches!(
        capability,
        Capability::LegalMoves
            | Capability::MoveLegality
            | Capability::Play
            | Capability::Check
            | Capability::Checkers
            | Capability::Checkmate
            | Capability::Stalemate
            | Capability::Board
    )
}
