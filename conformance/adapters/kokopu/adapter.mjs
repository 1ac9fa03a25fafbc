// kokopu (npm) behind lawbook's JSON-lines rules protocol
// (conformance/PROTOCOL.md): one request a line on standard input, one reply
// a line on standard output.
//
// Every rule fact is kokopu's own: legal moves (`moves()`, `uci()`), check
// and mate (`isCheck()`, `isCheckmate()`, `isStalemate()`), the checking
// pieces (`getAttacks()` on the king's square), the dead position
// (`isDead()`, kokopu's FIDE test from the material) and the validity of a
// position (`isLegal()`). kokopu has no per-side material test, no
// repetition count and no fifty- or seventy-five-move rule, so those
// answers are `null`, and there is no `trace` (it needs them all).

import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { Position } from 'kokopu';

const VERSION = createRequire(import.meta.url)('kokopu/package.json').version;
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const UCI = /^[a-h][1-8][a-h][1-8][qrbnk]?$/;

/** An error reply's cause. */
class Refusal extends Error {
    constructor(kind, message) {
        super(message);
        this.kind = kind;
    }
}

/** The legal moves of `pos` in UCI, as kokopu writes them. */
function legalMoves(pos) {
    return pos.moves().map(m => pos.uci(m));
}

/** The position the request's `position` names, after its moves. */
function replay(request) {
    const given = request.position;
    if (typeof given !== 'object' || given === null || Array.isArray(given) || typeof given.fen !== 'string') {
        throw new Refusal('bad_request', 'the request needs a position with a fen');
    }
    const moves = given.moves ?? [];
    const chess960 = given.chess960 ?? false;
    if (!Array.isArray(moves) || moves.some(m => typeof m !== 'string') || typeof chess960 !== 'boolean'
        || typeof (given.automatic_fifty_moves ?? false) !== 'boolean') {
        throw new Refusal('bad_request', 'moves must be a list of strings, chess960 and automatic_fifty_moves booleans');
    }
    if (given.automatic_fifty_moves) {
        throw new Refusal('unsupported', 'kokopu has no fifty-move rule');
    }
    const fen = given.fen === 'startpos' ? START : given.fen;
    let pos;
    try {
        pos = chess960 ? new Position('chess960', fen) : new Position(fen);
    } catch (e) {
        throw new Refusal('bad_fen', `kokopu cannot read the FEN: ${e.message}`);
    }
    if (!pos.isLegal()) {
        throw new Refusal('bad_fen', 'kokopu calls the position not legal');
    }
    moves.forEach((text, i) => {
        const descriptor = UCI.test(text) ? uciMove(pos, text) : null;
        if (descriptor === null) {
            throw new Refusal('illegal_move', `move ${i + 1} of the list (${text}) is not legal`);
        }
        pos.play(descriptor);
    });
    return pos;
}

/** kokopu's move for the UCI text, or null when it refuses it. */
function uciMove(pos, text) {
    try {
        // Strict: in standard chess castling is only the king's two-square step, as UCI writes it.
        return pos.uci(text, true);
    } catch {
        return null;
    }
}

function moveField(request, pattern) {
    if (typeof request.move !== 'string' || !pattern.test(request.move)) {
        throw new Refusal('bad_request', 'move must be a move in UCI');
    }
    return request.move;
}

function status(pos) {
    const king = pos.kingSquare(pos.turn());
    const them = pos.turn() === 'w' ? 'b' : 'w';
    return {
        in_check: pos.isCheck(),
        checkers: pos.isCheck() && king ? pos.getAttacks(king, them) : [],
        checkmate: pos.isCheckmate(),
        stalemate: pos.isStalemate(),
    };
}

function game(pos) {
    let outcome = null;
    if (pos.isCheckmate()) {
        outcome = { result: pos.turn() === 'w' ? '0-1' : '1-0', reason: 'checkmate' };
    } else if (pos.isStalemate()) {
        outcome = { result: '1/2-1/2', reason: 'stalemate' };
    } else if (pos.isDead()) {
        // isDead() is kokopu's test of the material (FIDE 5.2.2 by the material alone).
        outcome = { result: '1/2-1/2', reason: 'insufficient_material' };
    }
    return {
        outcome,
        insufficient_material: { white: null, black: null },
        dead_position: pos.isDead(),
        repetitions: null,
        can_claim_threefold: null,
        can_claim_fifty_moves: null,
    };
}

const SUPPORTS = ['hello', 'legal_moves', 'is_legal', 'play', 'status', 'game', 'board'];
const KNOWN = new Set([...SUPPORTS, 'trace']);

function answer(request) {
    if (typeof request.request !== 'string') {
        throw new Refusal('bad_request', 'the request needs a name');
    }
    if (!KNOWN.has(request.request)) {
        throw new Refusal('unknown_request', `no request ${request.request}`);
    }
    switch (request.request) {
        case 'hello':
            return { protocol: 1, engine: `kokopu ${VERSION}`, supports: SUPPORTS, features: ['chess960', 'checkers'] };
        case 'legal_moves':
            return { moves: legalMoves(replay(request)) };
        case 'is_legal': {
            const move = moveField(request, UCI);
            return { legal: legalMoves(replay(request)).includes(move) };
        }
        case 'play': {
            const move = moveField(request, /^([a-h][1-8][a-h][1-8][qrbnk]?|0000)$/);
            const pos = replay(request);
            const descriptor = move === '0000' ? null : uciMove(pos, move);
            if (descriptor !== null) {
                pos.play(descriptor);
            }
            return { accepted: descriptor !== null, fen: pos.fen() };
        }
        case 'status':
            return status(replay(request));
        case 'game':
            return game(replay(request));
        case 'board':
            return { placement: replay(request).fen().split(' ')[0] };
        default:
            throw new Refusal('unsupported', `kokopu does not answer ${request.request}`);
    }
}

function reply(line) {
    let request;
    try {
        request = JSON.parse(line);
    } catch (e) {
        return { id: null, error: { kind: 'bad_json', message: e.message } };
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
        return { id: null, error: { kind: 'bad_json', message: 'not a JSON object' } };
    }
    const id = request.id ?? null;
    try {
        return { id, ...answer(request) };
    } catch (e) {
        if (e instanceof Refusal) {
            return { id, error: { kind: e.kind, message: e.message } };
        }
        return { id, error: { kind: 'internal', message: String(e?.stack ?? e) } };
    }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', line => {
    if (line.trim() === '') {
        return;
    }
    process.stdout.write(JSON.stringify(reply(line.replace(/\r$/, ''))) + '\n');
});
lines.on('close', () => process.exit(0));
