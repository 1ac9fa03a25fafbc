#!/bin/sh
# Fakes an xboard engine given a position no game can reach; used by tests/engines/adapters.rs.
# sh unreachable.sh MODE: telluser, exits, crash, unknown, or takes.
mode=$1
while IFS= read -r line; do
    set -- $line
    case "$1" in
    protover) echo "feature myname=\"Unreachable $mode\" usermove=1 setboard=1 ping=1 done=1" ;;
    ping) echo "pong $2" ;;
    setboard)
        case "$line" in *" w K - "*)
            case "$mode" in
            telluser) echo "tellusererror Illegal position" ;;
            exits) echo "Error (illegal position): $line"; exit 1 ;;
            crash) exit 3 ;;
            unknown) echo "Error (unknown command): setboard" ;;
            esac ;;
        esac ;;
    usermove) case "$2" in e1g1) echo "Illegal move: $2" ;; esac ;;
    quit) exit 0 ;;
    esac
done
