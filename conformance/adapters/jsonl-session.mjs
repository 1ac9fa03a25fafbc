// The session half of a JSON-lines rules adapter (conformance/PROTOCOL.md),
// shared by the Node adapters: reading request lines of at most MAX_LINE
// bytes from standard input, decoding and parsing them, and writing one
// reply line each. An adapter gives `serve` its `answer(request)` function,
// which returns the reply's fields or throws a `Refusal`.

import { readFileSync } from 'node:fs';

/// The version of the npm package `name` installed beside the adapter whose
/// `import.meta.url` is `adapterUrl` (in its `node_modules`), or `unknown`.
export function installedVersion(adapterUrl, name) {
  try {
    const url = new URL(`./node_modules/${name}/package.json`, adapterUrl);
    return JSON.parse(readFileSync(url, 'utf8')).version;
  } catch (e) {
    return 'unknown';
  }
}

/// The longest request line read; a longer one gets an error reply.
export const MAX_LINE = 1 << 20;

/// A request the adapter refuses, with the protocol's error kind.
export class Refusal extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/// A boolean field of a request's position: absent or null is false.
function flag(position, name) {
  const value = position[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new Refusal('bad_request', `"${name}" must be true or false`);
  return value;
}

/// The position of a request, checked for shape only: its FEN text (or
/// `startpos`), its moves as texts, and its flags. The rules are the
/// adapter's library's to judge.
export function positionOf(request) {
  const position = request.position;
  if (typeof position !== 'object' || position === null || Array.isArray(position)) {
    throw new Refusal('bad_request', 'this request needs "position": an object with "fen" and "moves"');
  }
  if (typeof position.fen !== 'string') {
    throw new Refusal('bad_request', '"position" needs "fen": a FEN string or "startpos"');
  }
  const moves = position.moves ?? [];
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === 'string')) {
    throw new Refusal('bad_request', '"moves" must be an array of strings');
  }
  return {
    fen: position.fen,
    moves,
    chess960: flag(position, 'chess960'),
    automaticFiftyMoves: flag(position, 'automatic_fifty_moves'),
  };
}

/// The reply to one request line (bytes, without its line break), or null for a blank line.
function replyTo(bytes, answer) {
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    return { id: null, error: { kind: 'bad_json', message: 'the line is not UTF-8 text' } };
  }
  if (text.trim() === '') return null;
  let request;
  try {
    request = JSON.parse(text);
  } catch (e) {
    return { id: null, error: { kind: 'bad_json', message: e.message } };
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return { id: null, error: { kind: 'bad_json', message: 'a request is a JSON object' } };
  }
  const id = request.id ?? null;
  try {
    return { id, ...answer(request) };
  } catch (e) {
    if (e instanceof Refusal) return { id, error: { kind: e.kind, message: e.message } };
    return { id, error: { kind: 'internal', message: `${e?.name}: ${e?.message}` } };
  }
}

/// Answers the request lines of standard input with `answer` until it ends.
export function serve(answer) {
  const send = (reply) => {
    if (reply !== null) process.stdout.write(JSON.stringify(reply) + '\n');
  };
  let pending = [];
  let pendingLength = 0;
  let tooLong = false;
  const endLine = () => {
    if (tooLong) {
      send({ id: null, error: { kind: 'line_too_long', message: `the line is longer than ${MAX_LINE} bytes` } });
    } else {
      let line = Buffer.concat(pending, pendingLength);
      if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
      send(replyTo(line, answer));
    }
    pending = [];
    pendingLength = 0;
    tooLong = false;
  };
  const take = (chunk) => {
    if (tooLong) return;
    if (pendingLength + chunk.length > MAX_LINE) {
      tooLong = true;
      pending = [];
      pendingLength = 0;
      return;
    }
    pending.push(chunk);
    pendingLength += chunk.length;
  };
  process.stdout.on('error', () => process.exit(0));
  process.stdin.on('data', (data) => {
    let start = 0;
    for (;;) {
      const newline = data.indexOf(0x0a, start);
      if (newline < 0) {
        take(data.subarray(start));
        return;
      }
      take(data.subarray(start, newline));
      endLine();
      start = newline + 1;
    }
  });
  process.stdin.on('end', () => {
    if (tooLong || pendingLength > 0) endLine();
  });
}
