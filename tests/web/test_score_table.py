"""The score table in Chromium for results a whole clicked game rarely reaches: a Vanuatu island
flooded by the Rising Waters (§14: everyone loses), next to an ordinary finish.

The results are real ones, played out by the engine with random moves; the page's own board module
renders them, so this checks the shipped JavaScript on what the server would send.
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page, expect
from servertools import Running

import isla

NAMES = ["Ann", "Ben", "Cy", "Di"]


def random_vanuatu_result(flooded: bool) -> dict[str, Any]:
    """The result of the first seeded random 4-player Rising Waters game that ends flooded (or not)."""
    game = isla.game("vanuatu")
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_state(4, seed=seed, options={"rising_waters": True})
        while state.to_move is not None:
            state.apply(rng.choice(state.legal_actions()))
        result = state.result()
        if result.nobody_wins == flooded:
            return result.to_json()
    raise AssertionError(f"no random game in 200 ended {'flooded' if flooded else 'dry'}")


def show_score(page: Page, server: Running, result: dict[str, Any]) -> None:
    """Render `result` with the Vanuatu board's score table into the page, as the table page does."""
    page.goto(server.url)
    page.evaluate(
        """async ([result, names]) => {
            const board = (await import('/static/games/vanuatu/board.js')).default;
            const box = document.createElement('div');
            box.id = 'score-under-test';
            box.innerHTML = board.renderScore(result, names, 0, { options: { rising_waters: true } });
            document.body.prepend(box);
        }""",
        [result, NAMES],
    )


def test_a_flooded_island_shows_nobody_wins_and_no_winner(page: Page, server: Running) -> None:
    result = random_vanuatu_result(flooded=True)
    show_score(page, server, result)
    box = page.locator("#score-under-test")
    expect(box.get_by_test_id("nobody-wins")).to_have_text("Nobody wins: every player lost this game.")
    expect(box.locator(".score-winner")).to_have_count(0)
    expect(box.locator("tbody tr")).to_have_count(4)
    expect(box.locator("thead")).to_contain_text("Water")  # the Rising Waters column


def test_a_dry_finish_marks_its_winner_and_does_not_say_nobody_wins(page: Page, server: Running) -> None:
    result = random_vanuatu_result(flooded=False)
    show_score(page, server, result)
    box = page.locator("#score-under-test")
    expect(box.get_by_test_id("score-table")).to_be_visible()
    expect(box.get_by_test_id("nobody-wins")).to_have_count(0)
    winners = [seat for seat, rank in enumerate(result["ranks"]) if rank == 1]
    expect(box.locator(".score-winner")).to_have_count(len(winners))
    for seat in winners:
        expect(box.get_by_test_id(f"score-row-{seat}")).to_contain_text(NAMES[seat])
