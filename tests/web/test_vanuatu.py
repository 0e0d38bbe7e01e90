"""Vanuatu end to end in Chromium: a whole game against bots by clicking, what the page hides, and
the Governor's move (its own two-click mode on the action spaces).

The players click as webplay.py describes with its SPREAD policy (the move the table's sequence
number points at, among the page's own data-action elements), so the clicks reach every kind of
element: characters, action spaces, hexes, cubes, fish, treasures and buttons. The bots are the
`easy` level (the scripted baseline). Only the whole game starts at the setup: the others start from
a stored position at the moment they check (positions.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect
from positions import guests, open_table, reach, seat_at, sign_in
from servertools import Running, get, table_log, wait_for
from webplay import (
    SPREAD,
    THREE_EASY_BOTS,
    WHOLE_GAME_TIMEOUT,
    Player,
    check_the_score_table,
    create_table,
    play,
    seat_of,
    sign_in_as_guest,
)

import isla
from isla.core import State
from isla.games.vanuatu.data import SPACES

REST_TOKENS = ("first", "both", "point", "coin")
# Anything in the "Also possible" list that a Governor's move would be: it must have its own mode.
GOVERN_IN_FALLBACK = '[data-testid="fallback"] [data-action^="govern:"]'


def page_errors(page: Page) -> list[str]:
    """A list that collects the page's script errors from now on (it should stay empty)."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@pytest.mark.timeout(WHOLE_GAME_TIMEOUT)
def test_a_guest_plays_a_whole_vanuatu_game_against_three_bots_to_the_score_table(
    page: Page, server: Running
) -> None:
    errors = page_errors(page)
    sign_in_as_guest(page, server, "Ann")
    tid = create_table(page, THREE_EASY_BOTS, game="vanuatu")
    expect(page.get_by_test_id("space-sail")).to_be_visible()  # the Vanuatu board, not Puerto Rico's
    player = Player(page, policy=SPREAD)

    def over() -> bool:  # and before every move: a Governor's move has its own mode, never a fallback
        assert page.locator(GOVERN_IN_FALLBACK).count() == 0, "a Governor's move in the fallback list"
        return player.over()

    play([player], over, "the end of the game")

    table = check_the_score_table(page, server, tid, "Ann")
    assert (table["game"], table["players"]) == ("vanuatu", 4)
    for seat, breakdown in enumerate(table["result"]["breakdown"]):  # the final scoring, part by part
        for part in ("track", "fish", "vatus", "treasures", "huts", "first_player"):
            expect(page.get_by_test_id(f"score-{part}-{seat}")).to_have_text(str(breakdown[part]))
    kinds = {click.split(":")[0] for click in player.clicks}
    # Characters and plans every round, and the resolution's actions on spaces, hexes and islands.
    assert {"char", "plan"} <= kinds
    assert len(kinds - {"char", "plan", "tile", "cash", "beg", "finish", "clear"}) >= 3, kinds
    assert len(player.clicks) >= 8 * 6  # a character and five markers each round, at least
    assert errors == []


def ben_rested_and_a_person_is_to_move(state: State, _played: int) -> bool:
    """A stored position's stop: Ben (seat 1) holds a rest token this round and a person (Ann, seat 0,
    or Ben) is to move, so the round cannot end while the pages look."""
    return state.view(1)["seats"][1]["rest"] is not None and state.to_move in (0, 1)


def test_the_page_never_shows_another_seats_rest_token_before_it_is_revealed(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    ann, ben = guests(new_context, server, "Ann", "Ben")
    # Ben plans and takes a rest whenever he can (else plays as the easy bot), so the moment comes.
    position = reach(
        "vanuatu", 3, seed=1, until=ben_rested_and_a_person_is_to_move, prefer={1: r"^(plan:)?rest$"}
    )
    tid = seat_at(server, position, [ann, ben, "bot:easy"])
    for page in (ann, ben):
        open_table(page, server, tid, len(position.actions))
    with server.client() as client:
        table = get(client, tid)
    assert table["seq"] == len(position.actions)  # a person is to move: the table waits for them
    seat = {"Ann": seat_of(table, "Ann"), "Ben": seat_of(table, "Ben")}
    face_up = ", ".join(f'[data-testid="rest-{token}"]' for token in REST_TOKENS)

    # Ben's page shows him his own token, face up; Ann's page shows the same table.
    bens_token = ben.get_by_test_id(f"player-{seat['Ben']}").locator(face_up)
    expect(bens_token).to_have_count(1)
    taken = position.state().view(seat["Ben"])["seats"][seat["Ben"]]["rest"]
    assert bens_token.get_attribute("data-testid") == f"rest-{taken}"
    expect(ann.get_by_test_id("table-page")).to_have_attribute("data-seq", str(table["seq"]))
    bens_panel_for_ann = ann.get_by_test_id(f"player-{seat['Ben']}")
    expect(bens_panel_for_ann.get_by_test_id("rest-hidden")).to_be_visible()  # taken, face down
    expect(bens_panel_for_ann.locator(face_up)).to_have_count(0)
    # Nowhere on Ann's page is Ben's token named: only Ann's own token may be face up there.
    for element in ann.locator(face_up).all():
        assert element.locator(f'xpath=ancestor::*[@data-testid="player-{seat["Ann"]}"]').count() == 1


# --- the Governor ------------------------------------------------------------------------------

def seat_0_may_govern(state: State, _played: int) -> bool:
    """A stored position's stop: seat 0 (the guest) is offered the Governor's move."""
    legal = state.legal_actions() if state.to_move == 0 else []
    return any(a.text.startswith("govern:") for a in legal)


def reach_the_governors_move(page: Page, server: Running, name: str) -> tuple[str, int]:
    """Seat the guest `name` at a Vanuatu table against three easy bots where they hold the Governor
    and are offered its move (a stored position: the guest takes the Governor whenever it is offered,
    else plays as the easy bot would), and open it; checks that the page offers the move in its own
    mode, never in the fallback list. Returns the table id and the guest's seat."""
    sign_in(page, server, name)
    position = reach("vanuatu", 4, seed=1, until=seat_0_may_govern, prefer={0: r"^char:governor$"})
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))
    expect(page.locator('[data-testid="govern"]:not([disabled])')).to_have_count(1)
    assert page.locator(GOVERN_IN_FALLBACK).count() == 0, "a Governor's move in the fallback list"
    with server.client() as client:
        return tid, seat_of(get(client, tid), name)


def space_hooks(page: Page) -> dict[str, tuple[str | None, str | None]]:
    """What each action space does when clicked: its (data-action, data-ui)."""
    hooks: dict[str, tuple[str | None, str | None]] = {}
    for space in SPACES:
        element = page.get_by_test_id(f"space-{space}")
        hooks[space] = (element.get_attribute("data-action"), element.get_attribute("data-ui"))
    return hooks


def test_the_governor_moves_all_the_viewers_markers_from_one_space_to_another_by_two_clicks(
    page: Page, server: Running
) -> None:
    errors = page_errors(page)
    tid, seat = reach_the_governors_move(page, server, "Ann")
    with server.client() as client:
        before = get(client, tid)
    seq = before["seq"]
    markers: dict[str, int] = before["view"]["seats"][seat]["markers"]
    done = set(before["view"]["seats"][seat]["done"])
    expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", str(seq))

    page.get_by_test_id("govern").click()

    # First click: the spaces holding Ann's markers glow as sources; nothing else reacts or sends.
    hint = page.get_by_test_id("govern-hint")
    expect(hint).to_contain_text("click the space to move all your markers from")
    sources = page.locator('[data-ui^="govern-from:"]')
    expect(sources).not_to_have_count(0)
    assert {s.get_attribute("data-ui") for s in sources.all()} == {f"govern-from:{s}" for s in markers}
    expect(page.locator("[data-action]")).to_have_count(0)
    source = max(markers, key=lambda s: (markers[s], s))  # the tallest stack
    page.get_by_test_id(f"space-{source}").click()

    # Second click: every space not yet resolved this round is a target, and only those.
    name = page.get_by_test_id(f"space-{source}").locator(".space-name").inner_text()
    n = markers[source]
    expect(hint).to_contain_text(f"moving your {n} marker{'' if n == 1 else 's'} from {name}")
    targets = page.locator('[data-action^="govern:"]')
    expect(targets).not_to_have_count(0)
    offered = {t.get_attribute("data-action") for t in targets.all()}
    assert offered == {f"govern:{source}:{s}" for s in SPACES if s != source and s not in done}
    assert page.locator(GOVERN_IN_FALLBACK).count() == 0
    # A target that already holds some of Ann's markers if there is one (the stacks add up).
    choices = [s for s in SPACES if f"govern:{source}:{s}" in offered]
    target = max(choices, key=lambda s: (markers.get(s, 0), s))
    page.locator(f'[data-action="govern:{source}:{target}"]').click()
    expect(page.get_by_test_id("table-page")).not_to_have_attribute("data-seq", str(seq))

    # The server took exactly that move from Ann's page. To see the position right after it (a
    # forced step may soon play Ann's only option and use up her markers), Ann abandons the table
    # and its record is replayed up to her move.
    page.get_by_test_id("abandon").click()
    page.get_by_test_id("abandon-confirm").click()
    with server.client() as client:
        wait_for("the table to be abandoned", lambda: get(client, tid)["status"] == "abandoned")
        log = table_log(client, tid)
    logged = log["actions"][seq]
    move = f"govern:{source}:{target}"
    assert (logged["seat"], logged["action"], logged["source"]) == (seat, move, "player")
    record = isla.Record.from_json(log["record"])
    assert isla.replay(record, upto=seq).view(seat)["seats"][seat]["markers"] == markers
    state = isla.replay(record, upto=seq + 1)
    assert all(s != seat for s, _ in state.forced_steps()), "Ann's markers were used at once"
    after = state.view(seat)["seats"][seat]
    moved = {**markers, target: markers.get(target, 0) + markers[source]}
    del moved[source]
    assert after["markers"] == moved  # all of them, from that space to that one
    assert (after["used"], after["governed"]) == (True, target)  # once a round
    assert errors == []


def test_cancel_leaves_the_governors_mode_without_sending_anything(page: Page, server: Running) -> None:
    errors = page_errors(page)
    tid, _ = reach_the_governors_move(page, server, "Ann")
    app = page.get_by_test_id("table-page")
    seq = app.get_attribute("data-seq")
    normal = space_hooks(page)

    page.get_by_test_id("govern").click()
    page.locator('[data-ui^="govern-from:"]').first.click()
    expect(page.locator('[data-action^="govern:"]')).not_to_have_count(0)
    page.get_by_test_id("undo").click()

    expect(page.get_by_test_id("govern-hint")).to_have_count(0)
    expect(page.locator('[data-ui^="govern-from:"], [data-action^="govern:"]')).to_have_count(0)
    expect(page.get_by_test_id("govern")).to_be_enabled()
    assert space_hooks(page) == normal  # the spaces act for the resolution again
    assert app.get_attribute("data-seq") == seq
    with server.client() as client:
        assert str(get(client, tid)["seq"]) == seq
        assert not any(a["action"].startswith("govern:") for a in table_log(client, tid)["actions"])
    assert errors == []
