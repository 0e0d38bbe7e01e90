"""How the table page draws, whatever the game: it keeps the page's nodes when a push changes little
(a redraw patches the board, it does not rebuild it), the log follows its newest lines unless the
reader scrolled up, and nothing on it (nor on the lobby) needs an inline style or script, so a
strict Content-Security-Policy costs it nothing.

Every test starts at a stored position (positions.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from positions import guests, open_table, reach, seat_at, sign_in
from servertools import Running, serve
from webplay import Player, play, sign_in_as_guest

from isla.core import State
from isla.server import ServerConfig

# Stricter than the server's own policy: no inline style attributes either ('unsafe-inline' for
# style-src-attr is not given), so a page that needed them would report violations.
STRICT = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; object-src 'none'; base-uri 'none'")
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample || ''}`);
});
"""
# Every node added to or removed from the board's columns, from now on.
WATCH_NODES = """() => {
  window.__churn = 0;
  const watcher = new MutationObserver((records) => {
    for (const r of records) window.__churn += r.addedNodes.length + r.removedNodes.length;
  });
  for (const id of ['players', 'supply']) {
    watcher.observe(document.getElementById(id), { childList: true, subtree: true });
  }
}"""
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def a_role_choice_of_seat_0_after(seq: int) -> Callable[[State, int], bool]:
    def check(state: State, played: int) -> bool:
        legal = state.legal_actions() if state.to_move == 0 else []
        return played >= seq and any(a.text.startswith("role:") for a in legal)

    return check


def with_strict_policy(app: Any) -> Any:
    """The app, with the STRICT policy on every HTTP answer (in place of any the app sends)."""

    async def wrapped(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                policy = b"content-security-policy"
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != policy]
                message = {**message, "headers": [*headers, (policy, STRICT.encode())]}
            await send(message)

        await app(scope, receive, sending)

    return wrapped


@pytest.fixture
def strict(web_config: ServerConfig) -> Iterator[Running]:
    """A server whose pages come with the STRICT policy."""
    with serve(web_config, wrap=with_strict_policy) as running:
        yield running


def watch_violations(page: Page) -> None:
    page.add_init_script(WATCH_VIOLATIONS)


@pytest.mark.parametrize("game", ["puertorico", "vanuatu"])
def test_a_table_page_needs_no_inline_style_or_script_under_a_strict_content_security_policy(
    page: Page, strict: Running, game: str
) -> None:
    server = strict
    watch_violations(page)
    sign_in(page, server, "Ann")
    position = reach(game, 3, seed=2, until=lambda _state, played: played >= 12)
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))
    player = Player(page)
    play([player], lambda: player.seq() >= len(position.actions) + 6, "six more moves")
    # The seats' colours reached the page (as classes or through the CSSOM), and nothing was refused.
    colour = page.evaluate(
        "() => getComputedStyle(document.querySelector('.player')).getPropertyValue('--seat').trim()"
    )
    assert colour and colour != "#777", colour
    assert page.evaluate("() => window.__violations") == []


def test_the_lobby_needs_no_inline_style_or_script_under_a_strict_content_security_policy(
    page: Page, strict: Running
) -> None:
    watch_violations(page)
    sign_in_as_guest(page, strict, "Ann")
    page.get_by_test_id("game").select_option("vanuatu")
    page.get_by_test_id("options").locator("summary").click()
    expect(page.get_by_test_id("option-bonuses")).to_be_visible()
    assert page.evaluate("() => window.__violations") == []


@pytest.mark.usefixtures("lagoon")
def test_the_generic_board_needs_no_inline_style_under_a_strict_content_security_policy(
    new_context: Callable[..., BrowserContext], strict: Running
) -> None:
    server = strict
    ann, ben = guests(new_context, server, "Ann", "Ben")
    watch_violations(ann)
    position = reach("lagoon", 2, seed=1, until=lambda _state, played: played == 2,
                     prefer={0: "paddle", 1: "paddle"})
    tid = seat_at(server, position, [ann, ben])
    open_table(ann, server, tid, len(position.actions))
    expect(ann.get_by_test_id("generic-moves").locator("[data-action]")).to_have_count(3)
    ann.locator('[data-action="paddle"]').click()
    expect(ann.get_by_test_id("table-page")).to_have_attribute("data-seq", str(len(position.actions) + 1))
    assert ann.evaluate("() => window.__violations") == []
    stripe = ann.evaluate("() => getComputedStyle(document.querySelector('.g-player')).borderLeftColor")
    assert stripe not in ("", "rgb(119, 119, 119)"), stripe  # the seat's colour, not the default grey


def test_a_push_that_changes_little_keeps_the_boards_nodes(page: Page, server: Running) -> None:
    sign_in(page, server, "Cay")
    position = reach("puertorico", 4, seed=3, until=a_role_choice_of_seat_0_after(20))
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))
    # Mark elements a role choice and the bots' next moves leave in place (a card of the building
    # supply, the plantations' row, a bot's panel): after the pushes they must be the same nodes.
    kept = ['[data-testid="building-city-hall"]', ".plantations", '[data-testid="player-2"]']
    page.evaluate("(marked) => marked.forEach((s) => { document.querySelector(s).__kept = true; })", kept)
    player = Player(page)
    seq = player.seq()
    play([player], lambda: player.seq() >= seq + 4, "four more moves")
    for selector in kept:
        assert page.evaluate("(s) => document.querySelector(s).__kept === true", selector), selector


def test_a_poll_that_brings_nothing_new_adds_or_removes_no_node(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    ann, ben = guests(new_context, server, "Ann", "Ben")
    position = reach("puertorico", 2, seed=2, until=lambda state, played: played >= 6 and state.to_move == 1)
    tid = seat_at(server, position, [ann, ben])
    # Ben, to move, is not connected: Ann's page asks the server for the table every few seconds.
    open_table(ann, server, tid, len(position.actions))
    ann.evaluate(WATCH_NODES)
    for _ in range(2):
        with ann.expect_response(re.compile(rf"/api/tables/{tid}$")):
            pass
        ann.evaluate(TWO_FRAMES)
    assert ann.evaluate("() => window.__churn") == 0
    expect(ann.get_by_test_id("table-page")).to_have_attribute("data-seq", str(len(position.actions)))


def test_the_log_follows_its_newest_lines_unless_the_reader_scrolled_up(page: Page, server: Running) -> None:
    page.set_viewport_size({"width": 1280, "height": 640})
    sign_in(page, server, "Dan")
    position = reach("puertorico", 4, seed=4, until=a_role_choice_of_seat_0_after(30))
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))
    box = page.locator(".log-box")
    gap = "(box) => box.scrollHeight - box.scrollTop - box.clientHeight"
    overflow = "(box) => box.scrollHeight - box.clientHeight"
    player = Player(page)

    def more_moves(n: int) -> None:
        seq = player.seq()
        lines = page.get_by_test_id("log").locator("li").count()
        play([player], lambda: player.seq() >= seq + n, f"{n} more moves")
        expect(page.get_by_test_id("log").locator("li")).not_to_have_count(lines)
        page.evaluate(TWO_FRAMES)

    more_moves(3)
    assert box.evaluate(overflow) > 200  # a log longer than its box
    assert box.evaluate(gap) < 2  # at the newest line
    box.evaluate("(box) => { box.scrollTop = 0; }")
    page.wait_for_function("() => document.querySelector('.log-box').scrollTop === 0")
    page.evaluate(TWO_FRAMES)
    more_moves(3)
    assert box.evaluate("(box) => box.scrollTop") == 0  # the reader's place is kept
    box.evaluate("(box) => { box.scrollTop = box.scrollHeight; }")
    page.evaluate(TWO_FRAMES)
    more_moves(3)
    assert box.evaluate(gap) < 2  # following again
