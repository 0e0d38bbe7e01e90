"""Make the README's screenshot of a game in progress: docs/images/table.png.

The README shows the table page mid-game. This script makes that picture reproducibly, so it can be
regenerated whenever the browser client's look changes (rerun it after UI changes and commit the new
PNG):

    . .venv/bin/activate && python scripts/screenshot.py            # writes docs/images/table.png
    python scripts/screenshot.py --out /tmp/table.png --round 12     # another file, a later round

What it does: starts a real server (`isla serve --port 0` on a fresh data directory in a temporary
folder, bots moving every 0.05 s), opens Debian's Chromium (/usr/bin/chromium, headless, 1366x768;
`playwright install` is never used), signs in as the guest "Ann" in the lobby, creates a 4-seat
table (Ann first, then three `heuristic` bots, which the lobby form does not offer, so through the
HTTP API with the browser's session cookie), and plays Ann's moves by clicking the page's own hooks
with the deterministic policy of tests/web/webplay.py (the first enabled non-pass `data-action`,
else Confirm, else a pass). From round --round on it stops at Ann's first builder or captain turn
(or, three rounds later, at any of her turns), moves the mouse out of the way, scrolls the log to
its newest lines and saves the viewport; then it stops the server. The server picks the game's
seed, so two runs show different games of the same kind.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
DEFAULT_OUT = ROOT / "docs" / "images" / "table.png"
VIEWPORT = {"width": 1366, "height": 768}
BOT_PACE = "0.05"
BOT = "heuristic"
GUEST = "Ann"
# Phases worth a picture: Ann chooses a building (the supply lights up) or a load for a ship.
INTERESTING = {"builder", "captain"}
# Rounds after --round during which only an interesting phase will do; after that, any turn of Ann's.
GRACE_ROUNDS = 3
# How long the page may show no progress at all before the script gives up (seconds).
PATIENCE = 60.0

# The clicking policy of the browser tests: OFFER (what the page offers the viewer now) and
# CHANGED (the page has answered a click). tests/web/webplay.py imports servertools from its sibling
# folder, so both test folders go on the path.
sys.path[:0] = [str(ROOT / "tests" / "web"), str(ROOT / "tests" / "server")]
from webplay import CHANGED, OFFER  # noqa: E402

# Something happened: the page offers a move, or shows a new seq (a bot moved).
NEWS = f"""(before) => {{
  const app = document.querySelector('[data-testid="table-page"]');
  return ({OFFER})() !== null || (app !== null && app.dataset.seq !== before);
}}"""


class ScreenshotError(Exception):
    """The script could not make the picture (the message says why)."""


def start_server(data_dir: Path, log_path: Path) -> tuple[subprocess.Popen[bytes], str]:
    """`isla serve` on a free port with this data directory; the process and its URL (no trailing /).

    Its output goes to a file, not a pipe: uvicorn logs every request to stdout, and a pipe nobody
    reads would fill up and stall the server.
    """
    isla = Path(sys.executable).with_name("isla")
    command = [str(isla), "serve", "--port", "0", "--data-dir", str(data_dir), "--bot-pace", BOT_PACE]
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        match = re.search(r"Isla is serving (http://\S+?)/? ", log_path.read_text(errors="replace"))
        if match:
            return process, match.group(1)
        if process.poll() is not None:
            break
        time.sleep(0.1)
    stop_server(process)
    raise ScreenshotError(f"the server did not announce its URL; its output:\n{log_path.read_text()}")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Stop the server this script started (by its pid), waiting for it to exit."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


def sign_in(page: Page, base: str) -> None:
    page.goto(base + "/")
    page.get_by_test_id("guest-name").fill(GUEST)
    page.get_by_test_id("guest-go").click()
    page.wait_for_function(
        """(name) => {
          const el = document.querySelector('[data-testid="account-name"]');
          return el !== null && el.textContent.trim() === name;
        }""",
        arg=GUEST,
        timeout=PATIENCE * 1000,
    )


def create_table(page: Page, base: str) -> str:
    """A 4-seat table, Ann then three heuristic bots, created with the browser's session; its id."""
    body = {
        "game": "puertorico",
        "seats": [{"kind": "me"}] + [{"kind": "bot", "bot": BOT}] * 3,
        "seating": "fixed",
    }
    answer = page.request.post(base + "/api/tables", data=body, headers={"Origin": base})
    if answer.status != 201:
        raise ScreenshotError(f"creating the table was refused: {answer.status} {answer.text()}")
    table_id: str = answer.json()["table"]["id"]
    page.goto(f"{base}/tables/{table_id}")
    page.wait_for_function(
        """() => /^\\d+$/.test(document.querySelector('[data-testid="table-page"]')?.dataset.seq ?? '')""",
        timeout=PATIENCE * 1000,
    )
    return table_id


def get_table(page: Page, base: str, table_id: str) -> dict[str, Any]:
    answer = page.request.get(f"{base}/api/tables/{table_id}")
    if not answer.ok:
        raise ScreenshotError(f"GET /api/tables/{table_id} failed: {answer.status} {answer.text()}")
    table: dict[str, Any] = answer.json()
    return table


def describe(page: Page) -> str:
    status = page.get_by_test_id("status").inner_text()
    seq = page.get_by_test_id("table-page").get_attribute("data-seq")
    return f"seq {seq}, status {status!r}"


def act(page: Page, offer: dict[str, Any]) -> str:
    """Make the offered move by clicking; wait until the server has answered. What was clicked."""
    if offer["kind"] == "confirm":
        clicked = "confirm"
        page.get_by_test_id("confirm").click()
    else:
        clicked = offer["action"]
        page.locator(f'[data-action="{clicked}"]:not([disabled])').first.click()
    try:
        page.wait_for_function(CHANGED, arg=offer["seq"], timeout=PATIENCE * 1000)
    except PlaywrightTimeout:
        raise ScreenshotError(f"the server never answered the click {clicked!r}: {describe(page)}") from None
    banner = page.get_by_test_id("error-banner")
    if banner.is_visible():
        raise ScreenshotError(f"the server refused the click {clicked!r}: {banner.inner_text()!r}")
    return clicked


def wait_for_news(page: Page) -> None:
    seq = page.get_by_test_id("table-page").get_attribute("data-seq")
    try:
        page.wait_for_function(NEWS, arg=seq, timeout=PATIENCE * 1000)
    except PlaywrightTimeout:
        raise ScreenshotError(f"nothing happened for {PATIENCE:g} s: {describe(page)}") from None


def the_moment(table: dict[str, Any], seat: int, round_wanted: int) -> bool:
    """Whether this snapshot (Ann to move) is the one to photograph."""
    view = table.get("view") or {}
    if table.get("to_move") != seat or not table.get("legal") or view.get("round", 0) < round_wanted:
        return False
    phase = (view.get("phase") or {}).get("name")
    return phase in INTERESTING or view["round"] >= round_wanted + GRACE_ROUNDS


def play_until(page: Page, base: str, table_id: str, round_wanted: int) -> tuple[dict[str, Any], list[str]]:
    """Click Ann's moves until the moment to photograph; that snapshot and Ann's clicks."""
    seat = next(s["seat"] for s in get_table(page, base, table_id)["seats"] if s["name"] == GUEST)
    clicks: list[str] = []
    while True:
        offer: dict[str, Any] | None = page.evaluate(OFFER)
        if offer is None:
            wait_for_news(page)
            continue
        if offer["kind"] == "over":
            raise ScreenshotError(f"the game ended before round {round_wanted}: {describe(page)}")
        table = get_table(page, base, table_id)
        if str(table["seq"]) != offer["seq"]:
            time.sleep(0.05)  # the page has not caught up with the server yet
            continue
        if the_moment(table, seat, round_wanted):
            return table, clicks
        clicks.append(act(page, offer))


def bots_moves_in_log(page: Page, base: str, table_id: str) -> int:
    answer = page.request.get(f"{base}/api/tables/{table_id}/log")
    actions = answer.json()["actions"] if answer.ok else []
    return sum(1 for a in actions if a.get("source") == "bot")


# Ready the page for the picture: no hover, focus or tooltip, and the log showing its newest lines
# (the page stops following the log once a taller prompt has shrunk the log's box, so scroll it).
TIDY = """() => {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  const box = document.querySelector('[data-testid="log"]')?.parentElement;
  if (box) box.scrollTop = box.scrollHeight;
}"""
TOOLTIP_SHOWN = "() => [...document.querySelectorAll('.tooltip')].some((tip) => !tip.hidden)"


def tidy(page: Page) -> None:
    page.mouse.move(683, 6)  # the top bar's empty middle: nothing there has a tooltip
    page.evaluate(TIDY)
    page.wait_for_timeout(500)
    if page.evaluate(TOOLTIP_SHOWN):
        print("note: a tooltip is still shown; the picture will have it")


def make_screenshot(out: Path, round_wanted: int) -> None:
    if not CHROMIUM.is_file():
        raise ScreenshotError(f"Debian's Chromium is missing at {CHROMIUM} (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="isla-screenshot-") as temp:
        process, base = start_server(Path(temp) / "data", Path(temp) / "server.log")
        print(f"started the server (pid {process.pid}) at {base}")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
                try:
                    # Reduced motion: the page's glow on pushed changes is off, so the picture is stable.
                    context = browser.new_context(
                        viewport={"width": VIEWPORT["width"], "height": VIEWPORT["height"]},
                        device_scale_factor=1,
                        reduced_motion="reduce",
                    )
                    page = context.new_page()
                    sign_in(page, base)
                    print(f"signed in as the guest {GUEST}")
                    table_id = create_table(page, base)
                    print(f"created table {table_id}: {GUEST} and three {BOT} bots")
                    table, clicks = play_until(page, base, table_id, round_wanted)
                    view = table["view"]
                    print(
                        f"played {len(clicks)} clicks as {GUEST}; stopped in round {view['round']}, "
                        f"phase {view['phase']['name']}, seq {table['seq']} "
                        f"({bots_moves_in_log(page, base, table_id)} bot moves so far)"
                    )
                    print(f"{GUEST} may now: {json.dumps(table['legal'][:8])}")
                    tidy(page)
                    out.parent.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(out), full_page=False)
                    print(f"saved {out} ({VIEWPORT['width']}x{VIEWPORT['height']})")
                finally:
                    browser.close()
        finally:
            stop_server(process)
            print(f"stopped the server (pid {process.pid})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the README's screenshot of the table page.")
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="where to save the PNG (default docs/images/table.png)"
    )
    parser.add_argument(
        "--round", type=int, default=10, dest="round_wanted",
        help="photograph Ann's turn in this round or later (default 10)",
    )
    args = parser.parse_args(argv)
    if args.round_wanted < 1:
        parser.error("--round must be at least 1")
    try:
        make_screenshot(args.out.resolve(), args.round_wanted)
    except ScreenshotError as error:
        print(f"screenshot: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
