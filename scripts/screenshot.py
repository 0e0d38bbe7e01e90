"""Make the docs' screenshots of a game in progress: docs/images/table.png and vanuatu.png.

The README shows the Puerto Rico table page mid-game, docs/vanuatu.md the Vanuatu one. This script
makes those pictures reproducibly, so they can be regenerated whenever the browser client's look
changes (rerun it after UI changes and commit the new PNG):

    . .venv/bin/activate && python scripts/screenshot.py            # writes docs/images/table.png
    python scripts/screenshot.py --out /tmp/table.png --round 12     # another file, a later round
    python scripts/screenshot.py --game vanuatu                      # writes docs/images/vanuatu.png
    python scripts/screenshot.py --game vanuatu --viewport 844x390 --out /tmp/phone.png
    python scripts/screenshot.py --lang de --round 3 --out docs/images/table-de.png   # in German

What it does: starts a real server (`isla serve --port 0` on a fresh data directory in a temporary
folder, bots moving every 0.05 s), opens Debian's Chromium (/usr/bin/chromium, headless, 1366x768
unless --viewport says otherwise; `playwright install` is never used), signs in as the guest "Ann"
in the lobby, creates a 4-seat table of the game (Ann first, then three `heuristic` bots, which the
lobby form does not offer, so through the HTTP API with the browser's session cookie), and plays
Ann's moves by clicking the page's own hooks with a deterministic policy of tests/web/webplay.py:
for Puerto Rico the first enabled non-pass `data-action`, else Confirm, else a pass; for Vanuatu
its SPREAD variant (the move the sequence number points at), since "the first" would plan one space
only. From round --round on (default 10 for Puerto Rico, 4 for Vanuatu) it stops at Ann's first
turn in a phase worth a picture (Puerto Rico: builder or captain; Vanuatu: resolution, with every
marker on the board) or, some rounds later, at any turn of hers in a fallback phase (Puerto Rico:
any; Vanuatu: planning or resolution), moves the mouse out of the way, scrolls the log to its newest
lines and saves the viewport; then it stops the server. The server picks the game's seed, so two
runs show different games of the same kind.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
VIEWPORT = (1366, 768)
BOT_PACE = "0.05"
BOT = "heuristic"
GUEST = "Ann"
# How long the page may show no progress at all before the script gives up (seconds).
PATIENCE = 60.0

# The clicking policy of the browser tests: OFFER (what the page offers the viewer now) and
# CHANGED (the page has answered a click). tests/web/webplay.py imports servertools from its sibling
# folder, so both test folders go on the path.
sys.path[:0] = [str(ROOT / "tests" / "web"), str(ROOT / "tests" / "server")]
from webplay import CHANGED, OFFER, SPREAD  # noqa: E402


@dataclass(frozen=True)
class Shot:
    """What to photograph for one game: where, from which round, in which phases, clicking how."""

    out: Path
    round_wanted: int
    interesting: frozenset[str]  # phases worth a picture
    grace_rounds: int  # rounds after round_wanted during which only an interesting phase will do
    fallback: frozenset[str] | None  # the phases that do after that (None: any turn of Ann's)
    dull: tuple[str, ...]  # prefixes of moves that make an interesting phase no picture if all are such
    policy: str  # the clicking policy (a webplay.py OFFER script)


SHOTS = {
    # Ann chooses a building (the supply lights up) or a load for a ship.
    "puertorico": Shot(
        out=ROOT / "docs" / "images" / "table.png",
        round_wanted=10,
        interesting=frozenset({"builder", "captain"}),
        grace_rounds=3,
        fallback=None,
        dull=(),
        policy=OFFER,
    ),
    # Ann acts on the spaces she planned (every seat's markers are on the board), else plans one;
    # the game has 8 rounds, so the picture is mid-game by round 4.
    "vanuatu": Shot(
        out=ROOT / "docs" / "images" / "vanuatu.png",
        round_wanted=4,
        interesting=frozenset({"resolution"}),
        grace_rounds=1,
        fallback=frozenset({"planning", "resolution"}),
        dull=("clear:",),  # only taking markers back: nothing on the board lights up
        policy=SPREAD,
    ),
}

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


def create_table(page: Page, base: str, game: str) -> str:
    """A 4-seat table, Ann then three heuristic bots, created with the browser's session; its id."""
    body = {
        "game": game,
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


def the_moment(table: dict[str, Any], seat: int, shot: Shot) -> bool:
    """Whether this snapshot (Ann to move) is the one to photograph."""
    view = table.get("view") or {}
    if table.get("to_move") != seat or not table.get("legal") or view.get("round", 0) < shot.round_wanted:
        return False
    phase = (view.get("phase") or {}).get("name")
    if phase in shot.interesting and not all(move.startswith(shot.dull) for move in table["legal"]):
        return True
    late = view["round"] >= shot.round_wanted + shot.grace_rounds
    return late and (shot.fallback is None or phase in shot.fallback)


def play_until(page: Page, base: str, table_id: str, shot: Shot) -> tuple[dict[str, Any], list[str]]:
    """Click Ann's moves until the moment to photograph; that snapshot and Ann's clicks."""
    seat = next(s["seat"] for s in get_table(page, base, table_id)["seats"] if s["name"] == GUEST)
    clicks: list[str] = []
    while True:
        offer: dict[str, Any] | None = page.evaluate(shot.policy)
        if offer is None:
            wait_for_news(page)
            continue
        if offer["kind"] == "over":
            raise ScreenshotError(f"the game ended before round {shot.round_wanted}: {describe(page)}")
        table = get_table(page, base, table_id)
        if str(table["seq"]) != offer["seq"]:
            time.sleep(0.05)  # the page has not caught up with the server yet
            continue
        if the_moment(table, seat, shot):
            return table, clicks
        clicks.append(act(page, offer))


def bots_moves_in_log(page: Page, base: str, table_id: str) -> int:
    answer = page.request.get(f"{base}/api/tables/{table_id}/log")
    actions = answer.json()["actions"] if answer.ok else []
    return sum(1 for a in actions if a.get("source") == "bot")


# Ready the page for the picture: no hover, focus or tooltip, the page at its top (a narrow window
# scrolls, and clicks scroll the clicked element into view), and the log showing its newest lines
# (the page stops following the log once a taller prompt has shrunk the log's box, so scroll it).
TIDY = """() => {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  window.scrollTo(0, 0);
  const box = document.querySelector('[data-testid="log"]')?.parentElement;
  if (box) box.scrollTop = box.scrollHeight;
}"""
TOOLTIP_SHOWN = "() => [...document.querySelectorAll('.tooltip')].some((tip) => !tip.hidden)"


def tidy(page: Page, width: int) -> None:
    page.mouse.move(width // 2, 6)  # the top bar's empty middle: nothing there has a tooltip
    page.evaluate(TIDY)
    page.wait_for_timeout(500)
    if page.evaluate(TOOLTIP_SHOWN):
        print("note: a tooltip is still shown; the picture will have it")


def make_screenshot(
    game: str, shot: Shot, out: Path, viewport: tuple[int, int], lang: str | None = None
) -> None:
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
                        viewport={"width": viewport[0], "height": viewport[1]},
                        device_scale_factor=1,
                        reduced_motion="reduce",
                        # The browser asks for the language, and the page remembers it as chosen.
                        **({"locale": lang} if lang else {}),
                    )
                    if lang:
                        context.add_init_script(f"localStorage.setItem('isla.lang', {json.dumps(lang)})")
                    page = context.new_page()
                    sign_in(page, base)
                    print(f"signed in as the guest {GUEST}")
                    table_id = create_table(page, base, game)
                    print(f"created a {game} table {table_id}: {GUEST} and three {BOT} bots")
                    table, clicks = play_until(page, base, table_id, shot)
                    view = table["view"]
                    print(
                        f"played {len(clicks)} clicks as {GUEST}; stopped in round {view['round']}, "
                        f"phase {view['phase']['name']}, seq {table['seq']} "
                        f"({bots_moves_in_log(page, base, table_id)} bot moves so far)"
                    )
                    print(f"{GUEST} may now: {json.dumps(table['legal'][:8])}")
                    tidy(page, viewport[0])
                    out.parent.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(out), full_page=False)
                    print(f"saved {out} ({viewport[0]}x{viewport[1]})")
                finally:
                    browser.close()
        finally:
            stop_server(process)
            print(f"stopped the server (pid {process.pid})")


def viewport_size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT in CSS pixels, for --viewport."""
    match = re.fullmatch(r"(\d+)x(\d+)", text.strip())
    if not match or not (200 <= int(match.group(1)) <= 4000 and 200 <= int(match.group(2)) <= 4000):
        raise argparse.ArgumentTypeError(f"not a size like 1366x768 (200 to 4000 each way): {text!r}")
    return int(match.group(1)), int(match.group(2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the docs' screenshot of a table page mid-game.")
    parser.add_argument(
        "--game", choices=sorted(SHOTS), default="puertorico", help="the game (default puertorico)"
    )
    parser.add_argument(
        "--out", type=Path, default=None,
        help="where to save the PNG (default docs/images/table.png, for Vanuatu docs/images/vanuatu.png)",
    )
    parser.add_argument(
        "--round", type=int, default=None, dest="round_wanted",
        help="photograph Ann's turn in this round or later (default 10, for Vanuatu 4)",
    )
    parser.add_argument(
        "--viewport", type=viewport_size, default=VIEWPORT,
        help="the window in CSS pixels, WxH (default 1366x768; a phone in landscape: 844x390)",
    )
    parser.add_argument(
        "--lang", choices=("en", "pt", "nl", "de", "zh"), default=None,
        help="the page's language (default: the browser's, English)",
    )
    args = parser.parse_args(argv)
    shot = SHOTS[args.game]
    if args.round_wanted is not None:
        if args.round_wanted < 1:
            parser.error("--round must be at least 1")
        shot = replace(shot, round_wanted=args.round_wanted)
    out = (args.out if args.out is not None else shot.out).resolve()
    try:
        make_screenshot(args.game, shot, out, args.viewport, args.lang)
    except ScreenshotError as error:
        print(f"screenshot: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
