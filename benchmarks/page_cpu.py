"""The table page's own cost in Chromium over a whole game, as the whole-game browser tests play it.

Run: `python benchmarks/page_cpu.py --game puertorico --seed 1` (also `--game vanuatu`, `--repeat N`).

It starts the browser tests' server (tests/server/servertools.py: uvicorn in a thread, SQLite in a
temporary folder, bots that move at once), seats a guest and three `easy` bots at a table at the
setup of `--seed` (tests/web/positions.py: fixed seating, so the same seed is the same game: the
bots are seeded by the table's seed and the move, and the guest clicks as webplay.py's policy
does), and plays it to the score table in Debian's Chromium (headless, reduced motion, as the
tests). Before the first move it opens a DevTools session on the page and enables its Performance
domain; after the score table it reads `Performance.getMetrics`: the page's main-thread time
(TaskDuration), and within it script, style and layout, and how many style recalculations and
layouts the page did. Wall time is printed beside it but depends on the server and the bots as
much as on the page. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "server"), str(ROOT / "tests" / "web")]

from playwright.sync_api import sync_playwright  # noqa: E402
from positions import open_table, reach, seat_at, sign_in  # noqa: E402
from servertools import PATIENCE, serve  # noqa: E402
from webplay import Player, play_to_the_end  # noqa: E402

from isla.server import ServerConfig  # noqa: E402

METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration",
           "RecalcStyleCount", "LayoutCount", "Nodes")


def one_game(game: str, seed: int, players: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        config = ServerConfig(data_dir=Path(folder), bot_pace=0.0, bot_seconds=None,
                              argon2_time_cost=1, argon2_memory_kib=8 * 1024)
        with serve(config) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            context = browser.new_context(reduced_motion="reduce")
            context.set_default_timeout(PATIENCE * 1000)
            page = context.new_page()
            sign_in(page, server, "Ann")
            position = reach(game, players, seed=seed, until=lambda _state, _seq: True)
            tid = seat_at(server, position, [page] + ["bot:easy"] * (players - 1))
            cdp = context.new_cdp_session(page)
            started = time.monotonic()
            open_table(page, server, tid, 0)
            cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
            player = Player(page)
            play_to_the_end([player])
            wall = time.monotonic() - started
            got = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
            seq = player.seq()
            browser.close()
    figures = {name: got.get(name, 0.0) for name in METRICS}
    figures["wall"] = wall
    figures["clicks"] = len(player.clicks)
    figures["seq"] = seq
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puertorico")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print("command:", " ".join(sys.argv))
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    for _ in range(args.repeat):
        f = one_game(args.game, args.seed, args.players)
        print(f"{args.game} seed {args.seed}: seq {f['seq']:.0f}, {f['clicks']:.0f} clicks, "
              f"wall {f['wall']:.1f} s; "
              f"page main thread {f['TaskDuration']:.2f} s (script {f['ScriptDuration']:.2f} s, "
              f"style {f['RecalcStyleDuration']:.2f} s in {f['RecalcStyleCount']:.0f}, "
              f"layout {f['LayoutDuration']:.2f} s in {f['LayoutCount']:.0f}); nodes {f['Nodes']:.0f}")


if __name__ == "__main__":
    main()
