"""The lobby page in Chromium: signing in, the live list of tables, creating and joining tables."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, WebSocketRoute, expect
from servertools import OPEN, Running, bot, create, get, human
from webplay import sign_in_as_guest, table_id


def test_a_guest_is_signed_in_by_name_and_can_sign_out_again(page: Page, server: Running) -> None:
    sign_in_as_guest(page, server, "Ann")
    expect(page.get_by_test_id("account-guest")).to_be_visible()
    expect(page.get_by_test_id("sign-in")).to_be_hidden()
    page.reload()
    expect(page.get_by_test_id("account-name")).to_have_text("Ann")  # the session outlives the page
    page.get_by_test_id("sign-out").click()
    expect(page.get_by_test_id("sign-in")).to_be_visible()
    expect(page.get_by_test_id("account")).to_be_hidden()
    page.reload()
    expect(page.get_by_test_id("sign-in")).to_be_visible()


def test_registering_signs_in_and_a_wrong_password_is_refused_with_the_servers_words(
    page: Page, server: Running, new_context: Callable[..., BrowserContext]
) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("account-forms").locator("summary").click()
    page.get_by_test_id("login-name").fill("Bea")
    page.get_by_test_id("login-password").fill("a long secret")
    page.get_by_test_id("register-go").click()
    expect(page.get_by_test_id("account-name")).to_have_text("Bea")
    expect(page.get_by_test_id("account-guest")).to_be_hidden()

    other = new_context().new_page()
    other.goto(server.url + "/")
    other.get_by_test_id("account-forms").locator("summary").click()
    other.get_by_test_id("login-name").fill("Bea")
    other.get_by_test_id("login-password").fill("not the secret")
    other.get_by_test_id("login-go").click()
    error = other.get_by_test_id("auth-error")
    expect(error).to_be_visible()
    expect(error).not_to_be_empty()
    expect(other.get_by_test_id("account")).to_be_hidden()
    other.get_by_test_id("login-password").fill("a long secret")
    other.get_by_test_id("login-go").click()
    expect(other.get_by_test_id("account-name")).to_have_text("Bea")


def test_the_lobby_shows_new_and_started_tables_without_a_reload(page: Page, server: Running) -> None:
    page.goto(server.url + "/")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "open")
    with server.client() as client:
        table = create(client, [human("Carla"), OPEN, bot("easy")])["table"]
    item = page.get_by_test_id("open-tables").get_by_test_id(f"table-{table['id']}")
    expect(item).to_be_visible()
    expect(item).to_contain_text("Carla")
    expect(page.get_by_test_id(f"join-{table['id']}")).to_be_enabled()
    with server.client() as client:  # someone takes the last seat: the game starts
        assert client.post(f"/api/tables/{table['id']}/join", json={"name": "Dev"}).status_code == 200
    playing = page.get_by_test_id("playing-tables").get_by_test_id(f"table-{table['id']}")
    expect(playing).to_contain_text("Dev")
    expect(page.get_by_test_id("open-tables").get_by_test_id(f"table-{table['id']}")).to_have_count(0)
    expect(page.get_by_test_id(f"watch-{table['id']}")).to_be_visible()


def test_a_guest_creates_a_table_against_bots_in_two_clicks(page: Page, server: Running) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("guest-name").fill("Dora")
    page.get_by_test_id("guest-go").click()
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/tables/[^/]+$"))
    with server.client() as client:
        table = get(client, table_id(page))
    assert table["status"] == "playing"
    assert table["players"] == 4
    kinds = sorted((seat["kind"], seat["bot"] or seat["name"]) for seat in table["seats"])
    assert kinds == [("bot", "medium")] * 3 + [("human", "Dora")]


def test_a_newcomer_typing_a_name_can_create_at_once(page: Page, server: Running) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("guest-name").fill("Eve")
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("seat-1-kind").select_option("bot:easy")
    page.get_by_test_id("create-table").click()  # signs in as the guest Eve on the way
    page.wait_for_url(re.compile(r"/tables/[^/]+$"))
    with server.client() as client:
        table = get(client, table_id(page))
    assert sorted((s["kind"], s["bot"] or s["name"]) for s in table["seats"]) == [
        ("bot", "easy"),
        ("human", "Eve"),
    ]


def test_creating_without_a_name_asks_for_one(page: Page, server: Running) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("auth-error")).to_contain_text("name")
    expect(page.get_by_test_id("guest-name")).to_be_focused()
    assert page.url == server.url + "/"


def test_the_rules_options_and_seating_reach_the_table(page: Page, server: Running) -> None:
    sign_in_as_guest(page, server, "Fay")
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("seating").select_option("fixed")
    page.get_by_test_id("seat-1-kind").select_option("bot:hard")
    page.get_by_test_id("options").locator("summary").click()
    page.get_by_test_id("option-balanced").check()
    page.get_by_test_id("option-two_player_roles").select_option("craftsman_angst")
    page.get_by_test_id("option-vp_supply").fill("20")
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/tables/[^/]+$"))
    with server.client() as client:
        table = get(client, table_id(page))
    assert table["seating"] == "fixed"
    assert table["options"]["balanced"] is True
    assert table["options"]["two_player_roles"] == "craftsman_angst"
    assert table["options"]["vp_supply"] == 20
    assert table["options"]["open_vp"] is False
    assert [(s["seat"], s["kind"], s["bot"] or s["name"]) for s in table["seats"]] == [
        (0, "human", "Fay"),
        (1, "bot", "hard"),
    ]


def test_a_vanuatu_table_is_created_from_the_lobby_with_its_own_options(page: Page, server: Running) -> None:
    sign_in_as_guest(page, server, "Ola")
    page.get_by_test_id("game").select_option("vanuatu")
    expect(page.get_by_test_id("seat-count").locator("option")).to_have_text(["2", "3", "4", "5"])
    page.get_by_test_id("options").locator("summary").click()
    expect(page.get_by_test_id("option-balanced")).to_have_count(0)  # Puerto Rico's options are gone
    page.get_by_test_id("seat-count").select_option("2")
    expect(page.get_by_test_id("option-characters")).to_be_hidden()  # characters are a must with 2
    page.get_by_test_id("seat-count").select_option("3")
    page.get_by_test_id("seating").select_option("fixed")
    page.get_by_test_id("seat-1-kind").select_option("bot:easy")
    page.get_by_test_id("seat-2-kind").select_option("bot:hard")
    page.get_by_test_id("option-characters").select_option("off")
    page.get_by_test_id("option-rising_waters").check()
    page.get_by_test_id("option-hut_pp_per_tourist").fill("1")
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/tables/[^/]+$"))
    expect(page.get_by_test_id("space-sail")).to_be_visible()  # the Vanuatu table page
    with server.client() as client:
        table = get(client, table_id(page))
    assert table["game"] == "vanuatu"
    assert table["options"] == {
        "characters": "off", "rising_waters": True, "hut_pp_per_tourist": 1, "bonuses": "optional"}
    assert [(s["seat"], s["kind"], s["bot"] or s["name"]) for s in table["seats"]] == [
        (0, "human", "Ola"),
        (1, "bot", "easy"),
        (2, "bot", "hard"),
    ]


def test_the_two_player_option_is_offered_only_for_two_players(page: Page, server: Running) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("options").locator("summary").click()
    option = page.get_by_test_id("option-two_player_roles")
    page.get_by_test_id("seat-count").select_option("3")
    expect(option).to_be_hidden()
    page.get_by_test_id("seat-count").select_option("2")
    expect(option).to_be_visible()


def test_a_refused_table_shows_the_servers_message_and_stays_in_the_lobby(
    page: Page, server: Running
) -> None:
    sign_in_as_guest(page, server, "Gil")
    page.get_by_test_id("options").locator("summary").click()
    page.get_by_test_id("option-vp_supply").fill("0")
    page.get_by_test_id("create-table").click()
    error = page.get_by_test_id("create-error")
    expect(error).to_contain_text("vp_supply")
    expect(error).to_contain_text("at least 1")
    assert page.url == server.url + "/"
    with server.client() as client:
        assert client.get("/api/tables").json()["tables"] == []


def test_only_one_seat_is_yours(page: Page, server: Running) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("seat-2-kind").select_option("me")
    expect(page.get_by_test_id("seat-2-kind")).to_have_value("me")
    expect(page.get_by_test_id("seat-0-kind")).to_have_value("bot:medium")


def test_joining_an_open_seat_from_the_lobby_leads_to_the_table(page: Page, server: Running) -> None:
    with server.client() as client:
        table = create(client, [human("Hal"), OPEN, bot("easy")])["table"]
    sign_in_as_guest(page, server, "Ivy")
    page.get_by_test_id(f"join-{table['id']}").click()
    page.wait_for_url(f"**/tables/{table['id']}")
    with server.client() as client:
        joined = get(client, table["id"])
    assert joined["status"] == "playing"
    assert sorted(s["name"] for s in joined["seats"] if s["kind"] == "human") == ["Hal", "Ivy"]


def test_a_player_who_joined_can_leave_before_the_start_from_the_lobby(page: Page, server: Running) -> None:
    with server.client() as client:
        table = create(client, [human("Hal"), OPEN, OPEN])["table"]
    sign_in_as_guest(page, server, "Ivy")
    page.get_by_test_id(f"join-{table['id']}").click()
    page.wait_for_url(f"**/tables/{table['id']}")
    page.goto(server.url + "/")
    page.get_by_test_id(f"leave-{table['id']}").click()
    expect(page.get_by_test_id(f"join-{table['id']}")).to_be_visible()  # the live list shows it open
    with server.client() as client:
        left = get(client, table["id"])
    assert [s["kind"] for s in left["seats"]] == ["human", "open", "open"]


def test_a_table_that_filled_up_meanwhile_cannot_be_joined_and_says_so(page: Page, server: Running) -> None:
    with server.client() as client:
        table = create(client, [human("Jo"), OPEN])["table"]
    # The page's lobby is frozen (the server's pushes are held back), as if Kim clicked just
    # before the news arrived that the seat is gone.
    frozen = False

    def route(socket: WebSocketRoute) -> None:
        upstream = socket.connect_to_server()

        def from_server(message: str | bytes) -> None:
            if not frozen:
                socket.send(message)

        upstream.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws$"), route)
    sign_in_as_guest(page, server, "Kim")
    join = page.get_by_test_id(f"join-{table['id']}")
    expect(join).to_be_visible()
    frozen = True
    with server.client() as client:
        assert client.post(f"/api/tables/{table['id']}/join", json={"name": "Lee"}).status_code == 200
    join.click()
    error = page.get_by_test_id("lobby-error")
    expect(error).to_be_visible()
    expect(error).not_to_be_empty()
    assert page.url == server.url + "/"


def test_the_lobby_fits_a_phone_held_sideways(page: Page, server: Running) -> None:
    with server.client() as client:
        create(client, [human("Mo"), OPEN, bot("easy"), bot("hard"), OPEN])
    page.set_viewport_size({"width": 844, "height": 390})
    sign_in_as_guest(page, server, "Nia with a rather long name")
    page.get_by_test_id("options").locator("summary").click()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow == 0, f"the page is {overflow} px wider than the screen"
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/tables/[^/]+$"))
