"""GET /rules/{game}: a game's rules summary as a page, in the reader's language (`?lang=`, else
Accept-Language, English for a language Isla lacks), naming the game's roles, actions and
characters in that language's terms, with links to the other languages, under the site's security
headers and with no script or inline style; an unknown game is a 404."""

from __future__ import annotations

import html
import re

import httpx2
import pytest
from servertools import Running

from isla.core import registry
from isla.i18n import LANGUAGES, game_domain, texts
from isla.i18n.games import RULES_DIR, game_folder, rules_languages
from isla.server.headers import POLICY
from isla.server.routes.rules import rendered

GAMES = ("puertorico", "vanuatu")
KINDS = ("role.", "action.", "character.")  # the terms a summary explains one by one


def named_terms(name: str, lang: str) -> set[str]:
    """The game's terms for its roles, actions and characters in `lang` (its term catalog)."""
    domain = game_domain(registry.game(name))
    assert domain is not None
    found = {str(text) for msgid, text in texts(domain, lang).items()
             if msgid.startswith(KINDS) and msgid.count(".") == 1}  # not their tooltips' help texts
    assert found, (name, lang)
    return found


def page_text(response: httpx2.Response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.text))


def headers_hold(response: httpx2.Response) -> None:
    assert response.headers["content-security-policy"] == POLICY
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "same-origin"


@pytest.mark.parametrize("name", GAMES)
def test_each_language_gets_its_summary_with_its_own_terms(sqlite_server: Running, name: str) -> None:
    with sqlite_server.client() as client:
        for lang in LANGUAGES:
            page = client.get(f"/rules/{name}", params={"lang": lang})
            assert page.status_code == 200, (lang, page.text[:200])
            assert page.headers["content-type"].startswith("text/html")
            assert f'<html lang="{lang}">' in page.text
            headers_hold(page)
            text = page_text(page).lower()
            missing = sorted(term for term in named_terms(name, lang) if term.lower() not in text)
            assert missing == [], (name, lang)
            others = set(re.findall(r'hreflang="([a-z]+)"', page.text))
            assert others == set(LANGUAGES)
            assert f'href="/rules/{name}?lang={lang}" hreflang="{lang}" lang="{lang}" aria-current="page"' \
                in page.text
            assert "<script" not in page.text and "style=" not in page.text


def test_the_accept_language_header_chooses_when_no_lang_is_given(sqlite_server: Running) -> None:
    with sqlite_server.client() as client:
        german = client.get("/rules/puertorico", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
        chinese = client.get("/rules/vanuatu", headers={"Accept-Language": "zh-TW"})
        chosen = client.get("/rules/vanuatu", params={"lang": "nl"}, headers={"Accept-Language": "de"})
    assert '<html lang="de">' in german.text and "Bürgermeister" in page_text(german)
    assert '<html lang="zh">' in chinese.text and "领航员" in page_text(chinese)
    assert '<html lang="nl">' in chosen.text and "Stuurman" in page_text(chosen)
    assert german.headers["content-language"] == "de"


def test_a_language_isla_lacks_gets_the_english_summary(sqlite_server: Running) -> None:
    with sqlite_server.client() as client:
        french = client.get("/rules/puertorico", params={"lang": "fr"})
        browser = client.get("/rules/vanuatu", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    for page, term in ((french, "Prospector"), (browser, "Navigator")):
        assert page.status_code == 200
        assert '<html lang="en">' in page.text and term in page_text(page)
        headers_hold(page)


def test_an_unknown_game_is_not_found(sqlite_server: Running) -> None:
    with sqlite_server.client() as client:
        unknown = client.get("/rules/chess", params={"lang": "de"})
    assert unknown.status_code == 404
    assert unknown.json()["code"] == "not_found"
    headers_hold(unknown)


def test_the_summaries_markdown_cannot_bring_markup_of_its_own() -> None:
    page = rendered("# Title\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b onclick=x>b</b>\n")
    assert "<h1>Title</h1>" in page
    assert "<script" not in page and "<b " not in page and 'href="javascript' not in page


def test_every_game_with_a_summary_has_it_in_all_five_languages() -> None:
    having = [name for name in registry.game_names() if rules_languages(registry.game(name))]
    assert set(GAMES) <= set(having)
    for name in having:
        assert rules_languages(registry.game(name)) == LANGUAGES, name


@pytest.mark.parametrize("name", GAMES)
def test_the_summaries_cite_no_ruling_and_never_call_colonists_slaves(name: str) -> None:
    folder = game_folder(registry.game(name)) / RULES_DIR
    for lang in LANGUAGES:
        text = (folder / f"{lang}.md").read_text(encoding="utf-8")
        assert re.findall(r"\b[RV]\d+\b", text) == [], (name, lang)  # ruling ids are for developers
        assert not re.search(r"slave|escrav|slaaf|slaven|sklave|奴隶", text, re.IGNORECASE), (name, lang)
