#!/bin/sh
# Fakes the plainest UCI engine (no `go perft`, no `d`); used by tests/engines/adapters.rs.
# sh plain.sh MODE: in MODE searchmoves it honours `searchmoves`.
mode=$1
side=w
searched=
while IFS= read -r line; do
    set -- $line
    case "$1" in
    uci) echo "id name Plain $mode"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position)
        side=w
        searched=
        moves=
        for word in "$@"; do
            case "$word" in
            moves) moves=1 ;;
            e2e5) ;;
            *) if [ -n "$moves" ]; then if [ "$side" = w ]; then side=b; else side=w; fi; fi ;;
            esac
        done
        ;;
    go)
        case "$line" in
        *searchmoves*) searched=$(echo "$line" | sed -e 's/.*searchmoves //') ;;
        esac
        if [ -n "$searched" ] && [ "$mode" = searchmoves ]; then
            case "$searched" in
            a2a3|h2h4|g1f3) echo "info depth 1 score cp 0 pv $searched"; echo "bestmove $searched" ;;
            *) echo "bestmove (none)" ;;
            esac
        elif [ "$side" = w ]; then
            echo "info depth 1 score cp 20 pv e2e4"; echo "bestmove e2e4"
        else
            echo "info depth 1 score cp -20 pv e7e5"; echo "bestmove e7e5"
        fi
        ;;
    d) echo "Unknown command: d" ;;
    quit) exit 0 ;;
    esac
done
