#!/bin/sh
# Fakes a JSON-lines engine that lists no legal moves anywhere; used by the unit tests of src/check.rs.
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -e 's/^{"id":\([0-9]*\).*/\1/')
  case "$line" in
    *'"request":"hello"'*) printf '{"id":%s,"protocol":1,"engine":"nomoves 0.1","supports":["legal_moves"],"features":[]}\n' "$id" ;;
    *) printf '{"id":%s,"moves":[]}\n' "$id" ;;
  esac
done
