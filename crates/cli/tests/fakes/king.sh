#!/bin/sh
# Fakes a JSON-lines engine that lists the white king's five steps from e1; used by tests/cli/check.rs.
# sh king.sh [castles|odd]: castles lists castling too (and a rook move) where White may castle short;
# odd names a feature in its hello that no version of the protocol can have.
mode=$1
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -e 's/^{"id":\([0-9]*\).*/\1/')
  case "$mode:$line" in
    odd:*'"request":"hello"'*) printf '{"id":%s,"protocol":1,"engine":"odd 1.0","supports":["legal_moves"],"features":["Chess 960!"]}\n' "$id" ;;
    *'"request":"hello"'*) printf '{"id":%s,"protocol":1,"engine":"king 1.0","supports":["legal_moves"],"features":[]}\n' "$id" ;;
    castles:*' w K '*) printf '{"id":%s,"moves":["e1d1","e1d2","e1e2","e1f2","e1g1","h1h8"]}\n' "$id" ;;
    *) printf '{"id":%s,"moves":["e1d1","e1d2","e1e2","e1f1","e1f2"]}\n' "$id" ;;
  esac
done
