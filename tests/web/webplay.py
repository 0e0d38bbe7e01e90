"""Playing a game through the table page by clicking, as a person would, for the browser tests.

The policy is simple and deterministic, and uses only the page's hooks (see each board's
interact.js: src/isla/games/puertorico/web/, src/isla/games/vanuatu/web/ and the generic board's
src/isla/web/js/generic/): on the seat's turn it clicks the first enabled element whose
`data-action` is not a pass, else the enabled Confirm button (the page's own mayor arrangement or
choice of goods to keep), else the first enabled pass. Every click goes to the server; the policy
then waits until the page shows a new sequence number; an error banner instead fails the test.
The `SPREAD` variant clicks, instead of the first move, the one the table's sequence number points
at (seq modulo the number of moves): still deterministic, but it tries every kind of element the
page offers (in Vanuatu the first legal space is always legal again, so "the first" would only
ever plan one space).

Waits are bounded by progress, not by time: a game may take as long as it takes, but a page on
which nothing has changed for servertools.PATIENCE seconds fails the test with what it showed.

Only the whole-game tests play from the setup; a test that needs a game in progress seats its pages
at a stored position near the moment it checks (positions.py: `reach`, `seat_at`, `open_table`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from servertools import PATIENCE, Running, get, table_log

# What the page offers the viewer now: "over" (the score table is shown), a move to make
# ({"kind": "action", "action": text} or {"kind": "confirm"}), or null (not our turn, or busy).
OFFER_TEMPLATE = """() => {
  const app = document.querySelector('[data-testid="table-page"]');
  if (!app) return null;
  if (document.querySelector('[data-testid="score-table"]')) return {kind: 'over', seq: app.dataset.seq};
  if (app.dataset.busy === 'true') return null;
  const enabled = [...document.querySelectorAll('[data-action]')].filter((el) => !el.disabled);
  const moves = enabled.filter((el) => !/:pass$/.test(el.dataset.action));
  const move = moves[CHOICE];
  if (move) return {kind: 'action', action: move.dataset.action, seq: app.dataset.seq};
  const confirm = document.querySelector('[data-testid="confirm"]:not([disabled])');
  if (confirm) return {kind: 'confirm', seq: app.dataset.seq};
  if (enabled.length) return {kind: 'action', action: enabled[0].dataset.action, seq: app.dataset.seq};
  return null;
}"""
OFFER = OFFER_TEMPLATE.replace("CHOICE", "0")
SPREAD_CHOICE = "Number(app.dataset.seq) % Math.max(moves.length, 1)"
SPREAD = OFFER_TEMPLATE.replace("CHOICE", SPREAD_CHOICE)


CHANGED = """(before) => {
  const app = document.querySelector('[data-testid="table-page"]');
  const banner = document.querySelector('[data-testid="error-banner"]');
  return (app && app.dataset.seq !== before) || (banner && !banner.hidden);
}"""


@dataclass
class Player:
    """One page seated at a table, with what it did (for the assertions)."""

    page: Page
    clicks: list[str] = field(default_factory=list)
    policy: str = OFFER  # OFFER or SPREAD

    def seq(self) -> int:
        value = self.page.get_by_test_id("table-page").get_attribute("data-seq")
        return int(value) if value is not None else -1

    def offer(self) -> dict[str, Any] | None:
        offer: dict[str, Any] | None = self.page.evaluate(self.policy)
        return offer

    def over(self) -> bool:
        offer = self.offer()
        return offer is not None and offer["kind"] == "over"

    def act(self, offer: dict[str, Any]) -> None:
        """Make the offered move and wait until the server has answered (a new seq or an error)."""
        banner = self.page.get_by_test_id("error-banner")
        if offer["kind"] == "confirm":
            self.clicks.append("confirm")
            self.page.get_by_test_id("confirm").click()
        else:
            action = offer["action"]
            self.clicks.append(action)
            self.page.locator(f'[data-action="{action}"]:not([disabled])').first.click()
        try:
            self.page.wait_for_function(CHANGED, arg=offer["seq"], timeout=PATIENCE * 1000)
        except PlaywrightTimeout:
            raise AssertionError(f"the server never answered a click: {self.describe()}") from None
        if banner.is_visible():
            # The page offered a move and the server refused it: the page and the server disagree.
            raise AssertionError(f"the server refused a click: {banner.inner_text()!r}; {self.describe()}")

    def describe(self) -> str:
        status = self.page.get_by_test_id("status").inner_text()
        return f"seq {self.seq()}, status {status!r}, last clicks {self.clicks[-5:]}"


def play(players: Sequence[Player], until: Callable[[], bool], what: str) -> None:
    """Let the players click their moves until `until()` holds (checked between moves).

    Fails (naming `what` and what each page shows) when no page offers a move and nothing changes
    for PATIENCE seconds, or when the game ends before `until()` holds.
    """
    while not until():
        offers = [(player, player.offer()) for player in players]
        moving = [(p, o) for p, o in offers if o is not None and o["kind"] != "over"]
        if moving:
            player, offer = moving[0]
            assert offer is not None
            player.act(offer)
            continue
        if any(o is not None and o["kind"] == "over" for _, o in offers):
            if until():
                return
            raise AssertionError(f"the game ended before {what}: " + "; ".join(p.describe() for p in players))
        wait_for_news(players, what)


NEWS = f"""(before) => {{
  const app = document.querySelector('[data-testid="table-page"]');
  return ({OFFER})() !== null || (app !== null && app.dataset.seq !== before);
}}"""


def wait_for_news(players: Sequence[Player], what: str) -> None:
    """Wait until some page offers a move or shows a new seq (the bots or the other player moved)."""
    before = [str(p.seq()) for p in players]
    if len(players) == 1:
        try:
            players[0].page.wait_for_function(NEWS, arg=before[0], timeout=PATIENCE * 1000)
        except PlaywrightTimeout:
            raise AssertionError(
                f"nothing happened for {PATIENCE} s while waiting for {what}: {players[0].describe()}"
            ) from None
        return
    # Several pages: each is watched in turn for a moment, so a move on any of them is seen soon.
    slice_ms = 100
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        for player, seq in zip(players, before, strict=True):
            try:
                player.page.wait_for_function(NEWS, arg=seq, timeout=slice_ms)
                return
            except PlaywrightTimeout:
                continue
    raise AssertionError(
        f"nothing happened for {PATIENCE} s while waiting for {what}: "
        + "; ".join(p.describe() for p in players)
    )


def play_to_the_end(players: Sequence[Player]) -> None:
    play(players, lambda: any(p.over() for p in players), "the end of the game")


def board_state(page: Page) -> dict[str, str | None]:
    """What the board shows, element by element (the page's data-k / data-v pairs)."""
    pairs: dict[str, str | None] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('[data-k]')]
             .map((el) => [el.dataset.k, el.dataset.v ?? null]))"""
    )
    return pairs


def log_lines(page: Page) -> list[str]:
    """The game log in words as the page shows it."""
    return [line.strip() for line in page.get_by_test_id("log").inner_text().splitlines() if line.strip()]


def table_id(page: Page) -> str:
    match = re.search(r"/tables/([^/?#]+)$", page.url)
    assert match, page.url
    return match.group(1)


def sign_in_as_guest(page: Page, server: Running, name: str) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("guest-name").fill(name)
    page.get_by_test_id("guest-go").click()
    expect(page.get_by_test_id("account-name")).to_have_text(name)


def register_in_lobby(page: Page, server: Running, name: str, password: str = "correct horse") -> None:
    """A new account `name`, registered through the lobby's sign-in form."""
    page.goto(server.url + "/")
    page.get_by_test_id("account-forms").locator("summary").click()
    page.get_by_test_id("login-name").fill(name)
    page.get_by_test_id("login-password").fill(password)
    page.get_by_test_id("register-go").click()
    expect(page.get_by_test_id("account-name")).to_have_text(name)


# A whole game by clicking may take this long before pytest-timeout stops it (the suite's default
# per-test limit is in pyproject.toml): `@pytest.mark.timeout(WHOLE_GAME_TIMEOUT)`.
WHOLE_GAME_TIMEOUT = 15 * 60

# A guest's usual table (create_table's seats): the guest first, then three easy bots.
THREE_EASY_BOTS = ["me", "bot:easy", "bot:easy", "bot:easy"]


def create_table(page: Page, seats: Sequence[str], seating: str = "fixed", game: str | None = None,
                 ranked: bool = False) -> str:
    """From the signed-in lobby: a table of `game` (the form's first game if None) with these seats
    ("me", "open", "bot:easy", ...), ranked if asked (an account's lobby only); its id once the
    table page shows it."""
    if game is not None:
        page.get_by_test_id("game").select_option(game)
    page.get_by_test_id("seat-count").select_option(str(len(seats)))
    page.get_by_test_id("seating").select_option(seating)
    for index, kind in enumerate(seats):
        page.get_by_test_id(f"seat-{index}-kind").select_option(kind)
    if ranked:
        page.get_by_test_id("ranked").check()
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/tables/[^/]+$"))
    expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", re.compile(r"\d+"))
    return table_id(page)


def ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def seat_of(table: dict[str, Any], name: str) -> int:
    seats = table["seats"]
    assert isinstance(seats, list)
    found = [s["seat"] for s in seats if s["name"] == name]
    assert len(found) == 1, seats
    seat: int = found[0]
    return seat


def check_the_score_table(page: Page, server: Running, tid: str, name: str) -> dict[str, Any]:
    """The game is over: the page's score table shows the server's ranks and totals, and every move
    of the seat of the person called `name` was theirs (no bot played it). Returns the table."""
    score = page.get_by_test_id("score-table")
    expect(score).to_be_visible()
    with server.client() as client:
        table = get(client, tid)
        log = table_log(client, tid)
    assert table["status"] == "finished"
    expect(score.locator("tbody tr")).to_have_count(table["players"])
    result = table["result"]
    for seat in range(table["players"]):
        row = page.get_by_test_id(f"score-row-{seat}")
        expect(row.locator(".score-rank")).to_contain_text(ordinal(result["ranks"][seat]))
        expect(row.locator(".score-total")).to_have_text(str(result["scores"][seat]))
    expect(page.get_by_test_id("status")).to_contain_text("over")
    mine = [a for a in log["actions"] if a["seat"] == seat_of(table, name)]
    assert mine and all(a["source"] == "player" for a in mine)
    return table
