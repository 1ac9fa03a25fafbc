#!/bin/sh
# Checks a chess engine against the Laws of Chess with lawbook, in the
# engine's own CI. Copy this file into your repository and call it from a
# job (conformance/ci/github-actions.yml is one):
#
#   sh lawbook-check.sh uci "./build/my-engine --uci" [EXPECTATIONS]
#
# PROTOCOL is uci, xboard or jsonl; the program and its arguments are one
# string, split into words as a shell would. EXPECTATIONS (default
# lawbook-expected.yaml) holds the verdicts your engine is known to give:
# - when the file exists, any other verdict fails the job (a new failure,
#   a new engine error, and a new pass too, so the file stays true);
# - when it does not, this run writes it (commit it: it is your baseline)
#   and the job fails if any scenario failed or ended in an engine error.
# The report (index.html, junit.xml, summary.json) goes to $LAWBOOK_REPORT.
#
# Environment, all optional:
#   LAWBOOK_SOURCE  a lawbook checkout, or a git URL to clone
#                   (default: the repository lawbook's Cargo.toml names)
#   LAWBOOK_REF     the branch or tag to clone (default: main)
#   LAWBOOK_ROOT    where `cargo install` puts lawbook (default: $HOME/.lawbook)
#   LAWBOOK         a lawbook program to use instead of installing one
#   LAWBOOK_REPORT  the report's folder (default: lawbook-report)
#   LAWBOOK_ARGS    more options for lawbook check: "--timeout 10000 --workers 2"
#
# Exit status: lawbook check's own: 0 every verdict as expected, 1 some
# verdict is not, 2 bad usage or an engine that cannot be started.
set -eu

usage() {
    echo "usage: $0 uci|xboard|jsonl \"PROGRAM ARG...\" [EXPECTATIONS]" >&2
    exit 2
}
[ $# -ge 2 ] || usage
protocol=$1
engine=$2
expected=${3:-lawbook-expected.yaml}
case $protocol in uci | xboard | jsonl) ;; *) usage ;; esac

report=${LAWBOOK_REPORT:-lawbook-report}
lawbook=${LAWBOOK:-}
if [ -z "$lawbook" ]; then
    root=${LAWBOOK_ROOT:-$HOME/.lawbook}
    source=${LAWBOOK_SOURCE:-https://example.invalid/lawbook}
    if [ ! -d "$source" ]; then
        checkout=$(mktemp -d)
        git clone --quiet --depth 1 --branch "${LAWBOOK_REF:-main}" "$source" "$checkout"
        source=$checkout
    fi
    cargo install --quiet --locked --path "$source/crates/cli" --root "$root"
    lawbook=$root/bin/lawbook
fi

set -- check "--$protocol" "$engine" --report "$report"
if [ -f "$expected" ]; then
    set -- "$@" --expect "$expected"
else
    echo "lawbook-check: no $expected yet: this run writes it; commit it as your engine's baseline" >&2
    set -- "$@" --write-expectations "$expected"
fi
# LAWBOOK_ARGS is split into words on purpose.
# shellcheck disable=SC2086
exec "$lawbook" "$@" ${LAWBOOK_ARGS:-}
