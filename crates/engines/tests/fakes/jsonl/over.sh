#!/bin/sh
# Fakes a JSON-lines engine whose game is over (`game_over` to everything); used by tests/engines/jsonl.rs.
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -e 's/^{"id":\([0-9]*\).*/\1/')
  case "$line" in
    *'"request":"hello"'*) printf '{"id":%s,"protocol":1,"engine":"over 1","supports":["hello","is_legal","play","status"],"features":[]}\n' "$id" ;;
    *) printf '{"id":%s,"error":{"kind":"game_over","message":"the game has ended"}}\n' "$id" ;;
  esac
done
