"""`isla serve` as a real process, as a person starts it (for the tests of the command itself)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from servertools import PATIENCE


def serve_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "isla", "serve", "--port", "0", "--log-level", "warning", *args]


@contextmanager
def isla_serve(*args: str) -> Iterator[str]:
    """Run `isla serve --port 0 ARGS` and yield the URL it prints; stop it with SIGINT after."""
    command = serve_command(*args)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    watchdog = threading.Timer(PATIENCE, process.kill)  # a hung server must not hang the test run
    watchdog.start()
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line.startswith("Isla is serving http://127.0.0.1:"):
            process.kill()
            raise AssertionError(f"isla serve did not start: {line!r} {process.communicate()[1]}")
        url = line.split()[3]
        yield url
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate()
        assert process.returncode == 0, err
        assert "Traceback" not in err
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
            process.communicate()
