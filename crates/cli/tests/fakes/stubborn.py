#!/usr/bin/env python3
"""A JSON-lines engine (conformance/PROTOCOL.md) that is hard to stop.

It starts a child process of its own, writes its pid and the child's to the
file named by its first argument, ignores SIGINT, SIGTERM and SIGHUP, answers
`hello` and lists no legal moves anywhere, takes a second to answer when its
second argument is `slow`, and busy-loops for ever once its input closes
(as Sjeng does). Only killing its process group stops it."""

import json
import signal
import subprocess
import sys
import time

for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(sig, signal.SIG_IGN)

child = subprocess.Popen(["sleep", "600"])
with open(sys.argv[1], "a") as pids:
    pids.write(f"{child.pid}\n{__import__('os').getpid()}\n")
slow = len(sys.argv) > 2 and sys.argv[2] == "slow"

for line in sys.stdin:
    request = json.loads(line)
    if slow:
        time.sleep(1)
    if request.get("request") == "hello":
        reply = {"protocol": 1, "engine": "stubborn 1.0", "supports": ["hello", "legal_moves"], "features": []}
    else:
        reply = {"moves": []}
    reply["id"] = request.get("id")
    print(json.dumps(reply), flush=True)

while True:
    pass
