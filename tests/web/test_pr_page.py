"""The Puerto Rico table page as a new user met it (issue 11), in Chromium from stored positions:
the mayor's proposed arrangement, the role cards' names, the city's building names, goods and
plantations told apart by more than colour, and plurals.

Each test seats a guest at a position reached by the `easy` bots (positions.py) and looks at what
the real page draws from what the real server sends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect
from positions import open_table, reach, seat_at, sign_in
from servertools import Running

from isla.core import State
from isla.games.puertorico.state import PLACE


def placing_of_seat_0_in_round(round_: int) -> Callable[[State, int], bool]:
    """Seat 0 is placing its colonists in round `round_` (for `reach`)."""

    def check(state: State, played: int) -> bool:  # noqa: ARG001 - reach's signature
        core = state.core  # type: ignore[attr-defined]
        return bool(core.phase == PLACE and state.to_move == 0 and core.round == round_)

    return check


def arrangement_shown(page: Page, seat: int) -> dict[str, int]:
    """The arrangement the page draws on `seat`'s board: occupied tiles by kind, colonists by building."""
    shown: dict[str, int] = {}
    for value in page.locator(f'[data-k^="s{seat}-tile-"]').evaluate_all("els => els.map(e => e.dataset.v)"):
        if value.endswith("+"):
            shown[value[:-1]] = shown.get(value[:-1], 0) + 1
    buildings = page.locator(f'[data-k^="s{seat}-b-"]').evaluate_all(
        "els => els.map(e => [e.dataset.k, Number(e.dataset.v)])"
    )
    for key, n in buildings:
        if n:
            shown[key.removeprefix(f"s{seat}-b-")] = n
    return shown


def snapshot(page: Page, server: Running, table_id: str) -> dict[str, Any]:
    response = page.request.get(f"{server.url}/api/tables/{table_id}")
    assert response.ok, response.text()
    table: dict[str, Any] = response.json()
    return table


def test_the_page_proposes_the_best_arrangement_and_confirming_it_loses_no_barrel(
    page: Page, server: Running
) -> None:
    # Round 8, seed 6: 9 colonists; corn 1, indigo 3, sugar 1, tobacco 2; small sugar mill, indigo
    # plant, small market. By the stated order (docs/rules.md): corn, 3 indigo pairs and the sugar
    # pair make 5 barrels with all 9; the market and the tobacco (no storage) stay empty. The page
    # used to staff the market before the corn.
    sign_in(page, server, "Ann")
    position = reach("puertorico", 4, seed=6, until=placing_of_seat_0_in_round(8))
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))
    expect(page.get_by_test_id("confirm")).to_be_enabled()
    best = {"corn": 1, "indigo": 3, "sugar": 1, "small-sugar-mill": 1, "indigo-plant": 3}
    assert snapshot(page, server, tid)["view"]["mayor_proposal"] == best
    assert arrangement_shown(page, 0) == best
    expect(page.get_by_test_id("mayor-san-juan")).to_have_text("0")

    page.get_by_test_id("confirm").click()

    expect(page.get_by_test_id("confirm")).to_have_count(0)
    board = snapshot(page, server, tid)["view"]["seats"][0]
    placed = {**board["occupied"], **{name: n for name, n in board["city"].items() if n}}
    assert placed == best
