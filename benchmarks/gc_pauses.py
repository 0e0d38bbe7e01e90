"""Run `isla serve` with its garbage collections timed: the benchmark's server, not the product.

`python benchmarks/gc_pauses.py OUT serve ...` runs `isla` with the rest of its arguments after
hooking `gc.callbacks`. Every time a collection sets a new longest pause (or after every 100
collections) it rewrites OUT with one line of JSON - the longest pause (wall clock, and CPU time)
and its generation, the number of collections per generation and their total time - so the figures
survive however the server ends. SIGUSR1 starts the figures afresh: load.py sends it when its
measurement begins, so the collections of start-up and warm-up are not counted. load.py reads OUT
after the run. Nothing here is a test.
"""

from __future__ import annotations

import gc
import json
import signal
import sys
import time
from pathlib import Path
from typing import Any


def hook(out: Path) -> None:
    started = [0.0, 0.0]  # wall clock, this process's CPU time
    counts = [0, 0, 0]
    totals = [0.0, 0.0, 0.0]
    longest = [0.0, -1]
    longest_cpu = [0.0]  # on a shared machine the wall clock also counts time other processes ran

    def write() -> None:
        out.write_text(json.dumps({"longest_ms": round(1000 * longest[0], 1), "generation": longest[1],
                                   "longest_cpu_ms": round(1000 * longest_cpu[0], 1),
                                   "collections": counts, "total_ms": [round(1000 * t, 1) for t in totals]}))

    def callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[:] = [time.perf_counter(), time.process_time()]
            return
        pause = time.perf_counter() - started[0]
        longest_cpu[0] = max(longest_cpu[0], time.process_time() - started[1])
        generation = int(info["generation"])
        counts[generation] += 1
        totals[generation] += pause
        if pause > longest[0]:
            longest[0], longest[1] = pause, generation
            write()
        elif sum(counts) % 100 == 0:
            write()

    def reset(_signal: int, _frame: Any) -> None:
        counts[:], totals[:], longest[:], longest_cpu[:] = [0, 0, 0], [0.0, 0.0, 0.0], [0.0, -1], [0.0]
        write()

    gc.callbacks.append(callback)
    signal.signal(signal.SIGUSR1, reset)


if __name__ == "__main__":
    hook(Path(sys.argv[1]))
    from isla.cli import main

    sys.argv = ["isla", *sys.argv[2:]]
    sys.exit(main())
