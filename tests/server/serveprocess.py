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


class Serving:
    """A running `isla serve --port 0 ARGS`: its URL, its pid, what it has logged so far (its
    standard error, read as it comes so the pipe never fills); `stop()` is Ctrl+C, `kill()` kill -9."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(serve_command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, env=env)
        self.pid = self.process.pid
        # A server that hangs before it announces itself must not hang the run. Only its start is
        # watched: a running server may live as long as its test does (a loaded machine makes a whole
        # game slow), and stop() gives up after PATIENCE on its own.
        starting = threading.Timer(PATIENCE, self.process.kill)
        starting.start()
        assert self.process.stdout is not None and self.process.stderr is not None
        try:
            line = self.process.stdout.readline()
        finally:
            starting.cancel()
        if not line.startswith("Isla is serving http://127.0.0.1:"):
            self.process.kill()
            _out, err = self.process.communicate()  # it closes the pipes
            raise AssertionError(f"isla serve did not start: {line!r} {err}")
        self.url = line.split()[3]
        self.base = self.url.rstrip("/")  # for clients that add paths (/ws, /api/...)
        self.err: list[str] = []
        self._reader = threading.Thread(target=self._read, args=(self.process.stderr,), daemon=True)
        self._reader.start()

    def _read(self, stream: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            self.err.append(line)

    def logged(self) -> str:
        return "".join(self.err)

    def stop(self) -> None:
        """Ctrl+C: the server stops cleanly, with status 0 and no traceback."""
        self.process.send_signal(signal.SIGINT)
        self._finish()
        assert self.process.returncode == 0, self.logged()
        assert "Traceback" not in self.logged(), self.logged()

    def kill(self) -> None:
        """kill -9: the process ends at once, cleaning nothing up."""
        self.process.kill()
        self._finish()

    def close(self) -> None:
        """After a test, whatever happened to it: a server still running is killed, and the pipes
        of every server are closed (a pipe left to the garbage collector warns in a later test)."""
        if self.process.poll() is None:
            self.kill()
        else:
            self._finish()

    def _finish(self) -> None:
        try:
            self.process.wait(PATIENCE)
            self._reader.join(PATIENCE)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            for stream in (self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()


@contextmanager
def isla_serve(*args: str) -> Iterator[str]:
    """Run `isla serve --port 0 ARGS` and yield the URL it prints; stop it with SIGINT after."""
    serving = Serving(*args)
    try:
        yield serving.url
    except BaseException:
        serving.kill()
        raise
    serving.stop()
