#!/bin/sh
# Fakes a JSON-lines engine that answers hello and then misbehaves; used by tests/conformance/jsonl.rs.
# sh misbehaves.sh MODE: crash, hang, garbage, wrong-id or flood, on every request but a status
# request or one about a position after e2e4; silent reads and never answers, not even hello.
# Every request line starts with {"id":N (serde_json writes keys in order).
mode=$1
if [ "$mode" = silent ]; then
    cat >/dev/null
    exit 0
fi
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -e 's/^{"id":\([0-9]*\).*/\1/')
  case "$line" in
    *'"request":"hello"'*) printf '{"id":%s,"protocol":1,"engine":"fake","supports":["legal_moves","status"],"features":[]}\n' "$id" ;;
    *'"request":"status"'*) printf '{"id":%s,"error":{"kind":"unsupported","message":"no"}}\n' "$id" ;;
    *e2e4*) printf '{"id":%s,"moves":["e7e5"]}\n' "$id" ;;
    *)
      case "$mode" in
        crash) exit 1 ;;
        hang) sleep 5 ;;
        garbage) printf 'hello there\n' ;;
        wrong-id) printf '{"id":999999,"moves":[]}\n' ;;
        flood) head -c 200000 /dev/zero | tr '\0' x; printf '\n' ;;
      esac ;;
  esac
done
