#!/bin/sh
# Fakes an engine that cannot be started: it crashes, prints garbage or hangs; used by tests/cli/check.rs.
# sh broken.sh crash|garbage|hang
case "$1" in
crash)
    echo 'segmentation fault' >&2
    exit 139
    ;;
garbage) while read line; do echo '%%%% ???'; done ;;
hang) sleep 30 ;;
*)
    echo "broken.sh: no mode $1" >&2
    exit 2
    ;;
esac
