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


def refuse(message):
    """Bad arguments: one line on standard error, exit 2."""
    sys.stderr.write(f"{NAME}: {message}\n")
    sys.exit(2)


def permille(option, text):
    """A rate per thousand, from 0 to 1000."""
    try:
        rate = float(text)
    except ValueError:
        rate = None
    if rate is None or not 0.0 <= rate <= 1000.0:
        refuse(f"{option}: {text!r} is not a number from 0 to 1000")
    return rate


def whole(option, text):
    """A whole number from 0 to 2^64 - 1."""
    try:
        number = int(text)
    except ValueError:
        number = None
    if number is None or not 0 <= number < 1 << 64:
        refuse(f"{option}: {text!r} is not a whole number from 0 to 2^64 - 1")
    return number


class Arguments:
    seed = None
    kill = 0.0
    stall = 0.0
    log = None
    spare = 0
    command = []


def arguments(argv):
    """The command line, read by hand: argparse would cost each start (one
    after every fault) a tenth of its time."""
    cli = Arguments()
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            cli.command = argv[i + 1 :]
            break
        if word in ("-h", "--help"):
            sys.stdout.write(__doc__)
            sys.exit(0)
        option, has_value, value = word.partition("=")
        if option not in ("--seed", "--kill", "--stall", "--log", "--spare"):
            refuse(f"unknown argument {word!r}")
        if not has_value:
            i += 1
            if i == len(argv):
                refuse(f"{option} needs a value")
            value = argv[i]
        if option == "--seed":
            cli.seed = whole(option, value)
        elif option == "--kill":
            cli.kill = permille(option, value)
        elif option == "--stall":
            cli.stall = permille(option, value)
        elif option == "--log":
            cli.log = value
        else:
            cli.spare = whole(option, value)
        i += 1
    if cli.seed is None:
        refuse("--seed N is required")
    if not cli.command:
        refuse("the engine and its arguments come after --")
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
