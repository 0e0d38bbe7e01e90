"""Where bots think: searching bots in worker processes, so people's moves never wait for them.

A search (MCTS) holds a core for a fraction of a second per decision; run in the server's own
threads it would also hold the interpreter lock the event loop needs, and every table's moves would
wait behind every other table's bots. So bots whose spec searches (it has an iteration budget) run
in a pool of worker processes, sized by `ServerConfig.bot_workers` (default: one per core but one,
at least one). Bots that decide in a moment (random, the heuristic, the scripted baseline) run on
one thread of the server process, where sending them a position would cost more than their choice;
so does every bot when the setting is 0. Password hashing has its own threads (auth.py).

A worker that dies (killed, out of memory) breaks the pool: the pool is replaced by a new one and
the turn fails with `BotWorkerLost`, which the table treats as transient and retries.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from isla.bots import parse_spec
from isla.core import State, registry
from isla.server import botwork
from isla.server.botwork import BotJob, BotPlan

log = logging.getLogger("isla.server")


class BotWorkerLost(Exception):
    """The worker process thinking for a bot died; the pool has been replaced: try again."""


def spare_cores() -> int:
    """One worker per core this process may use, but one left for the server; at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def searches(spec: str, game: str) -> bool:
    """Whether the bot `spec` searches (costs real time per decision) rather than deciding at once."""
    _kind, iterations = parse_spec(spec, game)
    return iterations > 0


class BotPool:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._processes: ProcessPoolExecutor | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="isla-bots")
        self._closed = False

    async def choose(self, job: BotJob, state: State) -> BotPlan:
        """The bot's plan for `state` (a copy it may change): in a worker process if the bot searches."""
        if self._closed:
            raise BotWorkerLost("the server is stopping")
        loop = asyncio.get_running_loop()
        if self.workers == 0 or not searches(job.spec, job.game):
            return await loop.run_in_executor(self._thread, botwork.choose, job, state)
        executor = self._pool()
        sent = BotJob(job.game, job.seat, job.spec, job.seq, job.seed, job.seconds, state.to_json())
        try:
            # Submitting may itself meet the dead worker: the pool starts a process to replace it
            # before its manager has noticed, and the fork server's pipe is already broken.
            future = executor.submit(botwork.choose, sent)
        except (BrokenProcessPool, OSError):
            self._replace(executor)
            raise BotWorkerLost("a bot worker process died before the turn was sent") from None
        try:
            return await asyncio.wrap_future(future, loop=loop)
        except BrokenProcessPool:
            self._replace(executor)
            raise BotWorkerLost("a bot worker process died while thinking") from None

    def _pool(self) -> ProcessPoolExecutor:
        if self._processes is None:
            methods = multiprocessing.get_all_start_methods()
            # Never fork the server: its threads (the database driver's, uvicorn's) would be copied
            # mid-flight. A fork server is a clean process that forks workers cheaply.
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            if "forkserver" in methods:
                context.set_forkserver_preload(["isla.server.botwork"])
            self._processes = ProcessPoolExecutor(
                self.workers, context, initializer=botwork.warm, initargs=(registry.snapshot(),)
            )
        return self._processes

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        if self._processes is broken:
            log.warning("isla: a bot worker process died; starting new bot workers")
            self._processes = None
            _stop(broken)

    def worker_pids(self) -> list[int]:
        """The worker processes now running (for tests and diagnostics)."""
        if self._processes is None:
            return []
        processes = getattr(self._processes, "_processes", None) or {}
        return sorted(pid for pid, process in processes.items() if process.is_alive())

    async def close(self) -> None:
        """Stop thinking: pending turns are dropped, worker processes are ended."""
        self._closed = True
        if self._processes is not None:
            executor, self._processes = self._processes, None
            await asyncio.to_thread(_stop, executor)
        self._thread.shutdown(wait=False, cancel_futures=True)


def _stop(executor: Executor) -> None:
    """Shut a process pool down without waiting for searches in progress to finish."""
    processes = list((getattr(executor, "_processes", None) or {}).values())  # gone after shutdown
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(5)
