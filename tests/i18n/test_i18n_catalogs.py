"""Every catalog Isla ships is whole: each message of a domain's English (its `en` catalog or its
.pot template) is in every language, filled, translated (not the English again, except the few
names listed below with the reason they stay), with the same {placeholders}, and with exactly the
plural forms the language's Plural-Forms header (checked against Babel's CLDR data) says.

The domains are found, not listed: the generic one and every registered game's, so a new game's
catalogs are checked the moment it declares them."""

from __future__ import annotations

import gettext
import re

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural

from isla.core.registry import game, game_names
from isla.i18n import ENGLISH, GENERIC, LANGUAGES, Domain, game_domain
from isla.i18n.catalogs import catalog, english, english_text, placeholders
from isla.i18n.games import page_domain
from isla.i18n.told import log_domain

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != ENGLISH)

# Names a language writes exactly as English does: (domain, language) -> msgid -> why it stays.
# (A text of placeholders and punctuation only, "{first}, {next}", has nothing to translate.)
SAME_AS_ENGLISH: dict[tuple[str, str], dict[str, str]] = {
    **{("isla", lang): {} for lang in ("pt", "nl", "de")},
    ("puertorico", "pt"): {"place.san-juan": "a city's name"},
    ("puertorico", "nl"): {
        "place.san-juan": "a city's name",
        "building.hacienda": "the Spanish word, which Dutch players use for this building",
        "good.indigo": "indigo is the Dutch word too",
    },
    ("puertorico", "de"): {
        "place.san-juan": "a city's name", "good.indigo": "Indigo is the German word too",
    },
    ("vanuatu", "pt"): {
        "good.kava": "kava is the Portuguese word too", "good.copra": "copra is Portuguese too",
        "score.vatus": "the currency's name",
    },
    **{("puertorico-log", lang): {
        **({"{n} in San Juan": "a city's name, and 'in' is Dutch and German too"} if lang != "pt" else {}),
    } for lang in ("pt", "nl", "de")},
    **{("puertorico-page", lang): {
        **({"Bot": "Bot is Dutch and German too", "Bot {n}": "so is a numbered bot"} if lang != "pt" else {}),
    } for lang in ("pt", "nl", "de")},
    ("vanuatu-page", "pt"): {"Vatus": "the currency's name", "{good} ({price} vatus)": "the currency's name"},
    ("vanuatu-page", "nl"): {"Water": "water is the Dutch word too"},
    ("vanuatu", "nl"): {
        "good.kava": "kava is the Dutch word too", "score.water": "water is the Dutch word too",
    },
    ("vanuatu", "de"): {"good.kava": "Kava is the German word too", "action.tourist": "Tourist is German"},
}
# The lobby's and the ratings pages' words these languages write as English does.
for _lang, _same in {
    "pt": {"Bots": "bot is the Portuguese word Isla uses"},
    "nl": {"Bots": "bot is the Dutch word Isla uses", "Chat": "chat is Dutch too"},
    "de": {"Bots": "Bot is the German word Isla uses", "Chat": "Chat is German too"},
}.items():
    SAME_AS_ENGLISH[("isla", _lang)].update(
        _same)


def _domains() -> list[Domain]:
    found = [GENERIC]
    for name in game_names():
        for domain in (game_domain(game(name)), log_domain(game(name)), page_domain(game(name))):
            if domain is not None:
                found.append(domain)
    return found


DOMAINS = _domains()
CASES = [pytest.param(d, lang, id=f"{d.name}-{lang}") for d in DOMAINS for lang in TRANSLATED]


def _forms(value: object) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (str(value or ""),)


def _wordless(text: str) -> bool:
    """Whether `text` is only placeholders and punctuation ("{first}, {next}", "{what}.")."""
    return not any(ch.isalpha() for ch in re.sub(r"\{[^}]*\}", "", text))


def _key(message: Message) -> str:
    return str(message.id if isinstance(message.id, str) else message.id[0])


def _entries(found: Catalog) -> dict[str, Message]:
    return {_key(m): m for m in found if m.id}


def _translation(domain: Domain, lang: str) -> Catalog:
    found = catalog(domain, lang)
    assert found is not None, f"{domain.path(lang)} is missing"
    return found


def test_the_games_with_catalogs_are_found() -> None:
    assert {d.name for d in DOMAINS} >= {"isla", "puertorico", "vanuatu"}


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_the_english_reference_is_whole(domain: Domain) -> None:
    reference = english(domain)
    entries = _entries(reference)
    assert entries, f"{domain.name} has no messages"
    for key, message in entries.items():
        text = _forms(english_text(message))
        assert all(text), f"{domain.name}: {key!r} has no English"
        assert len(text) == (2 if message.pluralizable else 1), f"{domain.name}: {key!r} English forms"
        if catalog(domain, ENGLISH) is not None and message.pluralizable:
            assert placeholders(text[0]) == placeholders(text[1]) == placeholders(_key(message))


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_every_message_is_translated(domain: Domain, lang: str) -> None:
    reference = _entries(english(domain))
    translated = _entries(_translation(domain, lang))
    assert sorted(set(reference) - set(translated)) == [], f"{domain.name}/{lang}: missing"
    assert sorted(set(translated) - set(reference)) == [], f"{domain.name}/{lang}: not in the English"
    allowed = SAME_AS_ENGLISH.get((domain.name, lang), {})
    for key, message in translated.items():
        forms = _forms(message.string)
        assert all(f.strip() for f in forms), f"{domain.name}/{lang}: {key!r} is empty"
        assert not message.fuzzy, f"{domain.name}/{lang}: {key!r} is marked fuzzy"
        english_forms = set(_forms(english_text(reference[key])))
        same = set(forms) <= english_forms
        if all(_wordless(f) for f in english_forms):
            continue  # only placeholders and punctuation: nothing of English to translate
        if key in allowed:
            assert same, f"{domain.name}/{lang}: {key!r} is allowed to stay English but no longer does"
        else:
            assert not same, f"{domain.name}/{lang}: {key!r} repeats the English {sorted(english_forms)}"


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_placeholders_match_the_english(domain: Domain, lang: str) -> None:
    reference = _entries(english(domain))
    for key, message in _entries(_translation(domain, lang)).items():
        wanted = {frozenset(placeholders(f)) for f in _forms(english_text(reference[key]))}
        for form in _forms(message.string):
            assert placeholders(form) in wanted, (
                f"{domain.name}/{lang}: {key!r} has {sorted(placeholders(form))} in {form!r}, "
                f"the English has {[sorted(w) for w in wanted]}")


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_plural_forms_are_valid(domain: Domain, lang: str) -> None:
    translated = _translation(domain, lang)
    assert str(translated.locale) == lang, f"{domain.path(lang)} says it is {translated.locale}"
    expected = get_plural(lang)
    assert translated.num_plurals == expected.num_plurals, f"{domain.path(lang)}: Plural-Forms"
    rule = gettext.c2py(translated.plural_expr)
    assert {rule(n) for n in [*range(200), 1000000]} == set(range(translated.num_plurals))
    for key, message in _entries(translated).items():
        if message.pluralizable:
            assert len(_forms(message.string)) == translated.num_plurals, f"{domain.name}/{lang}: {key!r}"
        else:
            assert isinstance(message.string, str), f"{domain.name}/{lang}: {key!r} has plural forms"


def test_the_allowed_english_names_are_few_and_explained() -> None:
    for (name, lang), allowed in SAME_AS_ENGLISH.items():
        assert name in {d.name for d in DOMAINS} and lang in TRANSLATED
        assert len(allowed) <= 5 and all(reason.strip() for reason in allowed.values())
