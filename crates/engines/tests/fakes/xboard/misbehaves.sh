#!/bin/sh
# Fakes an xboard engine that misbehaves once, or announces endings; used by tests/engines/adapters.rs.
# sh misbehaves.sh MODE MARKER: MODE says how; MARKER is a file it leaves behind once it has.
mode=$1
marker=$2
S="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
fen=$S
moves=""
over=""
once() {
    if [ -e "$marker" ]; then return 1; fi
    : > "$marker"
    return 0
}
say() {
    over=1
    case "$mode:$1" in
    hoi:insufficient) echo "1/2-1/2 {Insufficient material}" ;;
    hoi:fifty) echo "1/2-1/2 {50 move rule}" ;;
    hoi:repetition) echo "1/2-1/2 {3 repetitions}" ;;
    hoi:dead|hoi:seventyfive) over="" ;;
    *:mate) echo "$2 {$3 mates}" ;;
    *:stalemate) echo "1/2-1/2 {Stalemate}" ;;
    *:insufficient) echo "1/2-1/2 {Draw by insufficient material}" ;;
    *:dead) echo "1/2-1/2 {Blocked}" ;;
    *:fifty|*:seventyfive) echo "1/2-1/2 {Draw by fifty-move rule}" ;;
    *:repetition) echo "1/2-1/2 {Draw by repetition}" ;;
    *:mystery) echo "1/2-1/2 {Mystery}" ;;
    esac
}
after_setup() {
    [ "$mode" = announce ] || return 0
    case "$fen" in
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3") say mate 0-1 Black ;;
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1") say stalemate ;;
    "8/8/8/4k3/8/8/3NK3/8 w - - 0 1") say insufficient ;;
    "7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 w - - 0 1") say dead ;;
    "8/8/8/4k3/8/8/3RK3/8 w - - 100 80"|"8/8/8/4k3/8/8/3RK3/8 w - - 150 80") say fifty ;;
    esac
}
after_move() {
    case "$mode" in announce|hoi) ;; *) return 0 ;; esac
    case "$fen|$moves" in
    "$S| f2f3 e7e5 g2g4 d8h4") say mate 0-1 Black ;;
    "$S| e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7") say mate 1-0 White ;;
    "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1| f1f7") say stalemate ;;
    "8/8/8/4k3/8/3r4/4K3/8 w - - 0 1| e2d3") say insufficient ;;
    "7k/7R/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 b - - 0 1| h8h7") say dead ;;
    "8/8/8/4k3/8/8/3RK3/8 w - - 99 80| d2d3") say fifty ;;
    "8/8/8/4k3/8/8/3RK3/8 w - - 149 80| d2d3") say seventyfive ;;
    "$S| g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8") say repetition ;;
    "$S| a2a3") say mystery ;;
    esac
}
while IFS= read -r line; do
    set -- $line
    case "$1" in
    protover)
        echo "feature done=0"
        echo "feature myname=\"Fake $mode\" usermove=1 setboard=1 ping=1"
        echo "feature done=1"
        ;;
    ping)
        echo "pong $2"
        if [ "$mode" = twopongs ]; then echo "1-0 {White mates}"; echo "pong $2"; fi
        ;;
    new) fen=$S; moves=""; over="" ;;
    setboard) shift; fen="$*"; moves=""; over=""; after_setup ;;
    usermove)
        if [ "$2" = e2e4 ]; then
            case "$mode" in
            crash) if once; then exit 3; fi ;;
            hang) if once; then while IFS= read -r ignored; do :; done; fi ;;
            garbage) if once; then printf '\001\002\377\376\n'; fi ;;
            flood) if once; then while :; do echo "thinking very hard"; done; fi ;;
            slow) sleep 1 ;;
            esac
        fi
        if [ "$mode" = refuse ]; then echo "Illegal move: $2"; continue; fi
        if [ "$mode" = hoi ] && [ -n "$over" ]; then echo "Illegal move (game over): $2"; exit 0; fi
        case "$2" in
        e2e5|e1g1) echo "Illegal move: $2" ;;
        *) moves="$moves $2"; after_move ;;
        esac
        ;;
    quit) exit 0 ;;
    esac
done
