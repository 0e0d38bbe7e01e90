"""`isla play --lang`: the board, the prompts, the help and the final scores in the player's
language, not only the log; English stays what it was."""

from __future__ import annotations

import re

import pytest
from clitools import run

from isla.core import registry
from isla.i18n import GENERIC, game_domain, texts, translate
from isla.i18n.catalogs import catalog, english, msgids
from isla.i18n.told import log_domain

GAME = "puertorico"
# A term each game's board names at its first decision.
NAMED = {"puertorico": "role.mayor", "vanuatu": "action.sail"}
# Ask for help, draw the board again, then always take the first action to the end of the game.
ANSWERS = "?\nboard\n" + "1\n" * 3000


def english_phrases(game: str, lang: str) -> set[str]:
    """Every piece of English of more than one word a board or prompt could show: the literal parts
    of the `isla` domain's and the game's text messages (between placeholders, line by line, column
    by column), and the game's terms that its language says otherwise. A part the translation keeps
    too is a name ("Puerto Rico", "San Juan") and is left out."""
    found: set[str] = set()
    domains = [GENERIC, log_domain(registry.game(game))]
    for domain in domains:
        assert domain is not None
        theirs = catalog(domain, lang)
        assert theirs is not None
        for message in english(domain):
            ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
            translated = theirs.get(ids[0])
            kept = " ".join(translated.string if isinstance(translated.string, (tuple, list))
                            else [translated.string]) if translated is not None else ""
            for msgid in ids:
                for part in re.split(r"\{[^{}]*\}|\n|\s{2,}", str(msgid)):
                    if len(re.findall(r"[A-Za-z]+", part)) > 1 and part.strip() not in kept:
                        found.add(part.strip())
    terms = game_domain(registry.game(game))
    assert terms is not None
    theirs = texts(terms, lang)
    for msgid, text in texts(terms, "en").items():
        if isinstance(text, str) and len(text.split()) > 1 and theirs[msgid] != text:
            found.add(text)
    assert len(found) > 100, len(found)  # the check below has something to look for
    return found


def played(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *lang: str,
           game: str = GAME) -> str:
    status, out, err = run(capsys, "play", game, "--bots", "random", "--players", "3", "--seed", "4", *lang,
                           stdin=ANSWERS, monkeypatch=monkeypatch)
    assert status == 0, err
    return out


@pytest.mark.parametrize("game", sorted(NAMED))
@pytest.mark.parametrize("lang", ["de", "zh"])
def test_the_board_and_the_prompts_show_no_english_phrase(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, game: str,
) -> None:
    out = played(capsys, monkeypatch, "--lang", lang, game=game)
    lowered = out.lower()
    left = sorted(phrase for phrase in english_phrases(game, lang) if phrase.lower() in lowered)
    assert left == [], left
    # It is the board in that language, drawn, explained and scored.
    assert translate(GENERIC, lang, "Legal actions for seat {seat}:", seat=0) in out
    assert translate(GENERIC, lang, "Your legal actions:") in out
    assert translate(GENERIC, lang, "Final scores") in out or translate(
        GENERIC, lang, "Final scores (game end triggered by {triggers})", triggers="").split("(")[0] in out
    terms = game_domain(registry.game(game))
    assert terms is not None and translate(terms, lang, NAMED[game]) in out


def test_english_stays_the_default_and_keeps_its_board(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    default = played(capsys, monkeypatch)
    chosen = played(capsys, monkeypatch, "--lang", "en")
    german = played(capsys, monkeypatch, "--lang", "de")
    assert default == chosen
    assert "seat 0 (you) to decide, role phase: choose a role" in default
    assert "Legal actions for seat 0:" in default and "How to answer:" in default
    assert "Buildings for sale ('pays': what seat 0 would pay now); * = large (2 city spaces)" in default
    # The same game: as many boards, each with as many sections (the rules between them).
    assert german.count("-" * 78) == default.count("-" * 78)


def test_every_message_the_board_says_is_extracted() -> None:
    log = log_domain(registry.game(GAME))
    assert log is not None
    said = set(msgids(log))
    for msgid in ("Roles", "Buildings for sale; * = large (2 city spaces)", "takes the {role} role"):
        assert msgid in said
