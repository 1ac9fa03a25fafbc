#!/usr/bin/env node
// chessops speaking lawbook's JSON-lines rules protocol, version 1.
//
// See conformance/PROTOCOL.md. Every answer about the rules is chessops's own
// (npm package `chessops` 0.15, lichess's rules in TypeScript, installed
// beside this file with `npm install --prefix conformance/adapters/chessops
// chessops`); this file translates, and counts what chessops leaves to its
// caller from chessops's own positions (see "game" below).
//
//     node conformance/adapters/chessops/adapter.mjs
//
// What chessops answers, and how:
// - The position: `parseFen` and `Chess.fromSetup` (a FEN either refuses is
//   `bad_fen`), then each move played with `play` once `isLegal` accepts it
//   (otherwise `illegal_move`). chessops plays standard chess and Chess960
//   with one set of rules: its castling rights are rook squares
//   (`Castles.fromSetup`), so Chess960 is understood whatever the flag; the
//   `chess960` flag only decides how castling is written in UCI.
// - Moves in UCI: chessops's castling move is the king taking its own rook
//   (`makeUci` writes `e1h1`). In standard chess this adapter writes it as the
//   king's two-square step (`e1g1`, `kingCastlesTo`) and reads `e1g1` with
//   chessops's `normalizeMove`; with `chess960` it is written and read as the
//   king taking its rook. chessops's `isLegal` also reads the other way of
//   writing castling (and any king move of two squares in the square
//   numbering, such as g1a2) as castling; the protocol gives those texts
//   another meaning (the king moving there), so they are answered as not
//   legal and never passed to `isLegal` or `play`.
// - legal_moves: `allDests()`, a pawn move to the last rank once for each of
//   queen, rook, bishop and knight (the promotions `isLegal` accepts).
// - is_legal: `isLegal` on the move the text means (above).
// - status: `isCheck`, the checkers of `ctx()`, `isCheckmate`, `isStalemate`.
// - play: `isLegal` on the move the text means, then `play`; the position
//   after is `makeFen(pos.toSetup())`. A promotion to a king is given to
//   `isLegal` as read by `parseUci`; `0000` (a pass) is no chessops move and
//   is refused.
// - board: `makeBoardFen`.
// - game: chessops's `outcome()` judges mate, stalemate and insufficient
//   material (named `stalemate` when `isStalemate()`, otherwise
//   `insufficient_material`); `hasInsufficientMaterial(color)`;
//   dead_position is `isInsufficientMaterial()`, the only proof chessops has.
//   chessops keeps no game history and has no repetition, fifty- or
//   seventy-five-move rule, so this adapter counts them from chessops's own
//   positions and moves, as lawbook's shakmaty adapter does:
//   * two positions are the same when chessops writes the same FEN without
//     the clocks (`makeFen(pos.toSetup(), {epd: true})`: pieces, side to
//     move, castling rights, and the en passant square only when chessops
//     has a legal capture there, as in its `equalsIgnoreMoves`);
//     repetitions counts the positions of the game equal to the current one;
//   * the seventy-five-move rule (and fifty moves with
//     `automatic_fifty_moves`) reads chessops's `halfmoves`; fivefold
//     repetition reads the count above; a mate found by `outcome()` comes
//     first;
//   * a threefold claim is valid at the third occurrence or when some legal
//     move makes it; a fifty-move claim at 100 half-moves, or at 99 when some
//     legal move leaves chessops's `halfmoves` above 0 (no capture or pawn
//     move); both false once the game has ended.
// - trace (every position of a game, for differential testing): the FEN by
//   `makeFen(pos.toSetup())` (en passant square only when a capture is legal,
//   castling as K/Q or the rook's file), the legal moves above with
//   `makeSan` of each, the status and game answers above, and each text of
//   `read_san` read with `parseSan` (null when chessops reads no move).

import { Refusal, installedVersion, positionOf, serve } from '../jsonl-session.mjs';

const PROTOCOL = 1;
const SUPPORTS = ['hello', 'legal_moves', 'is_legal', 'play', 'status', 'game', 'board', 'trace'];
const FEATURES = ['chess960', 'automatic_fifty_moves', 'checkers'];
const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight'];

let ops;
try {
  const [main, fen, san, chess] = await Promise.all([
    import('chessops'),
    import('chessops/fen'),
    import('chessops/san'),
    import('chessops/chess'),
  ]);
  ops = { ...main, ...fen, ...san, castlingSide: chess.castlingSide, normalizeMove: chess.normalizeMove };
} catch (e) {
  process.stderr.write(
    'chessops is not installed: npm install --prefix conformance/adapters/chessops chessops\n',
  );
  process.exit(3);
}

const ENGINE = `chessops ${installedVersion(import.meta.url, 'chessops')}`;

const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
// A move as `play` takes it: also a promotion to a king, and 0000, a pass.
const TRIED = /^(?:[a-h][1-8][a-h][1-8][qrbnk]?|0000)$/;

const sameRank = (a, b) => ops.squareRank(a) === ops.squareRank(b);

// The chessops move a UCI text means (see the header), or null when the text
// names a king move that chessops would read as castling and the protocol
// does not (not a move chessops lists).
function readMove(pos, text, chess960) {
  const move = ops.parseUci(text);
  const side = ops.castlingSide(pos, move);
  if (side === undefined || pos.board.kingOf(pos.turn) !== move.from) return move;
  const rook = pos.castles.rook[pos.turn][side];
  const castles = chess960
    ? move.to === rook
    : sameRank(move.from, move.to) && Math.abs(move.to - move.from) === 2 && rook !== undefined;
  if (!castles) return null;
  return chess960 ? move : ops.normalizeMove(pos, move);
}

// A chessops move of `pos` in the protocol's UCI.
function writeMove(pos, move, chess960) {
  if (!chess960 && pos.board.king.has(move.from) && pos.board[pos.turn].has(move.to)) {
    // chessops's castling: the king takes its own rook.
    const side = move.to > move.from ? 'h' : 'a';
    return ops.makeUci({ from: move.from, to: ops.kingCastlesTo(pos.turn, side) });
  }
  return ops.makeUci(move);
}

// Every legal move of `pos`, as chessops moves.
function legalMoves(pos) {
  const moves = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allDests(ctx)) {
    const pawn = pos.board.pawn.has(from);
    for (const to of dests) {
      if (pawn && (ops.squareRank(to) === 0 || ops.squareRank(to) === 7)) {
        for (const promotion of PROMOTIONS) moves.push({ from, to, promotion });
      } else {
        moves.push({ from, to });
      }
    }
  }
  return moves;
}

// In standard chess the protocol writes castling as the king's two-square
// step from e1 or e8 towards a rook in the corner; other castling rights have
// no standard UCI.
function checkStandardCastling(pos) {
  for (const color of ['white', 'black']) {
    for (const side of ['a', 'h']) {
      const rook = pos.castles.rook[color][side];
      if (rook === undefined) continue;
      const king = pos.board.kingOf(color);
      const home = color === 'white' ? 0 : 7;
      if (ops.squareFile(king) !== 4 || ops.squareFile(rook) !== (side === 'a' ? 0 : 7) || ops.squareRank(rook) !== home) {
        throw new Refusal(
          'unsupported',
          `castling with the rook on ${ops.makeSquare(rook)} has no standard-chess UCI; ask with "chess960": true`,
        );
      }
    }
  }
}

// Where the request's game starts, its moves, and its flags.
function startOf(request) {
  const { fen, moves, chess960, automaticFiftyMoves } = positionOf(request);
  const text = fen === 'startpos' ? ops.INITIAL_FEN : fen;
  const setup = ops.parseFen(text);
  if (setup.isErr) throw new Refusal('bad_fen', `chessops cannot read the FEN: ${setup.error.message}`);
  const pos = ops.Chess.fromSetup(setup.value);
  if (pos.isErr) throw new Refusal('bad_fen', `chessops refuses the position: ${pos.error.message}`);
  if (!chess960) checkStandardCastling(pos.value);
  return { pos: pos.value, moves, chess960, automaticFiftyMoves };
}

// Plays move `i` (0-based) of the request's list on `pos`, or refuses it.
function play(pos, i, text, chess960) {
  const shown = text.slice(0, 40);
  if (!UCI.test(text)) throw new Refusal('illegal_move', `move ${i + 1} of the list (${shown}) is not UCI`);
  const move = readMove(pos, text, chess960);
  if (move === null || !pos.isLegal(move)) {
    throw new Refusal('illegal_move', `move ${i + 1} of the list (${shown}) is not legal for chessops`);
  }
  pos.play(move);
}

// chessops's FEN of a position without the clocks: the same text, the same
// position (FIDE 9.2.3).
const key = (pos) => ops.makeFen(pos.toSetup(), { epd: true });

// A game: every position from the start (the last one current) and its key.
function gameOf(request) {
  const { pos, moves, chess960, automaticFiftyMoves } = startOf(request);
  const positions = [pos.clone()];
  moves.forEach((text, i) => {
    play(pos, i, text, chess960);
    positions.push(pos.clone());
  });
  return { positions, chess960, automaticFiftyMoves };
}

function currentOf(request) {
  const game = gameOf(request);
  return { pos: game.positions[game.positions.length - 1], ...game };
}

const COLORS = ['white', 'black'];

// The draw rules at a position, given how often each key occurred in the
// game up to and including it (see the header).
function stateOf(pos, counts, automaticFiftyMoves) {
  const repetitions = counts.get(key(pos)) ?? 0;
  let outcome = null;
  const judged = pos.outcome();
  if (judged !== undefined) {
    if (judged.winner !== undefined) outcome = { result: judged.winner === 'white' ? '1-0' : '0-1', reason: 'checkmate' };
    else outcome = { result: '1/2-1/2', reason: pos.isStalemate() ? 'stalemate' : 'insufficient_material' };
  } else if (pos.halfmoves >= 150) {
    outcome = { result: '1/2-1/2', reason: 'seventyfive_moves' };
  } else if (repetitions >= 5) {
    outcome = { result: '1/2-1/2', reason: 'fivefold_repetition' };
  } else if (automaticFiftyMoves && pos.halfmoves >= 100) {
    outcome = { result: '1/2-1/2', reason: 'fifty_moves' };
  }
  const goingOn = outcome === null;
  let threefold = false;
  let fifty = false;
  if (goingOn) {
    threefold = repetitions >= 3;
    fifty = pos.halfmoves >= 100;
    // A move can make a third occurrence only of a position seen twice already.
    let seekThird = !threefold && [...counts.values()].some((n) => n >= 2);
    let seekFifty = !fifty && pos.halfmoves >= 99;
    for (const move of seekThird || seekFifty ? legalMoves(pos) : []) {
      const after = pos.clone();
      after.play(move);
      if (seekThird && (counts.get(key(after)) ?? 0) + 1 >= 3) threefold = true;
      if (seekFifty && after.halfmoves > 0) fifty = true;
      seekThird &&= !threefold;
      seekFifty &&= !fifty;
      if (!seekThird && !seekFifty) break;
    }
  }
  return {
    outcome,
    insufficient_material: Object.fromEntries(COLORS.map((c) => [c, pos.hasInsufficientMaterial(c)])),
    dead_position: pos.isInsufficientMaterial(),
    repetitions,
    can_claim_threefold: threefold,
    can_claim_fifty_moves: fifty,
  };
}

function countKeys(positions) {
  const counts = new Map();
  for (const p of positions) {
    const k = key(p);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

function statusOf(pos) {
  const ctx = pos.ctx();
  return {
    in_check: pos.isCheck(),
    checkers: [...ctx.checkers].map(ops.makeSquare),
    checkmate: pos.isCheckmate(ctx),
    stalemate: pos.isStalemate(ctx),
  };
}

function readSan(pos, text, chess960) {
  const move = ops.parseSan(pos, text);
  return move === undefined ? null : writeMove(pos, move, chess960);
}

function trace(request) {
  const reads = request.read_san ?? [];
  if (!Array.isArray(reads) || !reads.every((r) => Array.isArray(r) && r.every((t) => typeof t === 'string'))) {
    throw new Refusal('bad_request', '"read_san" must be an array of arrays of strings');
  }
  const { positions, chess960 } = gameOf(request);
  const counts = new Map();
  return {
    positions: positions.map((pos, i) => {
      const k = key(pos);
      counts.set(k, (counts.get(k) ?? 0) + 1);
      const moves = legalMoves(pos);
      const state = stateOf(pos, counts, false);
      return {
        fen: ops.makeFen(pos.toSetup()),
        moves: moves.map((m) => writeMove(pos, m, chess960)),
        san: moves.map((m) => ops.makeSan(pos, m)),
        ...statusOf(pos),
        insufficient_material: state.insufficient_material,
        outcome: state.outcome,
        repetitions: state.repetitions,
        can_claim_threefold: state.can_claim_threefold,
        can_claim_fifty_moves: state.can_claim_fifty_moves,
        read: (reads[i] ?? []).map((text) => readSan(pos, text, chess960)),
      };
    }),
  };
}

function answer(request) {
  const name = request.request;
  if (typeof name !== 'string') throw new Refusal('bad_request', 'no "request" field: which request is this?');
  switch (name) {
    case 'hello':
      return { protocol: PROTOCOL, engine: ENGINE, supports: SUPPORTS, features: FEATURES };
    case 'legal_moves': {
      const { pos, chess960 } = currentOf(request);
      return { moves: legalMoves(pos).map((m) => writeMove(pos, m, chess960)) };
    }
    case 'is_legal': {
      if (typeof request.move !== 'string') {
        throw new Refusal('bad_request', 'is_legal needs "move": a UCI move such as "e2e4"');
      }
      if (!UCI.test(request.move)) {
        throw new Refusal('bad_request', `${JSON.stringify(request.move.slice(0, 40))} is not a UCI move`);
      }
      const { pos, chess960 } = currentOf(request);
      const move = readMove(pos, request.move, chess960);
      return { legal: move !== null && pos.isLegal(move) };
    }
    case 'play': {
      if (typeof request.move !== 'string' || !TRIED.test(request.move)) {
        throw new Refusal('bad_request', 'play needs "move": a UCI move such as "e2e4", or "0000"');
      }
      const { pos, chess960 } = currentOf(request);
      const move = request.move === '0000' ? null : readMove(pos, request.move, chess960);
      const accepted = move !== null && move !== undefined && pos.isLegal(move);
      if (accepted) pos.play(move);
      return { accepted, fen: ops.makeFen(pos.toSetup()) };
    }
    case 'status':
      return statusOf(currentOf(request).pos);
    case 'game': {
      const { pos, positions, automaticFiftyMoves } = currentOf(request);
      return stateOf(pos, countKeys(positions), automaticFiftyMoves);
    }
    case 'board':
      return { placement: ops.makeBoardFen(currentOf(request).pos.board) };
    case 'trace':
      return trace(request);
    default:
      throw new Refusal('unknown_request', `${JSON.stringify(name.slice(0, 40))} is not a request of protocol version ${PROTOCOL}`);
  }
}

serve(answer);
