#!/usr/bin/env node
// chess.js speaking lawbook's JSON-lines rules protocol, version 1.
//
// See conformance/PROTOCOL.md. Every answer is chess.js's own (npm package
// `chess.js` 1.x, installed beside this file with
// `npm install --prefix conformance/adapters/chess.js`); this file only translates.
//
//     node conformance/adapters/chess.js/adapter.mjs
//
// What chess.js answers, and how:
// - legal_moves: `moves({verbose: true})`, written from + to + promotion
//   (castling as the king's two-square step).
// - is_legal: `move({from, to, promotion})`, which throws for an illegal move.
// - play: the same `move({from, to, promotion})`, the promotion letter as
//   given (a king included); the position after is `fen()`. chess.js has no
//   way to play a pass: `0000` is refused.
// - status: `isCheck`, `attackers(king square, opponent)` for the checkers,
//   `isCheckmate`, `isStalemate`.
// - game: the outcome as chess.js ends games: `isCheckmate`, `isStalemate`,
//   `isInsufficientMaterial`, `isDrawByFiftyMoves`, `isThreefoldRepetition`
//   (chess.js draws at fifty moves and at the third occurrence by itself, and
//   knows no seventy-five-move or fivefold rule); dead_position is
//   `isInsufficientMaterial()`, its only proof of a dead position;
//   repetitions counts the positions of the game with the current `hash()`,
//   the key chess.js counts repetitions by. chess.js has no per-side
//   material test and no notion of a claim: insufficient_material,
//   can_claim_threefold and can_claim_fifty_moves are null (not judged).
// - board: the first field of `fen()`.
// - No Chess960: such positions are `unsupported`. A FEN chess.js refuses is
//   `bad_fen`; a move it refuses is `illegal_move`.

import { Refusal, installedVersion, positionOf, serve } from '../jsonl-session.mjs';

const PROTOCOL = 1;
const SUPPORTS = ['hello', 'legal_moves', 'is_legal', 'play', 'status', 'game', 'board'];
const FEATURES = ['checkers'];
const STARTPOS = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

let Chess;
try {
  ({ Chess } = await import('chess.js'));
} catch (e) {
  process.stderr.write(
    'chess.js is not installed: npm install --prefix conformance/adapters/chess.js\n',
  );
  process.exit(3);
}

const ENGINE = `chess.js ${installedVersion(import.meta.url, 'chess.js')}`;

const UCI = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/;
// A move as `play` takes it: also a promotion to a king, and 0000, a pass.
const TRIED = /^(?:([a-h][1-8])([a-h][1-8])([qrbnk])?|0000)$/;

// The chess.js game after the moves of the request's position, and the
// chess.js hash of every position on the way.
function gameOf(request) {
  const { fen, moves, chess960 } = positionOf(request);
  if (chess960) {
    throw new Refusal('unsupported', 'chess.js does not play Chess960');
  }
  let chess;
  try {
    chess = new Chess(fen === 'startpos' ? STARTPOS : fen);
  } catch (e) {
    throw new Refusal('bad_fen', `chess.js refuses the FEN: ${e.message}`);
  }
  const hashes = [chess.hash()];
  moves.forEach((text, i) => {
    const parts = UCI.exec(text);
    if (!parts) {
      throw new Refusal('illegal_move', `move ${i + 1} of the list (${text.slice(0, 40)}) is not UCI`);
    }
    try {
      chess.move({ from: parts[1], to: parts[2], promotion: parts[3] });
    } catch (e) {
      throw new Refusal('illegal_move', `move ${i + 1} of the list (${text}): ${e.message}`);
    }
    hashes.push(chess.hash());
  });
  return { chess, hashes };
}

function outcome(chess) {
  const draw = (reason) => ({ result: '1/2-1/2', reason });
  if (chess.isCheckmate()) return { result: chess.turn() === 'w' ? '0-1' : '1-0', reason: 'checkmate' };
  if (chess.isStalemate()) return draw('stalemate');
  if (chess.isInsufficientMaterial()) return draw('insufficient_material');
  if (chess.isDrawByFiftyMoves()) return draw('fifty_moves');
  if (chess.isThreefoldRepetition()) return draw('threefold_repetition');
  return null;
}

function answer(request) {
  const name = request.request;
  if (typeof name !== 'string') throw new Refusal('bad_request', 'no "request" field: which request is this?');
  switch (name) {
    case 'hello':
      return { protocol: PROTOCOL, engine: ENGINE, supports: SUPPORTS, features: FEATURES };
    case 'legal_moves': {
      const { chess } = gameOf(request);
      return { moves: chess.moves({ verbose: true }).map((m) => m.from + m.to + (m.promotion ?? '')) };
    }
    case 'is_legal': {
      if (typeof request.move !== 'string') {
        throw new Refusal('bad_request', 'is_legal needs "move": a UCI move such as "e2e4"');
      }
      const parts = UCI.exec(request.move);
      if (!parts) throw new Refusal('bad_request', `${JSON.stringify(request.move.slice(0, 40))} is not a UCI move`);
      const { chess } = gameOf(request);
      try {
        chess.move({ from: parts[1], to: parts[2], promotion: parts[3] });
        return { legal: true };
      } catch (e) {
        return { legal: false };
      }
    }
    case 'play': {
      const parts = typeof request.move === 'string' ? TRIED.exec(request.move) : null;
      if (!parts) throw new Refusal('bad_request', 'play needs "move": a UCI move such as "e2e4", or "0000"');
      const { chess } = gameOf(request);
      let accepted = false;
      if (parts[1]) {
        try {
          chess.move({ from: parts[1], to: parts[2], promotion: parts[3] });
          accepted = true;
        } catch (e) {
          accepted = false;
        }
      }
      return { accepted, fen: chess.fen() };
    }
    case 'status': {
      const { chess } = gameOf(request);
      const inCheck = chess.isCheck();
      const us = chess.turn();
      const [king] = chess.findPiece({ type: 'k', color: us });
      const checkers = inCheck && king ? chess.attackers(king, us === 'w' ? 'b' : 'w') : [];
      return {
        in_check: inCheck,
        checkers,
        checkmate: chess.isCheckmate(),
        stalemate: chess.isStalemate(),
      };
    }
    case 'game': {
      const { chess, hashes } = gameOf(request);
      const now = hashes[hashes.length - 1];
      return {
        outcome: outcome(chess),
        insufficient_material: null,
        dead_position: chess.isInsufficientMaterial(),
        repetitions: hashes.filter((h) => h === now).length,
        can_claim_threefold: null,
        can_claim_fifty_moves: null,
      };
    }
    case 'board': {
      const { chess } = gameOf(request);
      return { placement: chess.fen().split(' ')[0] };
    }
    case 'trace':
      // A request of the protocol this adapter does not answer (not announced by hello).
      throw new Refusal('unsupported', 'the chess.js adapter does not answer trace requests');
    default:
      throw new Refusal('unknown_request', `${JSON.stringify(name.slice(0, 40))} is not a request of protocol version ${PROTOCOL}`);
  }
}

serve(answer);
