#!/bin/sh
# Fakes a JSON-lines peer that answers badly, or cannot be a peer; used by tests/differential.rs.
# sh peer.sh SUPPORTS [REPLY]: its hello announces SUPPORTS (such as "hello","trace"); every other
# request gets REPLY, the fields of the reply after its id.
supports=$1
reply=$2
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -e 's/^{"id":\([0-9]*\).*/\1/')
  case "$line" in
    *'"request":"hello"'*) printf '{"id":%s,"protocol":1,"engine":"fake","supports":[%s],"features":[]}\n' "$id" "$supports" ;;
    *) printf '{"id":%s,%s}\n' "$id" "$reply" ;;
  esac
done
