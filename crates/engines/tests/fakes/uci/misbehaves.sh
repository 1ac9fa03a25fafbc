#!/bin/sh
# Fakes a UCI engine that misbehaves once (crash, hang, garbage, flood, ...); used by tests/engines/adapters.rs.
# sh misbehaves.sh MODE MARKER: MODE says how; MARKER is a file it leaves behind once it has.
mode=$1
marker=$2
CHECKED="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"
CHECKED_AFTER="4k3/8/8/8/8/8/4r3/5K2 b - - 1 1"
checked_moves() {
    for m in e1d1 e1e2 e1f1; do echo "$m: 1"; done
    echo
    echo "Nodes searched: 3"
}
once() {
    if [ -e "$marker" ]; then return 1; fi
    : > "$marker"
    return 0
}
moves() {
    for m in a2a3 b2b3 c2c3 d2d3 e2e3 f2f3 g2g3 h2h3 a2a4 b2b4 c2c4 d2d4 e2e4 f2f4 g2g4 h2h4 b1a3 b1c3 g1f3 g1h3; do
        echo "$m: 1"
    done
    echo
    echo "Nodes searched: 20"
}
pos=start
while IFS= read -r line; do
    case "$line" in
    uci) echo "id name Fake $mode"; echo "uciok" ;;
    isready) echo "readyok" ;;
    "position fen $CHECKED") pos=checked ;;
    "position fen $CHECKED moves e1f1") pos=after ;;
    position*) pos=start ;;
    d)
        if [ "$pos" = checked ]; then echo "Fen: $CHECKED"; echo "Checkers: e2"; continue; fi
        if [ "$pos" = after ]; then echo "Fen: $CHECKED_AFTER"; echo "Checkers: "; continue; fi
        if [ "$mode" = different ] && once; then
            echo "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        else
            echo "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        fi
        echo "Checkers: "
        ;;
    "go perft 1")
        if [ "$pos" = checked ]; then checked_moves; continue; fi
        # The first perft of the initial position is the adapter's start-up probe: answer it.
        if [ ! -e "$marker.probed" ]; then : > "$marker.probed"; moves; continue; fi
        case "$mode" in
        crash) if once; then echo "a2a3: 1"; echo "b2b3: 1"; exit 3; fi ;;
        hang) if once; then while IFS= read -r ignored; do :; done; fi ;;
        garbage) if once; then echo "a2a3: 1"; echo "%% the quick brown fox &&"; fi ;;
        binary) if once; then printf 'a2a3: 1\n\001\002\377\376\n'; fi ;;
        flood) if once; then while :; do echo "info string flooding"; done; fi ;;
        slow) sleep 1 ;;
        esac
        moves
        ;;
    go*) echo "bestmove (none)" ;;
    quit) exit 0 ;;
    esac
done
