"""Each game's board comes from the game's own folder: GET /api/games says where, the server serves
that folder (and nothing else of the game) at /static/games/<name>/, and the table page loads only
its own game's board and stylesheet. A game that declares no board gets the generic one."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from positions import open_table, reach, seat_at, sign_in
from servertools import Running

from isla.core import Game, game_names
from isla.core import game as find_game

STYLESHEETS = """() => [...document.querySelectorAll('link[rel=stylesheet]')]
    .map((link) => new URL(link.href).pathname)"""


def test_every_declared_board_file_is_in_its_games_folder_and_served(server: Running) -> None:
    with server.client() as client:
        listed = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        for name in game_names():
            board = find_game(name).browser_board
            if board is None:
                continue
            folder = board.folder.resolve()
            files = [board.module] + ([board.stylesheet] if board.stylesheet else [])
            for file in files:
                assert (folder / file).resolve().is_relative_to(folder) and (folder / file).is_file(), file
            urls = listed[name]["board"]
            assert urls == {
                "module": f"/static/games/{name}/{board.module}",
                "stylesheet": f"/static/games/{name}/{board.stylesheet}" if board.stylesheet else None,
            }
            module = client.get(urls["module"])
            assert module.status_code == 200 and "javascript" in module.headers["content-type"]
            assert module.text == (folder / board.module).read_text(encoding="utf-8")
            if urls["stylesheet"]:
                sheet = client.get(urls["stylesheet"])
                assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("text/css")
    assert {"puertorico", "vanuatu"} <= {name for name, g in listed.items() if g["board"]}


@pytest.mark.parametrize("path", [
    "/static/games/puertorico/../game.py",
    "/static/games/puertorico/%2e%2e/game.py",
    "/static/games/puertorico/..%2Fgame.py",
    "/static/games/puertorico/web/board.js",  # the folder itself is the root: no second "web"
    "/static/games/nosuchgame/board.js",
])
def test_nothing_outside_a_games_declared_folder_is_served(server: Running, path: str) -> None:
    with server.client() as client:
        response = client.get(path)
    assert response.status_code == 404, (path, response.status_code, response.text[:200])
    assert "def " not in response.text  # no Python source, whatever the answer


def test_a_game_without_a_board_has_none_and_no_files(server: Running, lagoon: Game) -> None:
    with server.client() as client:
        listed = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        assert listed[lagoon.name]["board"] is None
        assert client.get(f"/static/games/{lagoon.name}/game.py").status_code == 404


@pytest.mark.parametrize("game", ["puertorico", "vanuatu"])
def test_a_table_page_loads_its_own_games_board_and_stylesheet_only(
    page: Page, server: Running, game: str
) -> None:
    sign_in(page, server, "Ann")
    position = reach(game, 2, seed=1, until=lambda _state, played: played >= 1)
    tid = seat_at(server, position, [page, "bot:easy"])
    open_table(page, server, tid, len(position.actions))
    expect(page.get_by_test_id("table-page")).to_have_attribute("data-game", game)
    assert page.evaluate(STYLESHEETS) == [
        "/static/css/base.css", "/static/css/table.css", f"/static/games/{game}/board.css"
    ]
    scripts = page.evaluate(
        "() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)"
    )
    assert f"/static/games/{game}/board.js" in scripts
    others = [name for name in game_names() if name != game]
    assert not [path for path in scripts if any(path.startswith(f"/static/games/{o}/") for o in others)]
    assert not [path for path in scripts if path.startswith("/static/js/generic/")]

