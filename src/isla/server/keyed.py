"""One background task per key (a table's push, its catch-up), forgotten once it ends.

A server that runs for months meets every table it ever served: a dict of their finished tasks
would keep growing, so each entry leaves the dict when its task is done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any


def start_once(tasks: dict[str, asyncio.Task[None]], key: str, work: Callable[[], Coroutine[Any, Any, None]],
               name: str | None = None) -> None:
    """Start `work()` for `key` unless its task still runs; the entry is removed when the task ends."""
    running = tasks.get(key)
    if running is not None and not running.done():
        return
    task = asyncio.get_running_loop().create_task(work(), name=name)
    tasks[key] = task

    def forget(done: asyncio.Task[None]) -> None:
        if tasks.get(key) is done:
            del tasks[key]

    task.add_done_callback(forget)
