#!/bin/sh
# Fakes a UCI engine given a position no game can reach; used by tests/engines/adapters.rs.
# sh unreachable.sh MODE: corrects, misreads, crash, or anything else to take the position.
mode=$1
fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
while IFS= read -r line; do
    case "$line" in
    uci) echo "id name Unreachable $mode"; echo "uciok" ;;
    isready) echo "readyok" ;;
    "position startpos") fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ;;
    "position fen 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1 moves e1f1") fen="4k3/8/8/8/8/8/4r3/5K2 b - - 1 1" ;;
    "position fen "*)
        fen=${line#position fen }
        case "$fen" in *" w K - "*) if [ "$mode" = crash ]; then exit 3; fi ;; esac
        ;;
    d)
        shown=$fen
        if [ "$mode" = corrects ]; then shown=$(printf '%s' "$fen" | sed -e 's/ w K - / w - - /'); fi
        if [ "$mode" = misreads ]; then shown=$(printf '%s' "$fen" | sed -e 's/ w K - / w Q - /'); fi
        echo "Fen: $shown"
        case "$fen" in 4k3/8/8/8/8/8/4r3/4K3*) echo "Checkers: e2" ;; *) echo "Checkers: " ;; esac
        ;;
    "go perft 1")
        case "$fen" in
        4k3/8/8/8/8/8/4r3/4K3*)
            for m in e1d1 e1e2 e1f1; do echo "$m: 1"; done
            echo; echo "Nodes searched: 3" ;;
        rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR*)
            for m in a2a3 b2b3 c2c3 d2d3 e2e3 f2f3 g2g3 h2h3 a2a4 b2b4 c2c4 d2d4 e2e4 f2f4 g2g4 h2h4 b1a3 b1c3 g1f3 g1h3; do
                echo "$m: 1"
            done
            echo; echo "Nodes searched: 20" ;;
        *)
            for m in e1d1 e1d2 e1e2 e1f1 e1f2 e1g1; do echo "$m: 1"; done
            echo; echo "Nodes searched: 6" ;;
        esac
        ;;
    go*) echo "bestmove (none)" ;;
    quit) exit 0 ;;
    esac
done
