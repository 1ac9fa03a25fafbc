#!/usr/bin/env bash
# Plays the scripted edge-case games and two real-engine games under GNU
# xboard, headless (xvfb-run), one game per xboard run, each into its own PGN:
#   games/<case>.<config>.pgn
# Needs (installs nothing): xboard xvfb python3; for the engine games also
# stockfish fairymax polyglot (Debian puts them in /usr/games).
# Usage: run.sh [CASE...]   (no argument: every case, then the engine games)
set -u
here=$(cd "$(dirname "$0")" && pwd)
games=$here/games
work=$(mktemp -d /tmp/match-runner.XXXXXX)   # HOME for xboard, FEN files, logs
trap 'rm -rf "$work"' EXIT
export PATH=/usr/games:$PATH HOME=$work
mkdir -p "$games"

for tool in xboard xvfb-run python3; do
  command -v $tool >/dev/null || { echo "missing $tool (apt-get install xboard xvfb)"; exit 1; }
done

# Options every game gets. Debian's /etc/xboard/xboard.conf is read first;
# the adjudication switches it sets are all given again below, per config.
common=(-noGUI -xexit -saveSettingsOnExit false -mg 1 -matchPause 100
        -autoCallFlag true -testLegality true -xponder)

config_opts() {
  case $1 in
    adjudication-on)   # what Debian's xboard.conf turns on, and xboard's rule defaults
      echo -testClaims true -checkMates true -materialDraws true -trivialDraws false -ruleMoves 51 -repeatsToDraw 6 ;;
    adjudication-off)  # xboard believes every claim and ends nothing by itself but flags
      echo -testClaims false -checkMates false -materialDraws false -trivialDraws false -ruleMoves 0 -repeatsToDraw 0 ;;
    claims-only)       # claims tested, but no material adjudication (so the flag/resign is reached)
      echo -testClaims true -checkMates true -materialDraws false -trivialDraws false -ruleMoves 51 -repeatsToDraw 6 ;;
  esac
}

# play NAME CONFIG SECONDS XBOARD-OPTIONS...: one game into games/NAME.CONFIG.pgn
play() {
  local name=$1 config=$2 limit=$3; shift 3
  local pgn=$games/$name.$config.pgn log=$work/$name.$config.log
  rm -f "$pgn"
  # timeout leads its own process group (xvfb-run, Xvfb, xboard, engines) and
  # signals all of it when the limit is reached
  timeout -k 5 "$limit" xvfb-run -a xboard "${common[@]}" $(config_opts "$config") \
    "$@" -sgf "$pgn" >"$log" 2>&1 &
  local group=$! rc
  wait $group; rc=$?
  for _ in 1 2 3 4 5 6 7 8 9 10; do   # let Xvfb go; then end whatever of ours is left
    pgrep -g $group >/dev/null || break; sleep 0.5
  done
  pkill -KILL -g $group 2>/dev/null
  local result
  result=$(grep -m1 '^\[Result' "$pgn" 2>/dev/null || echo "no PGN")
  printf '%-40s rc=%-3s %s  %s\n' "$name.$config" "$rc" "$result" \
    "$(grep -o '{[^}]*} *\(1-0\|0-1\|1/2-1/2\|\*\)' "$pgn" 2>/dev/null | tail -1)"
  [ "$rc" = 0 ] || { echo "  xboard log:"; tail -5 "$log" | sed 's/^/    /'; }
}

scripted() {  # scripted CASE: every config the case lists, both sides scripted
  local case=$1 fen
  fen=$(python3 -c "import sys; sys.path.insert(0,'$here'); from cases import CASES; print(CASES['$case']['fen'] or '')")
  local start=()
  if [ -n "$fen" ]; then echo "$fen" >"$work/$case.fen"; start=(-lpf "$work/$case.fen"); fi
  local engine="python3 $here/scripted.py $case"
  for config in $(python3 -c "import sys; sys.path.insert(0,'$here'); from cases import CASES; print(*CASES['$case']['configs'])"); do
    play "$case" "$config" 60 -fcp "$engine" -scp "$engine" -fd "$here" -sd "$here" \
      -tc 0:03 -inc 0 "${start[@]}"
  done
}

engines() {  # two ordinary games: Stockfish (UCI, through polyglot) v Fairy-Max
  for config in adjudication-on adjudication-off; do
    play engines-stockfish-fairymax "$config" 300 -fcp stockfish -fUCI \
      -firstOptions "Threads=1,Hash=16" -scp fairymax -tc 0:20 -inc 0.2
  done
}

cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=($(python3 -c "import sys; sys.path.insert(0,'$here'); from cases import CASES; print(*CASES)") engines)
for c in "${cases[@]}"; do
  if [ "$c" = engines ]; then engines; else scripted "$c"; fi
done

# nothing of ours may be left running
left=$(pgrep -f "$here/scripted.py" || true)
[ -z "$left" ] || echo "still running: $left"
