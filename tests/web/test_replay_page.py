"""The replay page (/tables/{id}/replay) in Chromium, under the server's own security headers: it
steps through a finished game with the keyboard, a step's address opened in a fresh page lands on
that step, the finished table's score table leads to it, names show as text, and Chromium refuses
nothing the page does.

The finished games are played by random bots through the API (no game is clicked through here).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx2
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect
from servertools import Running, bot, create, get, human, wait_for

WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample || ''}`);
});
"""
NAME = "<img src=x onerror=window.__hit=1>"


def finished_game(server: Running, game: str = "puertorico") -> tuple[str, dict[str, Any]]:
    """A game three random bots played to the end: its id and its replay as the API gives it."""
    with server.client() as client:
        table_id: str = create(client, [bot(), bot(), bot()], game=game)["table"]["id"]
        wait_for("the bots to finish", lambda: get(client, table_id)["status"] == "finished")
        replay: dict[str, Any] = client.get(f"/api/tables/{table_id}/replay").json()
    return table_id, replay


def watch(page: Page) -> tuple[list[str], list[str]]:
    """What Chromium refused on the page (policy violations) and the page's own errors."""
    refused: list[str] = []
    errors: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if "Refused to" in message.text or "Content Security Policy" in message.text:
            refused.append(message.text)
        elif message.type == "error":
            errors.append(message.text)

    page.on("console", heard)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(WATCH_VIOLATIONS)
    return refused, errors


def open_replay(page: Page, server: Running, table_id: str, address: str = "") -> None:
    page.goto(f"{server.url}/tables/{table_id}/replay{address}")
    expect(page.get_by_test_id("replay-page")).to_have_attribute("data-ready", "true")


def shows(page: Page, step: int, last: int) -> None:
    """The page shows step `step`: drawn, counted, on the slider and in the address."""
    expect(page.get_by_test_id("replay-page")).to_have_attribute("data-shown", str(step))
    expect(page.get_by_test_id("replay-count")).to_have_text(f"Step {step} of {last}")
    expect(page.get_by_test_id("replay-slider")).to_have_value(str(step))
    expect(page).to_have_url(re.compile(rf"[?&]step={step}(&|$)"))


def test_step_through_a_finished_game_with_the_keyboard(page: Page, server: Running) -> None:
    refused, errors = watch(page)
    table_id, replay = finished_game(server)
    last = replay["last"]
    open_replay(page, server, table_id)
    shows(page, 0, last)
    expect(page.get_by_test_id("status")).to_have_text("The start of the game.")
    for step in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        shows(page, step, last)
    # The log in words is highlighted at the entry that tells step 3, and says it in the status.
    entry = replay["steps"][3]["entry"]
    current = page.locator(".log-current")
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("data-testid", f"log-entry-{entry}")
    first_line = replay["log"][entry]["lines"][0]
    expect(page.get_by_test_id("status")).to_contain_text(first_line)
    # The scores at that step, everything revealed after the end.
    for seat, score in enumerate(replay["steps"][3]["scores"]):
        expect(page.get_by_test_id(f"replay-score-{seat}")).to_contain_text(str(score))
    page.keyboard.press("ArrowLeft")
    shows(page, 2, last)
    page.keyboard.press("End")
    shows(page, last, last)
    expect(page.get_by_test_id("score-table")).to_be_visible()  # the final scores at the last step
    page.keyboard.press("ArrowRight")  # nothing beyond the end
    shows(page, last, last)
    page.keyboard.press("Home")
    shows(page, 0, last)
    expect(page.get_by_test_id("score-table")).to_have_count(0)
    # The buttons and the jump list go the same ways.
    page.get_by_test_id("replay-next").click()
    shows(page, 1, last)
    round_two = next(s["index"] for s in replay["steps"] if s["round"] == 2)
    page.get_by_test_id("replay-jump").select_option(str(round_two))
    shows(page, round_two, last)
    assert page.evaluate("() => window.__violations") == []
    assert refused == [] and errors == []


def test_a_steps_address_in_a_fresh_page_lands_on_that_step(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    table_id, replay = finished_game(server, "vanuatu")
    last = replay["last"]
    step = last // 2
    for address in (f"?step={step}", f"#{step}"):
        fresh = new_context().new_page()
        refused, errors = watch(fresh)
        open_replay(fresh, server, table_id, address)
        shows(fresh, step, last)
        expect(fresh.get_by_test_id("replay-round")).not_to_have_text("")
        assert fresh.evaluate("() => window.__violations") == []
        assert refused == [] and errors == []
        fresh.context.close()
    # As one seat saw it: the address keeps the viewer too.
    fresh = new_context().new_page()
    open_replay(fresh, server, table_id, f"?step={step}&as=1")
    shows(fresh, step, last)
    expect(fresh.get_by_test_id("replay-viewer")).to_have_value("1")
    with httpx2.Client(base_url=server.url) as client:
        seen = client.get(f"/api/tables/{table_id}/replay/{step}", params={"as": "1"}).json()
    hidden = [seat for seat, score in enumerate(seen["scores"]) if score is None]
    for seat in hidden:
        expect(fresh.get_by_test_id(f"replay-score-{seat}")).to_contain_text("?")
    fresh.context.close()


def test_the_score_table_leads_to_the_replay_and_the_record(page: Page, server: Running) -> None:
    table_id, replay = finished_game(server)
    page.goto(f"{server.url}/tables/{table_id}")
    expect(page.get_by_test_id("score-table")).to_be_visible()
    # The score over the rounds under the final scores: a line per seat, as in the replay.
    chart = page.get_by_test_id("score-chart")
    expect(chart.locator("path")).to_have_count(replay["players"])
    record = page.get_by_test_id("download-record")
    expect(record).to_have_attribute("href", f"/api/tables/{table_id}/record")
    with page.expect_download() as download:
        record.click()
    assert download.value.suggested_filename == f"isla-{table_id}.json"
    page.get_by_test_id("replay-link").click()
    expect(page).to_have_url(re.compile(rf"/tables/{table_id}/replay"))
    expect(page.get_by_test_id("replay-page")).to_have_attribute("data-ready", "true")
    shows(page, 0, replay["last"])
    expect(page.get_by_test_id("score-chart").locator("path")).to_have_count(replay["players"])
    # The downloaded file opens in the same viewer from the record page.
    page.goto(f"{server.url}/replay")
    page.get_by_test_id("record-file").set_input_files(download.value.path())
    expect(page).to_have_url(re.compile(r"/replays/file-"))
    expect(page.get_by_test_id("replay-page")).to_have_attribute("data-ready", "true")
    shows(page, 0, replay["last"])


def test_names_with_html_in_them_show_as_text(page: Page, server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human(NAME), bot(), bot()], seating="fixed")
    table_id = created["table"]["id"]
    with server.client(created["tokens"][0]["token"]) as player:
        assert player.post(f"/api/tables/{table_id}/abandon").status_code == 200
    refused, errors = watch(page)
    open_replay(page, server, table_id)
    expect(page.get_by_test_id("replay-score-0")).to_contain_text(NAME)
    expect(page.get_by_test_id("replay-viewer").locator("option", has_text=NAME)).to_have_count(1)
    expect(page.locator("#players")).to_contain_text(NAME)
    assert page.locator("#app img").count() == 0
    assert page.evaluate("() => window.__hit === undefined")
    assert refused == [] and errors == []


def test_a_live_tables_page_leads_to_its_replay_so_far(page: Page, server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    table_id = created["table"]["id"]
    page.goto(f"{server.url}/tables/{table_id}")  # a spectator
    page.get_by_test_id("replay-so-far").click()
    expect(page.get_by_test_id("replay-page")).to_have_attribute("data-ready", "true")
    shows(page, 0, 0)
    expect(page.get_by_test_id("replay-viewer")).to_have_value("spectator")
    expect(page.get_by_test_id("download-record")).to_be_hidden()  # the record holds the seed
