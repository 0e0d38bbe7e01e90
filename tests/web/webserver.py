"""A test server that can be stopped and started again at the same address, for the restart test:
a page that reconnects by itself needs the restarted server where the old one was."""

from __future__ import annotations

import socket
from contextlib import AbstractContextManager

from servertools import Running, serve

from isla.server import ServerConfig


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Restartable:
    """A server that can be stopped and started again on the same port and the same database."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.port = free_port()
        self._running: AbstractContextManager[Running] | None = None

    def start(self) -> Running:
        self.stop()
        manager = serve(self.config, self.port)
        running = manager.__enter__()
        self._running = manager
        return running

    def stop(self) -> None:
        if self._running is not None:
            manager, self._running = self._running, None
            manager.__exit__(None, None, None)
