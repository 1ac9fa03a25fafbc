#!/bin/sh
# Fakes a JSON-lines engine given a position no game can reach (a right to castle without a rook); used by tests/cli/run.rs.
# sh unreachable.sh MODE [every]: it lists the white king's five steps from e1, except for a position whose
# castling field is K (with `every`, for every position), where MODE says what it does: refuses, crashes,
# hangs, castles (lists e1g1 too), or obeys (the five steps).
mode=$1
if [ "$2" = every ]; then target='"fen"'; else target=' w K - '; fi
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -e 's/^{"id":\([0-9]*\).*/\1/')
  case "$line" in
    *'"request":"hello"'*) printf '{"id":%s,"protocol":1,"engine":"fake","supports":["legal_moves"],"features":[]}\n' "$id" ;;
    *"$target"*)
      case "$mode" in
        refuses) printf '{"id":%s,"error":{"kind":"bad_fen","message":"no rook on h1"}}\n' "$id" ;;
        crashes) exit 1 ;;
        hangs) sleep 5 ;;
        castles) printf '{"id":%s,"moves":["e1d1","e1d2","e1e2","e1f1","e1f2","e1g1"]}\n' "$id" ;;
        *) printf '{"id":%s,"moves":["e1d1","e1d2","e1e2","e1f1","e1f2"]}\n' "$id" ;;
      esac ;;
    *) printf '{"id":%s,"moves":["e1d1","e1d2","e1e2","e1f1","e1f2"]}\n' "$id" ;;
  esac
done
