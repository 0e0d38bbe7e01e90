"""The Vanuatu page's own JavaScript in Chromium on positions a clicked game rarely reaches at the
moment wanted: a bonus the viewer may decline (§11), a stack only the bonus makes possible (V11),
tile placement and the score table's tie-break.

Each position is a real one: the engine makes it from a hand-written position and gives its view
and legal actions; the page's shipped modules (interact.js, board.js) draw the prompt, the board
and the "Also possible" list into the page, and clicks go through the page's own Interaction, as
on the table page (table.js dispatches a click on [data-action] or [data-ui] the same way).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from servertools import Running

import isla

GAME = isla.game("vanuatu")
NAMES = ["Ann", "Ben", "Cy"]
START = [{"cell": "0,0", "tile": "efate", "goods": {"kava": 1, "copra": 1, "beef": 1}},
         {"cell": "1,0", "tile": "start-fish"}, {"cell": "0,1", "tile": "start-wreck"},
         {"cell": "1,1", "tile": "start-boats"}]
BIG = [*START, {"cell": "2,1", "tile": "B2"}, {"cell": "3,1", "tile": "E1"}]
BUSY = {"markers": {"draw": 1, "sail": 1}}

HARNESS = """async ([view, legal, catalogRaw, names]) => {
    const { Interaction } = await import('/static/games/vanuatu/interact.js');
    const { normalize } = await import('/static/games/vanuatu/catalog.js');
    const board = (await import('/static/games/vanuatu/board.js')).default;
    const catalog = normalize(catalogRaw);
    const table = { seq: 1, status: 'playing', view, legal, you: { seat: 0 } };
    const ix = new Interaction();
    ix.sync(table, catalog);
    let root = document.getElementById('under-test');
    if (!root) {
        root = document.createElement('div');
        root.id = 'under-test';
        document.body.prepend(root);
        root.addEventListener('click', (event) => {
            const el = event.target.closest('[data-action],[data-ui]');
            if (!el) return;
            event.preventDefault();
            const result = window.__ix.handle(el);
            if (result && result.actions) window.__sent = result.actions;
            if (result === 'render') window.__draw();
        });
    }
    window.__ix = ix;
    window.__sent = null;
    window.__draw = () => {
        const ctx = { table, view, catalog, me: 0, names, ix };
        const drawn = board.render(ctx);
        root.innerHTML = `<div id="t-prompt">${ix.promptHtml()}</div>${[].concat(drawn.supply).join("")}`
            + '<div id="t-fallback"></div>';
        root.querySelector('#t-fallback').innerHTML = ix.fallbackHtml(ix.missing(root));
    };
    window.__draw();
}"""


def show(page: Page, server: Running, seat: dict[str, Any], **fields: Any) -> None:
    """Draw the position (seat 0 to move, bonuses optional) with the page's modules."""
    data: dict[str, Any] = {
        "players": 3, "first": 0, "round": 3, "board": START, "options": {"bonuses": "optional"},
        "seats": [seat, BUSY, {}], "phase": {"name": "resolution", "seat": 0},
        "rest_pile": ["coin", "point", "both", "first"],
    }
    data.update(fields)
    state = GAME.state_from_json(data)
    page.goto(server.url)
    legal = [a.text for a in state.legal_actions()]
    page.evaluate(HARNESS, [state.view(0), legal, GAME.catalog(), NAMES])


def sent(page: Page) -> Any:
    return page.evaluate("window.__sent")


def fallback_actions(page: Page) -> list[str | None]:
    return [b.get_attribute("data-action") for b in page.locator("#t-fallback [data-action]").all()]


def test_s11_the_bonus_is_one_click_and_the_box_declines_it(page: Page, server: Running) -> None:
    show(page, server, {"markers": {"fish": 1, "rest": 1}, "boat": "start-fish", "character": "fisherman"})
    box = page.get_by_test_id("use-bonus")
    expect(box).to_contain_text("Use my Fisherman's bonus")
    expect(box.locator("input")).to_be_checked()
    fish = page.locator("#under-test").get_by_test_id("space-fish")
    expect(fish).to_have_attribute("data-action", "fish")
    assert fallback_actions(page) == []  # no ":nobonus" twin floods the "Also possible" list
    box.click()
    expect(box.locator("input")).not_to_be_checked()
    expect(fish).to_have_attribute("data-action", "fish:nobonus")
    assert fallback_actions(page) == []  # nor the bonus version, reached by the box again
    fish.click()
    assert sent(page) == ["fish:nobonus"]
    box.click()
    expect(fish).to_have_attribute("data-action", "fish")


def test_s11_a_navigator_declining_sails_only_as_far_as_its_vatus_pay(page: Page, server: Running) -> None:
    seat = {"markers": {"sail": 1, "rest": 1}, "vatus": 1, "character": "navigator"}
    show(page, server, seat, board=BIG)
    root = page.locator("#under-test")
    far, near = root.get_by_test_id("cell-3,1"), root.get_by_test_id("cell-2,1")  # E1: 2 steps, B2: 1
    expect(far).to_have_attribute("data-action", "sail:E1")
    expect(far.locator(".sail-cost")).to_have_text("free")
    page.get_by_test_id("use-bonus").click()
    expect(far).not_to_have_attribute("data-action", "sail:E1")
    expect(near).to_have_attribute("data-action", "sail:B2:nobonus")
    expect(near.locator(".sail-cost")).to_have_text("1 vatu")
    assert fallback_actions(page) == []
    near.click()
    assert sent(page) == ["sail:B2:nobonus"]


def test_v11_a_sale_only_the_vendors_bonus_allows_is_declined_by_a_button(
    page: Page, server: Running
) -> None:
    board = [{**START[0], "huts": [0, 1, 0]}, *START[1:]]
    show(page, server, {"markers": {"sell": 1, "rest": 1}, "fish": [2], "character": "vendor"}, board=board)
    decline = page.locator('#t-prompt [data-action="clear:sell"]')
    expect(decline).to_have_text("Decline the Vendor's bonus: take back your markers from Sell (no effect)")
    expect(page.get_by_test_id("use-bonus")).to_have_count(0)  # nothing else to decline
    sell = page.locator("#under-test").get_by_test_id("space-sell")
    expect(sell).to_have_attribute("data-action", "sell:2")


def test_a_tile_is_placed_next_to_tiles_the_map_names_not_at_coordinates(page: Page, server: Running) -> None:
    show(page, server, {}, round=2, phase={"name": "tiles", "seat": 0}, archipelago={"preview": ["A1", "B1"]})
    hexes = page.locator('#under-test [data-action^="tile:A1@"]')
    assert hexes.count() > 0
    for tip in (h.get_attribute("data-tip") or "" for h in hexes.all()):
        assert tip.startswith("Place A1 next to "), tip
        assert re.search(r"-?\d+,-?\d+", tip) is None, tip  # no axial "q,r"


def test_the_score_table_shows_the_tie_break_as_huts_and_vatus(page: Page, server: Running) -> None:
    records = Path(__file__).resolve().parents[1] / "games" / "vanuatu" / "records"
    path = records / "vanuatu-4p-seed12-before-optional-bonuses.json"
    record = isla.Record.from_json(json.loads(path.read_text()))
    result = record.replay().result().to_json()
    page.goto(server.url)
    page.evaluate(
        """async ([result, names]) => {
            const board = (await import('/static/games/vanuatu/board.js')).default;
            const box = document.createElement('div');
            box.id = 'score-under-test';
            box.innerHTML = board.renderScore(result, names, 0, { options: {} });
            document.body.prepend(box);
        }""",
        [result, [*NAMES, "Di"]],
    )
    box = page.locator("#score-under-test")
    expect(box.locator("thead")).to_contain_text("Tie-break: huts")
    for seat, part in enumerate(result["breakdown"]):
        expect(box.get_by_test_id(f"score-huts_built-{seat}")).to_have_text(str(part["huts_built"]))
        expect(box.get_by_test_id(f"score-vatus_left-{seat}")).to_have_text(str(part["vatus_left"]))
        assert part["tiebreak"] == 100 * part["huts_built"] + part["vatus_left"] >= 100
        # the ranking number (huts x 100 + vatus) is never shown
        expect(box.get_by_test_id(f"score-row-{seat}")).not_to_contain_text(str(part["tiebreak"]))
