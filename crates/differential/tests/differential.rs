//! The differential runner (`lawbook-differential`): it agrees
//! with shakmaty on a few hundred positions, and it reports a planted
//! disagreement with the position and both answers, so it can fail.
//!
//! The package's tests always build the in-process peers (a dev-dependency
//! on the package itself with the `peers` feature), so plain `cargo test
//! --workspace` runs the shakmaty comparison.

use lawbook_board::ByColor;
use lawbook_differential::{
    self as differential, EXPLAINED_DEAD, Failure, GameRecord, KnownDifferences, Options, Peer, ReadSan, Summary,
};
use lawbook_engines::{Answer, Ask, BuiltIn, Capability, Engine, EngineError, PositionQuery, Question};
use lawbook_notation::uci::UciMove;
use lawbook_outcome::{Outcome, Reason};
use std::path::{Path, PathBuf};

/// The shipped registry.
fn registry() -> Vec<lawbook_engines::registry::EngineSpec> {
    lawbook_engines::registry::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/engines.yaml"))
        .unwrap()
}

fn test_games() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../notation/tests/data/pgn");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the notation crate's test games")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    files
}

#[test]
fn lawbook_agrees_with_shakmaty_on_random_and_real_games() {
    let mut peer = differential::peer_named("shakmaty", &registry()).unwrap_or_else(|e| panic!("{e}"));
    assert!(peer.known.dead_positions_beyond_material && peer.chess960, "{peer:?}");
    // The test games hold about 3,700 positions; then random games up to 4,300 in all.
    let options =
        Options { seed: 7, positions: Some(4300), chess960_every: 2, pgn: test_games(), ..Options::default() };
    let summary = differential::run(&mut peer, &options).unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.positions >= 4300, "{summary}");
    assert!(summary.pgn_games > 0 && summary.random_games > 0, "{summary}");
    assert!(summary.chess960_positions > 0, "every second random game is Chess960: {summary}");
    assert_eq!(summary.peer_reads, summary.moves, "shakmaty reads every SAN lawbook writes: {summary}");
}

/// lawbook itself as a peer, answering through the same [`Engine`] interface,
/// with one planted lie.
struct Mirror {
    lie: Option<(usize, Lie)>,
}

#[derive(Clone, Copy)]
enum Lie {
    /// Leaves the first legal move out.
    DropMove,
    /// Writes the first legal move's SAN without its check suffix, or with one.
    San,
    /// Reads lawbook's SAN as another move.
    Read,
    /// Says a fifty-move claim is valid.
    FiftyMoveClaim,
    /// Says the game goes on where lawbook ended it.
    NoEnding,
}

impl Engine for Mirror {
    fn name(&self) -> &str {
        "mirror"
    }

    fn version(&self) -> String {
        "lawbook with one planted difference".to_string()
    }

    fn supports(&self, capability: Capability) -> bool {
        capability == Capability::Trace
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        let Answer::Trace(mut out) = BuiltIn.answer(query, question)? else {
            return Err(EngineError::Unsupported(question.capability()));
        };
        if let Some((at, lie)) = self.lie
            && let Some(facts) = out.get_mut(at)
        {
            match lie {
                Lie::DropMove => {
                    let first = *facts.moves.keys().next().expect("a legal move");
                    facts.moves.remove(&first);
                }
                Lie::San => {
                    let san = facts.moves.values_mut().next().expect("a legal move");
                    if san.ends_with('+') {
                        san.pop();
                    } else {
                        san.push('+');
                    }
                }
                Lie::Read => facts.reads[0] = Some("a1a1".parse().expect("UCI")),
                Lie::FiftyMoveClaim => facts.can_claim_fifty_moves = true,
                Lie::NoEnding => {
                    facts.outcome = None;
                    facts.can_claim_threefold = true;
                }
            }
        }
        Ok(Answer::Trace(out))
    }
}

fn mirror(lie: Option<(usize, Lie)>) -> Peer {
    Peer::new(Box::new(Mirror { lie }), "mirror".into(), KnownDifferences::default()).expect("a peer")
}

fn run_against(mut peer: Peer, read_san: ReadSan) -> Result<Summary, Failure> {
    let options = Options { seed: 3, games: Some(3), read_san, ..Options::default() };
    differential::run(&mut peer, &options)
}

fn disagreement(result: Result<Summary, Failure>) -> differential::Disagreement {
    match result {
        Err(Failure::Disagreement(d)) => *d,
        other => panic!("expected a disagreement, got {other:?}"),
    }
}

#[test]
fn lawbook_agrees_with_itself_through_the_peer_interface() {
    for read_san in [ReadSan::All, ReadSan::Played] {
        let summary = run_against(mirror(None), read_san).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(summary.random_games, 3);
        assert!(summary.positions > 100, "{summary}");
        assert!(summary.explained.is_empty());
    }
}

#[test]
fn a_missing_legal_move_is_reported_with_the_position_and_both_answers() {
    let d = disagreement(run_against(mirror(Some((7, Lie::DropMove))), ReadSan::All));
    assert_eq!(d.ply, 7);
    assert_eq!(d.question, "the legal moves (UCI)");
    assert_eq!(d.game.label, "random game 1 (seed 3)");
    assert_eq!(d.san_history.len(), 7);
    assert!(d.lawbook.contains("not listed by the peer: [\""), "{d}");
    assert!(d.theirs.contains("not listed by lawbook: []"), "{d}");
    let text = d.to_string();
    assert!(text.starts_with("DISAGREEMENT between lawbook and mirror on: the legal moves"), "{text}");
    let seven: Vec<String> = d.game.query.moves[..7].iter().map(UciMove::to_string).collect();
    assert!(text.contains(&d.fen) && text.contains(&seven.join(" ")), "{text}");
    // The FEN names the position after the seven moves.
    let after = PositionQuery { moves: d.game.query.moves[..7].to_vec(), ..d.game.query.clone() };
    assert_eq!(lawbook_notation::fen::write(&after.position().unwrap()), d.fen);
}

#[test]
fn every_kind_of_planted_lie_is_caught() {
    let cases = [
        (Lie::San, "the SAN of "),
        (Lie::Read, "which move lawbook's SAN "),
        (Lie::FiftyMoveClaim, "a fifty-move claim is valid"),
    ];
    for (lie, question) in cases {
        let d = disagreement(run_against(mirror(Some((12, lie))), ReadSan::All));
        assert_eq!(d.ply, 12);
        assert!(d.question.starts_with(question), "{d}");
    }
}

#[test]
fn a_dead_position_is_accepted_only_from_a_peer_that_declares_it() {
    // A locked pawn wall: lawbook ends the game at once (FIDE 5.2.2); a peer
    // that knows only the material rule lets it go on.
    let query = PositionQuery {
        fen: "8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/5K2 w - - 0 1".into(),
        moves: Vec::new(),
        chess960: false,
        automatic_fifty_moves: false,
    };
    let game = GameRecord { label: "pawn wall".into(), query };
    let ours = vec![lawbook_engines::traced_position(&lawbook_outcome::Game::new(game.query.position().unwrap()))];
    assert_eq!(ours[0].outcome, Some(Outcome::draw(Reason::DeadPosition)));
    let reads = vec![ours[0].moves.values().cloned().collect::<Vec<_>>()];
    let theirs = Mirror { lie: Some((0, Lie::NoEnding)) }.trace(&game.query, reads).unwrap();
    let mut summary = Summary { peer: "mirror".into(), ..Summary::default() };
    let unaware = KnownDifferences::default();
    let d = differential::compare_game(&game, &ours, &theirs, unaware, ReadSan::All, &mut summary)
        .expect_err("an undeclared difference is a disagreement");
    assert_eq!(d.question, "the ending the position brings by itself");
    assert_eq!(d.lawbook, "1/2-1/2 by dead_position");
    assert_eq!(d.theirs, "none: the game goes on");
    let known = KnownDifferences { dead_positions_beyond_material: true, ..KnownDifferences::default() };
    differential::compare_game(&game, &ours, &theirs, known, ReadSan::All, &mut summary).unwrap();
    assert_eq!(summary.explained.get(EXPLAINED_DEAD), Some(&1));
    assert_eq!(summary.positions, 1);
    // Declared, but the peer calls it insufficient material while saying the game goes on: not the known difference.
    let mut odd = theirs.clone();
    odd[0].insufficient_material = ByColor::new(true, true);
    assert!(differential::compare_game(&game, &ours, &odd, known, ReadSan::All, &mut summary).is_err());
}

/// python-chess through its JSON-lines adapter, when it is installed.
#[test]
fn lawbook_agrees_with_python_chess_when_installed() {
    let installed =
        std::process::Command::new("python3").args(["-c", "import chess"]).output().is_ok_and(|o| o.status.success());
    if !installed {
        eprintln!("python-chess is not installed (pip install chess); skipping");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut spec = registry().into_iter().find(|s| s.name == "python-chess").expect("python-chess in the registry");
    spec.args = vec![root.join("../../conformance/adapters/python-chess/adapter.py").to_string_lossy().into_owned()];
    let mut peer = differential::peer_named("python-chess", &[spec]).unwrap_or_else(|e| panic!("{e}"));
    let options =
        Options { seed: 11, games: Some(2), pgn: test_games(), read_san: ReadSan::Played, ..Options::default() };
    assert!(peer.known.dead_positions_beyond_material && peer.known.insufficient_material_before_stalemate);
    let summary = differential::run(&mut peer, &options).unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.positions > 100, "{summary}");
    assert!(summary.peer.starts_with("python-chess"), "{summary}");
}

/// chessops through its JSON-lines adapter, when node and chessops are installed.
#[test]
fn lawbook_agrees_with_chessops_when_installed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let node = std::process::Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if !node || !root.join("../../conformance/adapters/chessops/node_modules/chessops").is_dir() {
        eprintln!(
            "node or chessops is not installed (npm install --prefix conformance/adapters/chessops chessops); skipping"
        );
        return;
    }
    let mut spec = registry().into_iter().find(|s| s.name == "chessops").expect("chessops in the registry");
    spec.args = vec![root.join("../../conformance/adapters/chessops/adapter.mjs").to_string_lossy().into_owned()];
    let mut peer = differential::peer_named("chessops", &[spec]).unwrap_or_else(|e| panic!("{e}"));
    assert!(peer.chess960, "{peer:?}");
    let options = Options { seed: 13, games: Some(4), pgn: test_games(), read_san: ReadSan::All, ..Options::default() };
    let summary = differential::run(&mut peer, &options).unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.positions > 100, "{summary}");
    assert!(summary.peer.starts_with("chessops"), "{summary}");
}

/// The registry entry of the fake peer `tests/fakes/peer.sh`, named
/// `name`, whose hello announces `supports` and whose every other reply is
/// `reply` (its fields after the id).
fn fake_peer(name: &str, supports: &str, reply: &str) -> Vec<lawbook_engines::registry::EngineSpec> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes/peer.sh");
    let yaml = format!(
        "engines:\n  - name: {name}\n    protocol: jsonl\n    command: /bin/sh\n    args: {}\n",
        serde_json::json!([script.to_string_lossy(), supports, reply])
    );
    lawbook_engines::registry::parse(&yaml).expect("a valid registry entry")
}

/// A JSON-lines engine whose `trace` replies are `trace_reply`.
fn fake_jsonl(trace_reply: &str) -> Result<Peer, String> {
    differential::peer_named("fake", &fake_peer("fake", r#""hello","trace""#, trace_reply))
}

#[test]
fn a_json_lines_peer_that_answers_badly_is_an_error_not_a_pass() {
    let options = Options { games: Some(1), chess960_every: 0, ..Options::default() };
    // Too few positions for the game: a disagreement on the game's length.
    let mut short = fake_jsonl(r#""positions":[]"#).unwrap_or_else(|e| panic!("{e}"));
    let d = disagreement(differential::run(&mut short, &options));
    assert_eq!(d.question, "how many positions the game has");
    // No positions at all, or an error reply: the run cannot go on.
    for reply in [r#""nothing":1"#, r#""error":{"kind":"internal","message":"boom"}"#] {
        let mut broken = fake_jsonl(reply).unwrap_or_else(|e| panic!("{e}"));
        match differential::run(&mut broken, &options) {
            Err(Failure::Error(e)) => assert!(e.contains("fake could not answer"), "{e}"),
            other => panic!("expected an error, got {other:?}"),
        }
    }
}

#[test]
fn a_json_lines_engine_without_trace_cannot_be_a_peer() {
    // It announces no trace.
    let specs = fake_peer("serve", r#""hello""#, "");
    let err = differential::peer_named("serve", &specs).expect_err("refused");
    assert!(err.contains("does not answer the trace request"), "{err}");
    let err = differential::peer_named("nobody", &specs).expect_err("refused");
    assert!(err.contains("no peer named"), "{err}");
}
