"""Chat, spectating and private tables in Chromium: a name and a message made of HTML show as text
on another player's page and run nothing; a private table refuses a viewer without its link; a
spectator with the link watches and no hidden information reaches their page."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, WebSocket, expect
from servertools import Running

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "replay"))
from hiddenchecks import hidden_keys, problems

HOSTILE = "<img src=x onerror=window.__pwned=1>"


def signed_in(new_context: Callable[..., BrowserContext], server: Running, name: str) -> Page:
    page = new_context().new_page()
    page.goto(server.url + "/")
    answer = page.request.post(server.url + "/api/auth/guest", data={"name": name},
                               headers={"Origin": server.url})
    assert answer.status == 201, answer.text()
    return page


def test_html_in_chat_shows_as_text_and_a_private_table_needs_its_link(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    host = signed_in(new_context, server, HOSTILE)
    created = host.request.post(server.url + "/api/tables", headers={"Origin": server.url}, data={
        "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "easy"}],
        "seating": "fixed", "private": True,
    })
    assert created.status == 201, created.text()
    table = created.json()["table"]
    tid, key = table["id"], table["invite"]
    bob = signed_in(new_context, server, "Bob")
    joined = bob.request.post(f"{server.url}/api/tables/{tid}/join?key={key}", data={},
                              headers={"Origin": server.url})
    assert joined.status == 200, joined.text()

    stranger = new_context().new_page()
    stranger.goto(f"{server.url}/tables/{tid}")
    expect(stranger.get_by_test_id("error-banner")).to_contain_text("there is no table")

    bob.goto(f"{server.url}/tables/{tid}")  # his seat is his way in: no key needed
    host.goto(f"{server.url}/tables/{tid}")
    host.get_by_test_id("chat-input").fill(HOSTILE)
    host.get_by_test_id("chat-send").click()
    line = bob.get_by_test_id("chat-line").last
    expect(line.get_by_test_id("chat-name")).to_have_text(HOSTILE)
    expect(line.get_by_test_id("chat-text")).to_have_text(HOSTILE)
    assert bob.locator("#chat img").count() == 0
    assert bob.evaluate("() => window.__pwned") is None
    assert host.evaluate("() => window.__pwned") is None
    # The lobby's chat likewise; and the private table is not in the lobby's list.
    lobby = new_context().new_page()
    lobby.goto(server.url + "/")
    expect(lobby.get_by_test_id("connection")).to_have_attribute("data-status", "open")
    host.goto(server.url + "/")
    host.get_by_test_id("chat-input").fill("a game, anyone? " + HOSTILE)
    host.get_by_test_id("chat-send").click()
    expect(lobby.get_by_test_id("chat-text").last).to_have_text("a game, anyone? " + HOSTILE)
    expect(lobby.get_by_test_id("chat-name").last).to_have_text(HOSTILE)
    expect(lobby.get_by_test_id(f"table-{tid}")).to_have_count(0)
    assert lobby.locator("img").count() == 0 and lobby.evaluate("() => window.__pwned") is None

    # With the link, a spectator watches; what reaches the page holds nothing hidden from them.
    tables: list[dict[str, Any]] = []

    def frames(socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "table":
                tables.append(message["table"])

        socket.on("framereceived", received)

    watcher = new_context().new_page()
    watcher.on("websocket", frames)
    watcher.goto(f"{server.url}/tables/{tid}?key={key}")
    expect(watcher.get_by_test_id("chat-text").last).to_have_text(HOSTILE)
    expect(bob.get_by_test_id("watchers")).to_have_text("1 watching")
    assert tables and all(t["you"] is None and t["invite"] is None for t in tables)
    for seen in tables:
        view = seen["view"]
        assert hidden_keys(view) == []
        assert problems({"view": view, "scores": [None] * seen["players"]}, None, seen["game"]) == []
