#!/usr/bin/env python3
# Fakes an engine that crashes or hangs: any engine behind seeded faults, for tests/faults.rs.
"""Runs a chess engine and passes its lines through, killing it or hanging
on purpose now and then, so that a harness can be shown to survive engines
that crash or hang.

    fault_proxy.py --seed N [--kill PERMILLE] [--stall PERMILLE] [--log FILE] [--spare N] -- PROGRAM ARG...

The proxy starts PROGRAM with its arguments (no shell), in the proxy's own
process group (a harness that kills the proxy's group kills the engine
too), and forwards its own standard input to the program line by line and
the program's standard output to its own, flushing each line; standard
error passes through. Before forwarding each line of input (a request) it
draws a number in [0, 1000) from a seeded generator: below `--kill` (a rate
per thousand, fractions allowed), it kills the program and exits with
status 3 without forwarding the line (a crash); below `--kill` + `--stall`,
it reads and forwards nothing more in either direction (a hang: the
harness has to give up waiting and kill it; a hung proxy whose parent is
gone kills the program and exits). When its input ends it closes the
program's input and exits with the program's status.

Every fault appends one line to the `--log` file:
`kill|stall <process> <request> <line>`, the process numbered from 0 and
the request from 1. So that each process a harness starts (again, after a
failure) draws its own faults, the proxy numbers itself from a file next to
the log (`FILE.processes`, one line per proxy started) and seeds its
generator with the seed and that number: with the same seed, the same
processes started in the same order and the same requests give the same
faults. Without `--log` every process is number 0. The first `--spare`
processes inject no fault (a harness that starts its engine once to check
that it runs at all can be given one clean start).

The generator is Python's `random.Random` (Mersenne Twister), seeded with an
integer, which every Python 3 draws alike.
"""

import argparse
import os
import queue
import random
import subprocess
import sys
import threading

NAME = "fault_proxy.py"

# What the forwarding threads tell the main thread.
KILL = "kill"  # kill the engine (the fault is logged already)
INPUT_CLOSED = "input closed"  # the proxy's own input ended
OUTPUT_CLOSED = "output closed"  # the engine closed its output (it exited, most likely)


class Refusal(argparse.ArgumentParser):
    """Bad arguments: one line on standard error, exit 2."""

    def error(self, message):
        sys.stderr.write(f"{NAME}: {message}\n")
        sys.exit(2)


def permille(text):
    """A rate per thousand, from 0 to 1000."""
    try:
        rate = float(text)
    except ValueError:
        rate = None
    if rate is None or not 0.0 <= rate <= 1000.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number from 0 to 1000")
    return rate


def arguments(argv):
    parser = Refusal(prog=NAME, description="Run an engine, injecting seeded crashes and hangs.")
    parser.add_argument("--seed", type=int, required=True, help="the seed of the faults")
    parser.add_argument("--kill", type=permille, default=0.0, help="how many requests in a thousand kill the engine")
    parser.add_argument("--stall", type=permille, default=0.0, help="how many requests in a thousand hang the engine")
    parser.add_argument("--log", help="append one line per injected fault to this file; number the processes in FILE.processes")
    parser.add_argument("--spare", type=int, default=0, help="the first this many processes inject no fault")
    if "--" not in argv:
        parser.error("the engine and its arguments come after --")
    split = argv.index("--")
    cli = parser.parse_args(argv[:split])
    cli.command = argv[split + 1 :]
    if not cli.command:
        parser.error("the engine and its arguments come after --")
    return cli


def text_of(line):
    """The line without its line break."""
    return line.decode("utf-8", "replace").rstrip("\r\n")


def process_number(counter):
    """This process's number: the lines of `counter` before the one it
    appends for itself. Each proxy appends its pid in one write (atomic in
    append mode) and looks for the last line with it, so proxies started
    side by side get different numbers."""
    me = str(os.getpid())
    fd = os.open(counter, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, f"{me}\n".encode())
    finally:
        os.close(fd)
    with open(counter, encoding="utf-8") as file:
        lines = file.read().splitlines()
    found = [i for i, line in enumerate(lines) if line == me]
    return found[-1] if found else 0


def log_fault(log, line):
    """Appends one line to the log."""
    if log is None:
        return
    try:
        fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, f"{line}\n".encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except OSError as e:
        sys.stderr.write(f"{NAME}: cannot write to {log}: {e}\n")


def finish(code):
    """Exits at once: the forwarding threads may be blocked reading."""
    try:
        sys.stdout.flush()
    except OSError:
        pass
    os._exit(code)


def main():
    parent = os.getppid()
    cli = arguments(sys.argv[1:])
    number = 0
    if cli.log is not None:
        counter = cli.log + ".processes"
        try:
            number = process_number(counter)
        except OSError as e:
            sys.stderr.write(f"{NAME}: cannot count processes in {counter}: {e}\n")
            finish(2)
    # One stream per process: the seed and the process number, mixed.
    rng = random.Random((cli.seed ^ (number * 0x9E3779B97F4A7C15)) & 0xFFFF_FFFF_FFFF_FFFF)
    kill, stall = (0.0, 0.0) if number < cli.spare else (cli.kill, cli.stall)

    try:
        child = subprocess.Popen(cli.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    except OSError as e:
        sys.stderr.write(f"{NAME}: cannot start {cli.command[0]}: {e}\n")
        finish(2)
    stalled = threading.Event()
    events = queue.Queue()

    def output():
        """The engine's output, line by line, unless it hangs."""
        stdout = sys.stdout.buffer
        for line in iter(child.stdout.readline, b""):
            if not stalled.is_set():
                try:
                    stdout.write(line)
                    stdout.flush()
                except OSError:
                    pass  # a reader that went away is no reason to stop the engine
        events.put(OUTPUT_CLOSED)

    def requests():
        """The proxy's input, line by line, with a draw before each line.
        Each fault is logged here, before it takes effect, so the log is
        whole even when the harness kills this proxy at once (a hung engine)."""
        request = 0
        for line in iter(sys.stdin.buffer.readline, b""):
            request += 1
            draw = rng.random() * 1000.0
            if draw < kill:
                log_fault(cli.log, f"kill {number} {request} {text_of(line)}")
                events.put(KILL)
                return
            if draw < kill + stall:
                log_fault(cli.log, f"stall {number} {request} {text_of(line)}")
                stalled.set()
                # A hung engine reads nothing more, and its input stays open.
                threading.Event().wait()
            try:
                child.stdin.write(line)
                child.stdin.flush()
            except OSError:
                pass  # the engine stopped reading; its output's end tells the rest
        # Closing the engine's input asks it to finish.
        try:
            child.stdin.close()
        except OSError:
            pass
        events.put(INPUT_CLOSED)

    threading.Thread(target=output, daemon=True).start()
    threading.Thread(target=requests, daemon=True).start()

    while True:
        try:
            event = events.get(timeout=0.1)
        except queue.Empty:
            if stalled.is_set() and parent_gone(parent):
                # Nobody waits for the hung engine any more.
                child.kill()
                child.wait()
                finish(3)
            continue
        if event == KILL:
            child.kill()
            child.wait()
            finish(3)
        elif event == OUTPUT_CLOSED and not stalled.is_set():
            # (A hung engine stays hung even if the program exits.)
            code = child.wait()
            finish(code if 0 <= code <= 255 else 1)


def parent_gone(parent_at_start):
    """Whether the process that started the proxy is gone: the proxy was
    given to another parent (init, or a subreaper)."""
    now = os.getppid()
    return now != parent_at_start or now == 1


if __name__ == "__main__":
    main()
