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

import isla
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


def seat_ann(page: Page, server: Running, seed: int, until: Callable[[State, int], bool]) -> str:
    """The guest Ann at seat 0 of the 4-player position `reach` finds, against three easy bots."""
    sign_in(page, server, "Ann")
    position = reach("puertorico", 4, seed=seed, until=until)
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))
    return tid


def test_the_page_proposes_the_best_arrangement_and_confirming_it_loses_no_barrel(
    page: Page, server: Running
) -> None:
    # Round 8, seed 6: 9 colonists; corn 1, indigo 3, sugar 1, tobacco 2; small sugar mill, indigo
    # plant, small market. By the stated order (docs/rules.md): corn, 3 indigo pairs and the sugar
    # pair make 5 barrels with all 9; the market and the tobacco (no storage) stay empty. The page
    # used to staff the market before the corn.
    tid = seat_ann(page, server, 6, placing_of_seat_0_in_round(8))
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


def role_choice_after_three_bots_chose(state: State, played: int) -> bool:  # noqa: ARG001
    """From round 6 on, seat 0 chooses a role after three other seats chose theirs this round."""
    if state.to_move != 0:
        return False
    view = state.view(0)
    taken = {card["taken_by"] for card in view["roles"].values() if card["taken_by"] is not None}
    return bool(view["round"] >= 6 and view["phase"]["name"] == "role" and len(taken) >= 3)


def seated_mid_game(page: Page, server: Running) -> str:
    """Round 6 of seed 10: three easy bots ("Easy bot 1".."3") took a role each; cargo on two ships,
    two goods in the trading house; cities with a coffee roaster, a small sugar mill and a small
    warehouse."""
    tid = seat_ann(page, server, 10, role_choice_after_three_bots_chose)
    expect(page.locator('[data-action^="role:"]').first).to_be_visible()
    return tid


def test_role_cards_show_each_takers_short_name_whole_and_distinct(page: Page, server: Running) -> None:
    seated_mid_game(page, server)
    takers = page.locator(".role-taker:not(.role-free)")
    expect(takers).to_have_count(3)
    shown = takers.evaluate_all(
        "els => els.map(e => ({text: e.textContent, cut: e.scrollWidth > e.clientWidth}))"
    )
    assert sorted(t["text"] for t in shown) == ["Bot 1", "Bot 2", "Bot 3"]  # as "Easy bot 1" .. "3"
    assert not any(t["cut"] for t in shown), shown


# The label and the colonist circles of every building on every board: a label's lines must lie
# inside their building and make up the building's whole name.
CITY_LABELS = """() => [...document.querySelectorAll('[data-testid^="player-"] g.bldg')].map((g) => {
  const box = g.querySelector('.bldg-bg').getBBox();
  const lines = [...g.querySelectorAll('text.bldg-label')];
  const inside = lines.every((t) => {
    const b = t.getBBox();
    return b.x >= box.x && b.y >= box.y && b.x + b.width <= box.x + box.width + 0.5
      && b.y + b.height <= box.y + box.height + 0.5;
  });
  return {key: g.dataset.k, text: lines.map((t) => t.textContent).join(' '), inside};
})"""


def test_city_buildings_show_their_whole_names_inside_their_spaces(page: Page, server: Running) -> None:
    seated_mid_game(page, server)
    catalog = page.request.get(f"{server.url}/api/games/puertorico/catalog").json()
    labels = {b["name"]: b["label"] for b in catalog["buildings"]}
    shown = page.evaluate(CITY_LABELS)
    names = {item["key"].split("-b-", 1)[1] for item in shown}
    assert {"coffee-roaster", "small-sugar-mill", "small-warehouse"} <= names
    for item in shown:
        name = item["key"].split("-b-", 1)[1]
        assert item["text"] == labels[name], item
        assert item["inside"], item


# Every barrel and plantation drawn anywhere, with the mark it carries (None: no mark).
MARKS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('g.barrel')) {
    const good = [...el.classList].find((c) => c.startsWith('barrel-')).slice(7);
    out.push({where: 'barrel', good, mark: el.querySelector('.good-mark')?.getAttribute('d') ?? null});
  }
  for (const el of document.querySelectorAll('g.tile, .ptile[data-k^="face-"]')) {
    const bg = el.querySelector('.tile-bg');
    const kind = el.dataset.v ? el.dataset.v.replace('+', '') : null;
    if (!bg || !kind || kind === 'quarry') continue;
    out.push({where: 'tile', good: kind, mark: el.querySelector('.good-mark')?.getAttribute('d') ?? null});
  }
  return out;
}"""


def test_goods_and_plantations_carry_a_shape_of_their_own_besides_their_colour(
    page: Page, server: Running
) -> None:
    seated_mid_game(page, server)
    drawn = page.evaluate(MARKS)
    kinds = {(item["where"], item["good"]) for item in drawn}
    # Barrels on the ships, in the trading house, the supply and the boards; plantations on the
    # islands and face up: every good appears as a barrel, and several as plantations.
    barrels = {good for where, good in kinds if where == "barrel"}
    assert barrels == {"corn", "indigo", "sugar", "tobacco", "coffee"}
    assert len({good for where, good in kinds if where == "tile"}) >= 3
    assert all(item["mark"] for item in drawn), [item for item in drawn if not item["mark"]][:3]
    shape: dict[str, str] = {}
    for item in drawn:
        assert shape.setdefault(item["good"], item["mark"]) == item["mark"]  # one shape per good
    assert len(set(shape.values())) == len(shape)  # and a different one for each


def test_the_score_table_counts_one_doubloon_and_one_barrel_in_the_singular(
    page: Page, server: Running
) -> None:
    # A finished 3-player game tied on score: the tie-break column says why, in words.
    state = isla.game("puertorico").state_from_json({
        "players": 3, "phase": {"name": "over"}, "vp_supply": 0,
        "seats": [{"doubloons": 1, "goods": {"corn": 1}, "vp": 5}, {"doubloons": 3, "vp": 5}, {"vp": 1}],
    })
    result = state.result().to_json()
    page.goto(server.url)
    box = page.evaluate(
        """async (result) => {
            const board = (await import('/static/games/puertorico/board.js')).default;
            return board.renderScore(result, ['Ann', 'Ben', 'Cy'], 0);
        }""",
        result,
    )
    assert "1 doubloon + 1 barrel" in box
    assert "3 doubloons + 0 barrels" in box
    assert "1 doubloons" not in box


def test_the_goods_supply_counts_one_barrel_in_the_singular(page: Page, server: Running) -> None:
    position = {"players": 3, "goods": {"coffee": 1}, "seats": [{}, {}, {}]}
    state = isla.game("puertorico").state_from_json(position)
    view = state.view(0)
    page.goto(server.url)
    html = page.evaluate(
        """async (view) => {
            const supply = await import('/static/games/puertorico/supply.js');
            return supply.renderGoodsSupply({ view });
        }""",
        view,
    )
    assert 'data-tip="coffee: 1 barrel in the supply"' in html
