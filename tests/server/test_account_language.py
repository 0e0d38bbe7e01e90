"""A language remembered per account (migration 0009, `users.lang`): set with PUT /api/me/language,
shown as `lang` in /api/auth/me and the sign-in answers, and the default of everything the server
says to the account when a request names no language: refusals, the log in words, its WebSockets,
and its mails (the confirmation and the your-turn notices, sent through a real SMTP server)."""

# Chinese is written with its own full-width punctuation, which RUF001 takes for look-alikes.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx2
from mailtools import Inbox, plain
from rankedtools import PASSWORD, account, execute, guest, rows
from servertools import PATIENCE, Running, create, human, run_async
from test_mail_notices import BOB, confirmed, notices_for, smtp, table_of_two, user_id
from test_ratings_migration import OLD, add_ann_0004, fresh_url, insert_finished_0004, migrate, old_rows
from wstools import Socket

from isla.server import ServerConfig
from isla.server.auth import COOKIE, session_hash
from isla.server.config import ServerConfig as Config
from isla.server.store import Store

__all__ = ["fresh_url", "smtp"]  # the fixtures, used by name below


def me(client: httpx2.Client) -> dict[str, object]:
    answer = client.get("/api/auth/me")
    assert answer.status_code == 200, answer.text
    user: dict[str, object] = answer.json()["user"]
    return user


def choose(client: httpx2.Client, lang: str | None) -> httpx2.Response:
    return client.put("/api/me/language", json={"lang": lang})


def test_an_account_sets_its_language_and_signs_in_with_it(server: Running) -> None:
    with account(server, "Ann") as ann:
        assert me(ann)["lang"] is None
        answer = choose(ann, "de")
        assert answer.status_code == 200, answer.text
        assert answer.json()["user"]["lang"] == "de"
        assert me(ann)["lang"] == "de"
        assert choose(ann, "pt-BR").json()["user"]["lang"] == "pt"  # a regional tag is its language
        assert me(ann)["lang"] == "pt"
        assert choose(ann, "de").status_code == 200

    with httpx2.Client(base_url=server.url, headers={"Origin": server.url}, timeout=PATIENCE) as browser:
        signed = browser.post("/api/auth/login", json={"name": "Ann", "password": PASSWORD})
        assert signed.status_code == 200, signed.text
        assert signed.json()["user"]["lang"] == "de"  # another browser: the account's language
        assert choose(browser, None).json()["user"]["lang"] is None  # null forgets it
        assert me(browser)["lang"] is None


def test_a_language_isla_lacks_a_guest_and_nobody_are_refused(server: Running) -> None:
    with account(server, "Ann") as ann:
        for wrong in ("fr", "klingon", ""):
            refused = choose(ann, wrong)
            assert refused.status_code == 422, refused.text
            assert refused.json()["code"] == "invalid"
        assert refused.json()["error"] == "Isla has no language '': choose one of en, pt, nl, de, zh"
        known = "choose one of en, pt, nl, de, zh"
        assert choose(ann, "fr").json()["error"] == f"Isla has no language 'fr': {known}"
        not_text = ann.put("/api/me/language", json={"lang": 7})
        assert (not_text.status_code, not_text.json()["code"]) == (422, "invalid")
        assert me(ann)["lang"] is None  # nothing was stored
    with guest(server, "Gus") as gus:
        refused = choose(gus, "de")
        assert (refused.status_code, refused.json()["code"]) == (401, "unauthorized")
        assert me(gus)["lang"] is None
    with httpx2.Client(base_url=server.url, headers={"Origin": server.url}, timeout=PATIENCE) as nobody:
        refused = nobody.put("/api/me/language", json={"lang": "de"}, headers={"Accept-Language": "nl"})
        assert refused.status_code == 401
        assert refused.json()["error"] == ("alleen een account onthoudt een taal: meld je aan bij een "
                                           "account (de keuze van een gast blijft in deze browser)")


def test_the_accounts_language_is_the_default_of_its_answers_and_websockets(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    table_id, ann_token = created["table"]["id"], created["tokens"][0]["token"]
    with account(server, "Cat") as cat:
        english = cat.post(f"/api/tables/{table_id}/join", json={})
        assert english.json()["error"] == f"table {table_id} has already started: no seat is open"
        assert choose(cat, "de").status_code == 200
        # the account's language wins over the browser's Accept-Language, ?lang= over both
        german = cat.post(f"/api/tables/{table_id}/join", json={}, headers={"Accept-Language": "en"})
        assert german.json() == {"error": f"Tisch {table_id} hat schon begonnen: kein Platz ist frei",
                                 "code": "seat_taken"}
        chinese = cat.post(f"/api/tables/{table_id}/join?lang=zh", json={})
        assert chinese.json()["error"] == f"牌桌 {table_id} 已经开始：没有空座位"
        act = cat.post(f"/api/tables/{table_id}/actions", json={"seq": 0, "actions": ["role:builder"]})
        assert act.json()["error"] == f"du hast keinen Platz an Tisch {table_id}"

        cookie = cat.cookies.get(COOKIE)
        assert cookie is not None
        with Socket(server.url, cookie=f"{COOKIE}={cookie}", origin=server.url) as socket:
            socket.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"]})
            refused = socket.expect("error")
            assert refused["code"] == "forbidden"
            assert refused["error"] == f"du hast keinen Platz an Tisch {table_id}"
        with Socket(server.url, cookie=f"{COOKIE}={cookie}", origin=server.url, query="?lang=nl") as socket:
            socket.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"]})
            assert socket.expect("error")["error"] == f"je hebt geen plaats aan tafel {table_id}"

    with server.client(ann_token) as ann:
        assert ann.post(f"/api/tables/{table_id}/actions", json={"seq": 0, "actions": ["role:builder"]}
                        ).status_code == 200
    with account(server, "Dan") as dan:
        assert choose(dan, "de").status_code == 200
        lines = [line for entry in dan.get(f"/api/tables/{table_id}/log").json()["words"]
                 for line in entry["lines"]]
        assert "Ann wählt den Baumeister." in lines  # the log in words, in the account's language


def test_an_accounts_mails_come_in_its_language(
    config: ServerConfig, smtp: tuple[Inbox, int], servers: Callable[..., Running]
) -> None:
    inbox, port = smtp
    site = servers(replace(config, mail=plain(port)))
    with account(site, "Ann") as ann, account(site, "Bob") as bob:
        assert choose(bob, "de").status_code == 200
        confirmed(bob, inbox, BOB)  # its request names no language: the account's decides
        assert inbox.wait_for(BOB)[0]["Subject"] == "Bestätige deine E-Mail-Adresse für Isla"
        table_id = table_of_two(ann, bob)
        bob_id = user_id(bob)

        async def job(store: Store) -> bool:
            notices = notices_for(site.config, port)(store)
            try:
                return await notices.turn_started(table_id, bob_id, "Puerto Rico")
            finally:
                await notices.close()

        assert run_async(job, site.config.database_url or "") is True
        notice = inbox.wait_for(BOB, 2)[1]
        assert notice["Subject"] == f"Du bist am Zug an Tisch {table_id} (Puerto Rico)"


def test_a_0008_database_migrates_to_0009_and_its_accounts_keep_everything(
    fresh_url: str, tmp_path: Path, servers: Callable[..., Running]
) -> None:
    migrate(fresh_url, "0008")
    ann_id, session_id = "a" * 32, "a-session-of-ann"
    add_ann_0004(fresh_url, ann_id)
    insert_finished_0004(fresh_url, "old-0", ann_id, seed=5)
    expires = (datetime.now(UTC) + timedelta(days=1)).isoformat(sep=" ")
    execute(fresh_url, "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES "
                       f"('{session_hash(session_id)}', '{ann_id}', '{expires}', '{expires}')")
    before = {table: old_rows(fresh_url, table) for table in OLD}

    migrate(fresh_url, "head")

    assert {table: old_rows(fresh_url, table) for table in OLD} == before
    assert rows(fresh_url, "SELECT id, lang FROM users") == [(ann_id, None)]
    server = servers(Config(data_dir=tmp_path, database_url=fresh_url, bot_pace=0.0, bot_seconds=None))
    headers = {"Origin": server.url, "Cookie": f"{COOKIE}={session_id}"}
    with httpx2.Client(base_url=server.url, headers=headers, timeout=PATIENCE) as browser:
        assert me(browser) == {"id": ann_id, "name": "Ann", "guest": False, "lang": None}
        assert choose(browser, "zh").status_code == 200
        assert browser.get("/api/tables/old-0").json()["status"] == "finished"
    assert rows(fresh_url, "SELECT id, lang FROM users") == [(ann_id, "zh")]
