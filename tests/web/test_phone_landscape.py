"""A phone in landscape (844x390) shows the table on one screen: the player's own board and the
decision at hand are on it, and the log is one tap (or swipe) away; the page itself never scrolls.

Each game starts from a stored position where the decision sits low in its column if nothing
brings it up: Puerto Rico's building market, Vanuatu's action spaces.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Locator, expect
from positions import open_table, reach, seat_at, sign_in
from servertools import Running

from isla.core import State

PHONE = {"width": 844, "height": 390}
# What the page shows where: visible and clickable means the element is what is at its centre.
ON_TOP = """(el) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return hit !== null && (hit === el || el.contains(hit));
}"""


def phase_of(name: str) -> Callable[[State, int], bool]:
    """The first moment Ann (seat 0) is to decide in the phase `name`."""
    return lambda state, _: state.to_move == 0 and state.view(0)["phase"]["name"] == name


def on_top(locator: Locator) -> bool:
    shown: bool = locator.evaluate(ON_TOP)
    return shown


@pytest.mark.parametrize(("game", "phase"), [("puertorico", "builder"), ("vanuatu", "planning")])
def test_the_own_board_and_the_decision_fit_the_first_screen_and_the_log_is_a_tap_away(
    new_context: Callable[..., BrowserContext], server: Running, game: str, phase: str
) -> None:
    page = new_context(viewport=PHONE).new_page()
    sign_in(page, server, "Ann")
    position = reach(game, 4, seed=4, until=phase_of(phase))
    open_table(page, server, seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"]),
               len(position.actions))
    expect(page.locator('[data-testid="status"].mine')).to_be_visible()  # Ann's decision is shown

    # One screen: the page does not scroll, and what needs deciding is on it, clickable.
    height = page.evaluate("() => document.documentElement.scrollHeight / innerHeight")
    assert height <= 1.0, f"the page is {height:.1f} screens tall"
    assert on_top(page.locator(".player-me"))
    decision = page.locator("#players [data-action]:not([disabled]), #supply [data-action]:not([disabled])")
    expect(decision.first).to_be_attached()
    assert on_top(decision.first), decision.first.get_attribute("data-action")

    # The log is one tap away, and the board one tap back.
    log_pane = page.locator("#log-pane")
    expect(log_pane).not_to_be_in_viewport(ratio=0.5)
    page.get_by_test_id("log-toggle").click()
    expect(log_pane).to_be_in_viewport(ratio=0.9)
    expect(page.get_by_test_id("log-toggle")).to_have_text("Board")
    page.get_by_test_id("log-toggle").click()
    expect(page.locator(".player-me")).to_be_in_viewport(ratio=0.9)
