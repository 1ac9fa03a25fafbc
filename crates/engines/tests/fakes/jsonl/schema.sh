#!/bin/sh
# Fakes a JSON-lines engine whose replies break the protocol schema; used by tests/engines/jsonl.rs.
# sh schema.sh HELLO OUTCOME: its hello reply's fields, its game reply's outcome.
hello=$1
outcome=$2
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -e 's/^{"id":\([0-9]*\).*/\1/')
  case "$line" in
    *'"request":"hello"'*) printf '{"id":%s,%s}\n' "$id" "$hello" ;;
    *'"request":"status"'*) printf '{"id":%s,"in_check":"no","checkers":[],"checkmate":false,"stalemate":false}\n' "$id" ;;
    *'"request":"legal_moves"'*) printf '{"id":%s,"movez":["e2e4"]}\n' "$id" ;;
    *'"request":"game"'*) printf '{"id":%s,"outcome":%s,"insufficient_material":null,"dead_position":false,"repetitions":1,"can_claim_threefold":null,"can_claim_fifty_moves":null}\n' "$id" "$outcome" ;;
    *'"request":"is_legal"'*) printf '{"id":%s,"legal":true,"why":"a field of a later revision"}\n' "$id" ;;
    *'"request":"board"'*) printf '{"id":%s,"error":{"kind":"unsuported","message":"no board here"}}\n' "$id" ;;
  esac
done
