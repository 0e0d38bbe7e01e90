"""A table's background task (its push, its catch-up) runs once at a time, and is forgotten when it
ends: a long-running server does not keep one finished task for every table it ever served."""

from __future__ import annotations

import asyncio

from isla.server.keyed import start_once


def test_a_keyed_task_runs_once_at_a_time_and_leaves_the_dict_when_it_ends() -> None:
    async def scenario() -> tuple[int, int, int]:
        tasks: dict[str, asyncio.Task[None]] = {}
        release = asyncio.Event()
        runs = 0

        async def work() -> None:
            nonlocal runs
            runs += 1
            await release.wait()

        start_once(tasks, "t1", work)
        start_once(tasks, "t1", work)  # still running: not started again
        await asyncio.sleep(0)
        started_while_running = runs
        release.set()
        await tasks["t1"]
        await asyncio.sleep(0)  # the done callbacks run
        left = len(tasks)
        start_once(tasks, "t1", work)  # ended: a new one starts
        await tasks["t1"]
        return started_while_running, left, runs

    assert asyncio.run(scenario()) == (1, 0, 2)
