"""Puerto Rico end to end in Chromium: a whole game by clicking, two people at one table, a reload,
and a server restart in the middle of a game.

The players click as webplay.py describes (the page's own hooks: data-action, Confirm); the bots
are the `easy` level (the fastest). Only the whole game starts at the setup: the others start from a
stored position near the moment they check (positions.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from positions import guests, open_table, reach, seat_at, sign_in
from servertools import Running, get, table_log
from webplay import (
    THREE_EASY_BOTS,
    WHOLE_GAME_TIMEOUT,
    Player,
    board_state,
    check_the_score_table,
    create_table,
    log_lines,
    play,
    play_to_the_end,
    register_in_lobby,
    seat_of,
    sign_in_as_guest,
)
from webserver import Restartable

from isla.core import State


def my_role_choice(player: Player, after_seq: int) -> Callable[[], bool]:
    """It is the player's turn to choose a role, after the table has passed `after_seq`."""

    def check() -> bool:
        if player.seq() < after_seq:
            return False
        offer = player.offer()
        return offer is not None and offer["kind"] == "action" and offer["action"].startswith("role:")

    return check


@pytest.mark.timeout(WHOLE_GAME_TIMEOUT)
def test_an_account_plays_a_whole_ranked_game_against_three_bots_to_its_rating(
    page: Page, server: Running
) -> None:
    register_in_lobby(page, server, "Ann")
    tid = create_table(page, THREE_EASY_BOTS, ranked=True)
    expect(page.get_by_test_id("ranked")).to_be_visible()  # the table's header says so
    player = Player(page)

    play_to_the_end([player])

    table = check_the_score_table(page, server, tid, "Ann")
    assert table["players"] == 4 and table["ranked"] is True
    assert len(player.clicks) >= 20  # roles, builds, placements, shipments: a real game's worth
    # The score table's rating change column, seat by seat, as the server rated the game.
    for entry in table["standings"]:
        before, after, change = entry["rating_before"], entry["rating_after"], entry["change"]
        shown = f"+{change}" if change > 0 else (f"\u2212{-change}" if change < 0 else "±0")
        expect(page.get_by_test_id(f"score-rating-{entry['seat']}")).to_have_text(
            f"{before} → {after} ({shown})")
    mine = next(e for e in table["standings"] if e["seat"] == seat_of(table, "Ann"))

    # Her player page: the game listed, the new rating, the chart's one point.
    page.goto(f"{server.url}/players/Ann")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    section = page.get_by_test_id("game-puertorico")
    expect(section.locator(f'[data-table="{tid}"]')).to_have_count(1)
    expect(section.get_by_test_id("rating")).to_have_text(f"{mine['rating_after']} (provisional)")
    expect(section.get_by_test_id("chart-path")).to_have_attribute("data-points", "1")

    # The leaderboard lists her.
    page.goto(f"{server.url}/leaderboards/puertorico")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id("player-row").get_by_test_id("player-link")).to_have_text(["Ann"])


def test_a_table_with_an_open_seat_waits_for_a_second_guest_and_starts_when_they_join(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    ann = new_context().new_page()
    ben = new_context().new_page()
    sign_in_as_guest(ann, server, "Ann")
    tid = create_table(ann, ["me", "open"])
    expect(ann.get_by_test_id("status")).to_contain_text("Waiting")

    sign_in_as_guest(ben, server, "Ben")
    ben.get_by_test_id(f"join-{tid}").click()
    ben.wait_for_url(f"**/tables/{tid}")

    with server.client() as client:
        table = get(client, tid)
    assert table["status"] == "playing"
    seats = {ann: seat_of(table, "Ann"), ben: seat_of(table, "Ben")}
    mover, waiter = (ann, ben) if table["to_move"] == seats[ann] else (ben, ann)
    expect(mover.get_by_test_id("status")).to_contain_text("Your turn")  # Ann's page saw the start
    expect(waiter.get_by_test_id("status")).not_to_contain_text("Your turn")
    for page in (ann, ben):
        expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", "0")


def last_two_role_choices_of_round_2(state: State, _played: int) -> bool:
    view = state.view(None)
    return (view["round"], view["phase"]["name"], view["picks_done"]) == (2, "role", 4)


def test_two_guests_play_against_each_other_on_one_table(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    ann, ben = guests(new_context, server, "Ann", "Ben")
    # Their table before the last two role choices of the second round, one for each of them (two
    # players alternate), the moves before it played as the easy bot would.
    position = reach("puertorico", 2, seed=2, until=last_two_role_choices_of_round_2)
    tid = seat_at(server, position, [ann, ben])
    for page in (ann, ben):
        open_table(page, server, tid, len(position.actions))
    players = [Player(ann), Player(ben)]

    def third_round() -> bool:
        with server.client() as client:
            view = get(client, tid)["view"]
        return view is not None and view["round"] >= 3

    play(players, third_round, "the third round")

    assert players[0].clicks and players[1].clicks  # both of them played
    with server.client() as client:
        table = get(client, tid)
        log = table_log(client, tid)
    sources = {(a["seat"], a["source"]) for a in log["actions"]}
    assert sources == {(0, "player"), (1, "player")}
    for page in (ann, ben):  # both pages follow the same table
        expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", str(table["seq"]))
    seats = {ann: seat_of(table, "Ann"), ben: seat_of(table, "Ben")}
    for page, other in ((ann, ben), (ben, ann)):  # each sees their own VP chips only (ruling R9)
        expect(page.get_by_test_id(f"player-{seats[page]}").locator(".stat-vp")).to_have_count(1)
        expect(page.get_by_test_id(f"player-{seats[other]}").locator(".stat-vp")).to_have_count(0)
    mover, waiter = (ann, ben) if table["to_move"] == seats[ann] else (ben, ann)
    expect(mover.get_by_test_id("status")).to_contain_text("Your turn")
    expect(waiter.get_by_test_id("status")).not_to_contain_text("Your turn")


def a_role_choice_of_seat_0_after(seq: int) -> Callable[[State, int], bool]:
    """A stored position's stop: seat 0 (the guest) is to choose a role, after `seq` actions."""

    def check(state: State, played: int) -> bool:
        legal = state.legal_actions() if state.to_move == 0 else []
        return played >= seq and any(a.text.startswith("role:") for a in legal)

    return check


def test_a_reload_in_the_middle_of_a_game_shows_the_same_table_and_play_goes_on(
    page: Page, server: Running
) -> None:
    sign_in(page, server, "Cay")
    position = reach("puertorico", 4, seed=3, until=a_role_choice_of_seat_0_after(20))
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))
    player = Player(page)
    # Some moves on the page first, so what it shows came partly from live pushes.
    play([player], my_role_choice(player, len(position.actions) + 1), "the next role choice")
    seq = player.seq()
    board = board_state(page)
    log = log_lines(page)
    status = page.get_by_test_id("status").inner_text()
    assert len(board) > 50 and len(log) > 20  # a board and a log worth comparing

    page.reload()

    expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", str(seq))
    expect(page.get_by_test_id("status")).to_have_text(status)
    assert board_state(page) == board
    assert log_lines(page) == log
    player.clicks.clear()
    play([player], lambda: player.seq() >= seq + 10, "ten more moves after the reload")
    assert player.clicks


def test_a_server_restart_in_the_middle_of_a_game_is_survived_by_the_page_and_the_bots(
    page: Page, restartable: Restartable
) -> None:
    server = restartable.start()
    sign_in(page, server, "Dan")
    position = reach("puertorico", 4, seed=4, until=a_role_choice_of_seat_0_after(20))
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))
    player = Player(page)
    # Some moves on the page first, so what it shows came partly from live pushes.
    play([player], my_role_choice(player, len(position.actions) + 1), "the next role choice")
    seq = player.seq()
    board = board_state(page)
    log = log_lines(page)
    assert len(board) > 50 and len(log) > 20

    restartable.stop()
    connection = page.get_by_test_id("connection")
    expect(connection).to_have_attribute("data-status", "reconnecting")
    server = restartable.start()
    expect(connection).to_have_attribute("data-status", "open")

    # The page is told the whole table again: exactly where it was.
    expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", str(seq))
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
    assert board_state(page) == board
    assert log_lines(page) == log

    # Play on: Dan's moves go through, and the bots, rebuilt from the log, take their turns.
    play([player], my_role_choice(player, seq + 1), "Dan's next role choice after the restart")
    with server.client() as client:
        actions = table_log(client, tid)["actions"]
        dan = seat_of(get(client, tid), "Dan")
    after = [a for a in actions if a["seq"] >= seq]
    assert any(a["seat"] == dan and a["source"] == "player" for a in after)
    assert any(a["source"] == "bot" for a in after)
