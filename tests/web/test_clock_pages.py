"""Clocks in the browser: the running bank counts down on every page that shows the table, and a
player in the lobby sees the table in My games and the page title change when their turn comes.

The table is created through the API at its start (a fresh table is its own position: nothing needs
playing first). The banks count down in the page from the server's snapshot, so the test waits for
the shown time to change on both pages; it never waits a fixed time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect
from positions import guests
from servertools import Running, wait_for


def post(page: Page, server: Running, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = page.request.post(server.url + path, data=body, headers={"Origin": server.url})
    assert response.ok, response.text()
    answer: dict[str, Any] = response.json()
    return answer


def table(page: Page, server: Running, table_id: str) -> dict[str, Any]:
    response = page.request.get(f"{server.url}/api/tables/{table_id}")
    assert response.ok, response.text()
    data: dict[str, Any] = response.json()
    return data


def test_the_bank_runs_down_on_two_pages_and_my_turn_shows_in_the_lobby_title_and_my_games(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    ann, ben = guests(new_context, server, "Ann", "Ben")
    created = post(ann, server, "/api/tables", {"seats": [{"kind": "me"}, {"kind": "open"}],
                                                "seating": "fixed", "clock": "normal"})
    table_id = created["table"]["id"]
    post(ben, server, f"/api/tables/{table_id}/join", {})
    for page in (ann, ben):
        page.goto(f"{server.url}/tables/{table_id}")
    clocks = [page.locator('[data-testid="clock-0"]').first for page in (ann, ben)]
    for bank in clocks:
        expect(bank).to_have_class(re.compile(r"\bclock-running\b"))
        expect(bank).to_have_text(re.compile(r"^(9|10):\d\d$"))
    started = [bank.text_content() for bank in clocks]
    for bank, first in zip(clocks, started, strict=True):
        expect(bank).not_to_have_text(first or "")  # counting down, on each page by itself
    expect(ben.locator('[data-testid="clock-1"]').first).to_have_text("10:00")  # Ben's waits

    ben.goto(server.url + "/")
    mine = ben.locator(f'[data-testid="my-game-{table_id}"]')
    expect(mine).to_have_attribute("data-my-turn", "false")
    expect(ben).not_to_have_title(re.compile("Your turn"))
    # Ann plays until it is Ben's turn (her first decisions of the game).
    while (now := table(ann, server, table_id))["to_move"] != 1:
        move = {"seq": now["seq"], "actions": [now["legal"][0]]}
        post(ann, server, f"/api/tables/{table_id}/actions", move)
    expect(mine).to_have_attribute("data-my-turn", "true")
    expect(ben).to_have_title(re.compile(r"^\(1\) Your turn"))
    expect(ben.locator(f'[data-testid="my-time-{table_id}"]')).to_have_text(re.compile(r"^(9|10):\d\d$"))
    wait_for("the favicon to say it is Ben's turn",
             lambda: ben.evaluate("document.documentElement.dataset.yourTurn") == "true")
    # The lobby's form creates a table at the speed chosen, with what a timeout does.
    ben.select_option('[data-testid="clock"]', "fast")
    ben.select_option('[data-testid="on-timeout"]', "stand-in:hard")
    ben.click('[data-testid="create-table"]')
    ben.wait_for_url(re.compile(r"/tables/"))
    made = table(ben, server, ben.url.rstrip("/").split("/")[-1])
    assert made["clock"] == {"mode": "realtime", "bank": 180, "increment": 5,
                             "on_timeout": "stand-in", "stand_in_level": "hard"}
