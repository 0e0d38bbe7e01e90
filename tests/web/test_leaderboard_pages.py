"""The leaderboard and player pages in Chromium, under the server's own security headers: an
account that finished ranked games is listed on its game's leaderboard, its link leads to its player
page, which lists the games and charts one point per rated game; names show as text; an unknown
player is told in words; Chromium refuses nothing the pages do.

The ranked games are played through the API (a signed-in account's `me` seat against bots that
move at once), not clicked through.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import ConsoleMessage, Page, expect
from rankedtools import account, finished, play_out
from servertools import Running, bot, create

ME = {"kind": "me"}
NAME = "<img src=x onerror=window.__hit=1>"
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample || ''}`);
});
"""


def watch(page: Page) -> list[str]:
    """Every policy violation and page error Chromium reports (the list fills as the page runs)."""
    trouble: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.type == "error" or "Refused to" in message.text:
            trouble.append(message.text)

    page.on("console", heard)
    page.on("pageerror", lambda error: trouble.append(str(error)))
    page.add_init_script(WATCH_VIOLATIONS)
    return trouble


def ranked_games(server: Running, name: str, count: int) -> list[str]:
    """`count` finished ranked Puerto Rico games of a new account `name` against a random bot."""
    tables = []
    with account(server, name) as me:
        for seed in range(count):
            table = create(me, [ME, bot()], game="puertorico", ranked=True, seating="fixed")["table"]
            play_out(me, table["id"], seed=seed)
            finished(me, table["id"])
            tables.append(table["id"])
    return tables


def test_the_leaderboard_lists_the_player_and_the_player_page_shows_the_games(
    page: Page, server: Running, tmp_path: Path,
) -> None:
    trouble = watch(page)
    tables = ranked_games(server, NAME, 2)

    # The last game's final scores show each seat's win, rating change and ladder points, and the
    # panels the ratings after it (seat 0 is the account: fixed seating).
    with server.client() as client:
        standings = client.get(f"/api/tables/{tables[-1]}").json()["standings"]
    page.goto(f"{server.url}/tables/{tables[-1]}")
    expect(page.get_by_test_id("score-table")).to_be_visible()
    for entry in standings:
        seat, change = entry["seat"], entry["change"]
        shown = f"+{change}" if change > 0 else (f"\u2212{-change}" if change < 0 else "±0")
        expect(page.get_by_test_id(f"score-rating-{seat}")).to_have_text(
            f"{entry['rating_before']} → {entry['rating_after']} ({shown})")
        expect(page.get_by_test_id(f"score-points-{seat}")).to_have_text(str(entry["points"]))
        expect(page.get_by_test_id(f"score-won-{seat}")).to_have_text("yes" if entry["won"] else "no")
        expect(page.get_by_test_id(f"rating-{seat}")).to_have_text(f"{entry['rating_after']}?")
    expect(page.get_by_test_id("score-ranked")).to_be_visible()
    assert standings[0]["rating_before"] != standings[0]["rating_after"] or standings[1]["change"] == 0

    page.goto(f"{server.url}/")
    # The lobby's finished tables show each seat's rating beside its name (slot 0 is the account).
    after = {entry["seat"]: entry["rating_after"] for entry in standings}
    expect(page.get_by_test_id(f"rating-{tables[-1]}-0")).to_have_text(f"{after[0]}?")
    page.get_by_test_id("leaderboards-link").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id("switch-vanuatu")).to_be_visible()
    row = page.get_by_test_id("player-row")
    expect(row).to_have_count(1)
    expect(row.get_by_test_id("player-link")).to_have_text(NAME)
    expect(row.get_by_test_id("provisional")).to_be_visible()
    expect(page.get_by_test_id("bot-row").first).to_be_visible()
    page.screenshot(path=str(tmp_path / "leaderboard.png"), full_page=True)

    row.get_by_test_id("player-link").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id("player-name")).to_have_text(NAME)
    section = page.get_by_test_id("game-puertorico")
    expect(section.get_by_test_id("games")).to_have_text("2")
    played = section.get_by_test_id("played-row")
    expect(played).to_have_count(2)
    for table_id in tables:
        link = section.locator(f'[data-table="{table_id}"]').get_by_test_id("table-link")
        expect(link).to_have_attribute("href", f"/tables/{table_id}")
    path = section.get_by_test_id("chart-path")
    expect(path).to_have_attribute("data-points", "2")
    assert path.get_attribute("d").count("L") == 1  # two points: a move and one line
    expect(section.locator(".chart-point")).to_have_count(2)
    page.screenshot(path=str(tmp_path / "player.png"), full_page=True)

    assert page.evaluate("window.__hit") is None
    assert page.evaluate("window.__violations") == []
    assert trouble == []


def test_an_empty_leaderboard_and_an_unknown_player_say_so(page: Page, server: Running) -> None:
    trouble = watch(page)
    page.goto(f"{server.url}/leaderboards/vanuatu")
    expect(page.get_by_test_id("players-empty")).to_be_visible()
    expect(page.get_by_test_id("bots-empty")).to_be_visible()
    page.goto(f"{server.url}/players/Nobody")
    expect(page.get_by_test_id("player-error")).to_have_text(
        "No account is called “Nobody”: check the spelling (guests have no player page).")
    assert page.evaluate("window.__violations") == []
    # The 404 of the API is the only error the browser reports (a failed fetch), and it is expected.
    assert all("404" in t for t in trouble), trouble
