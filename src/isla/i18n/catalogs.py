"""Gettext catalogs: where a text domain's .po files are, reading them, and looking a text up.

A *domain* is one set of catalogs: `isla` (the words every page shares) lives in src/isla/locale/,
and each game brings its own in its folder (GameInfo.text_domain and locale_dir; see
`isla.i18n.games`). A domain's folder holds `<lang>/LC_MESSAGES/<domain>.po` per language, the
standard gettext layout, so translators use the usual tools (Poedit, Weblate, `pybabel update`).

Read, not compiled: the .po files are parsed with Babel's pofile reader the first time a domain and
language is asked for, and kept in memory for the life of the process (so is the answer to "has
this domain a catalog in this language": a lookup touches no file once warm). Isla's catalogs are a few
hundred entries (milliseconds to read), so a compile step would buy nothing and cost a build step
for every fresh clone and every translator's edit; no .mo file exists anywhere, and the checks in
tests/i18n read the very files the server serves.

Two kinds of msgid: a *term* domain (the games' catalogs of roles, buildings, goods...) is keyed by
the ids the game's catalog already uses, with the kind in front ("role.settler",
"building.guild-hall"), and its English texts are in an `en` catalog like any other language; a
*text* domain is keyed by its English text, as `pybabel extract` finds it in the code, and has no
`en` catalog (English is the msgid). Either way `english` gives the reference a translation is
checked against.

A catalog Babel finds malformed raises babel.messages.pofile.PoFileError when it is read.

Looking up never guesses: English stands in only for a language Isla does not have. A language Isla
has that lacks a text raises `MissingText`, because a page half in English is a bug that the
catalog tests catch before it ships, not something to hide.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from isla.i18n.languages import ENGLISH, supported

LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
GENERIC_DOMAIN: Final = "isla"

Text = str | tuple[str, ...]


class MissingText(LookupError):
    """A language Isla has does not have a text of a domain (a catalog is incomplete)."""


@dataclass(frozen=True)
class Domain:
    """A text domain: its name (the .po file's stem) and the folder holding `<lang>/LC_MESSAGES/`."""

    name: str
    directory: Path

    def path(self, lang: str) -> Path:
        return self.directory / lang / "LC_MESSAGES" / f"{self.name}.po"

    def template(self) -> Path:
        """The .pot template `pybabel extract` writes (text domains): `<directory>/<name>.pot`."""
        return self.directory / f"{self.name}.pot"

    def languages(self) -> tuple[str, ...]:
        """The languages this domain has a catalog for, in folder order."""
        if not self.directory.is_dir():
            return ()
        return tuple(sorted(p.name for p in self.directory.iterdir() if self.path(p.name).is_file()))


GENERIC: Final = Domain(GENERIC_DOMAIN, LOCALE_DIR)


@cache
def _read(path: Path) -> Catalog:
    # abort_invalid: a malformed catalog (say, more plural forms than its header allows) is an
    # error where it is read, not a warning and a quietly dropped form.
    with path.open("rb") as handle:
        return read_po(handle, abort_invalid=True)


@lru_cache(maxsize=256)
def catalog(domain: Domain, lang: str) -> Catalog | None:
    """The parsed catalog of `domain` in `lang` (None if the domain has none in that language)."""
    path = domain.path(lang)
    return _read(path) if path.is_file() else None


@lru_cache(maxsize=64)
def english(domain: Domain) -> Catalog:
    """The reference every translation of `domain` is checked against: its `en` catalog (a term
    domain) or its .pot template (a text domain, whose msgids are the English)."""
    found = catalog(domain, ENGLISH)
    if found is not None:
        return found
    if domain.template().is_file():
        return _read(domain.template())
    raise FileNotFoundError(f"text domain {domain.name!r} has neither {domain.path(ENGLISH)} nor "
                            f"{domain.template()}")


def _as_text(value: object) -> Text:
    """A msgid or msgstr as Babel holds it (str, tuple or list; None when absent) as a Text."""
    if isinstance(value, (tuple, list)):
        return tuple(str(v) for v in value)
    return "" if value is None else str(value)


def _filled(text: Text) -> bool:
    return all(text) if isinstance(text, tuple) else bool(text)


def english_text(message: Message) -> Text:
    """The English of a reference entry: its msgstr in an `en` catalog, else the msgid itself."""
    string = _as_text(message.string)
    return string if _filled(string) else _as_text(message.id)


@cache
def _plural(expression: str) -> Callable[[int], int]:
    # The Plural-Forms expression of the catalog's header, in C syntax; the standard library
    # evaluates it safely (it accepts only the operators a plural rule uses).
    return gettext.c2py(expression)


def _lookup(domain: Domain, lang: str, msgid: str) -> tuple[Callable[[int], int], Text]:
    """The text of `msgid` in the reader's language (English for a language Isla lacks), with the
    plural rule that picks among its forms."""
    lang = supported(lang) or ENGLISH
    if lang == ENGLISH:
        reference = english(domain)
        message = reference.get(msgid)
        if message is None:
            raise MissingText(f"{domain.name}: no English text for {msgid!r}")
        text = english_text(message)
        if isinstance(text, tuple) and text == _as_text(message.id):
            return (lambda n: 0 if n == 1 else 1), text  # an English msgid pair: singular, plural
        return _plural(reference.plural_expr), text
    found = catalog(domain, lang)
    message = found.get(msgid) if found is not None else None
    if found is None or message is None or not _filled(_as_text(message.string)):
        raise MissingText(f"{domain.name}: no {lang} text for {msgid!r}")
    return _plural(found.plural_expr), _as_text(message.string)


def translate(domain: Domain, lang: str, msgid: str, /, **params: object) -> str:
    """The text `msgid` of `domain` in `lang`, with its {placeholders} filled from `params`.

    `lang` is a language tag (negotiated or not); one Isla does not have reads English. Every text
    is formatted, so "{{" is a literal brace in every text, with placeholders or without.
    """
    _, text = _lookup(domain, lang, msgid)
    if isinstance(text, tuple):
        raise MissingText(f"{domain.name}: {msgid!r} has plural forms; use ngettext")
    return text.format(**params)


def ngettext(domain: Domain, lang: str, singular: str, plural: str, n: int, /, **params: object) -> str:
    """The form of the plural entry `singular`/`plural` that goes with `n` in `lang`, filled with `n`
    and `params`. The form is chosen by the catalog's own Plural-Forms rule (Portuguese has three
    forms, Chinese one). Both English forms are arguments, as in gettext, so `pybabel extract`
    (keyword `ngettext:3,4`) writes the entry a translator needs.
    """
    rule, text = _lookup(domain, lang, singular)
    if not isinstance(text, tuple):
        raise MissingText(f"{domain.name}: {singular!r} has no plural forms; use translate")
    reference = english(domain).get(singular)
    if reference is not None and isinstance(reference.id, tuple) and reference.id[1] != plural:
        raise MissingText(f"{domain.name}: {singular!r} has the plural {reference.id[1]!r}, not {plural!r}")
    return text[min(rule(n), len(text) - 1)].format(n=n, **params)


def msgids(domain: Domain) -> tuple[str, ...]:
    """Every msgid of `domain` (the singular of a plural entry), in the reference's order."""
    return tuple(str(m.id if isinstance(m.id, str) else m.id[0]) for m in english(domain) if m.id)


def texts(domain: Domain, lang: str) -> Mapping[str, Text]:
    """Every msgid of `domain` with its text in `lang` (English for a language Isla lacks): what a
    page or the text board gets in one go. A plural entry gives all its forms."""
    return {msgid: _lookup(domain, lang, msgid)[1] for msgid in msgids(domain)}


def placeholders(text: str) -> frozenset[str]:
    """The {name} fields of a text ("{n} doubloons" -> {"n"}); literal {{ }} are not fields."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(text) if field is not None)


__all__ = [
    "GENERIC", "GENERIC_DOMAIN", "LOCALE_DIR", "Domain", "MissingText", "catalog", "english",
    "english_text", "msgids", "ngettext", "placeholders", "texts", "translate",
]
