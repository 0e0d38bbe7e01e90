"""The languages Isla speaks, and which of them a reader gets.

Five languages, because the people this project is for wrote its seeds in Portuguese, Dutch, German
and Chinese; English is the language of the code and the fallback. A reader's language comes from
an explicit `lang` value (a page's choice, a `?lang=` parameter, `isla play --lang`) when Isla has
it, else from the browser's Accept-Language header, else English. Regional tags fall to their
language (de-DE, pt-BR, nl-BE, zh-CN and zh-TW all find a catalog): Isla keeps one catalog per
language, and its Chinese catalog is written in simplified characters, which readers of
traditional characters read too (a zh-Hant catalog is a later landing if players ask).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from babel import negotiate_locale

ENGLISH: Final = "en"
# The order is the order a language picker lists them in.
LANGUAGES: Final = ("en", "pt", "nl", "de", "zh")
# How many Accept-Language entries are read: a header is the client's to write, and a long one
# would cost time for nothing (no browser sends more than a handful).
_MOST_ENTRIES: Final = 32


def preferred(accept_language: str | None) -> list[str]:
    """The language tags of an Accept-Language header, most wanted first (RFC 9110 §12.5.4).

    Entries with q=0 (explicitly not wanted) and malformed weights are left out; equal weights keep
    the header's order. "*" is left out too: it asks for nothing in particular, which is English.
    """
    weighted: list[tuple[float, int, str]] = []
    for position, entry in enumerate((accept_language or "").split(",")[:_MOST_ENTRIES]):
        tag, _, params = entry.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if weight > 0:
            weighted.append((-weight, position, tag))
    return [tag for _, _, tag in sorted(weighted)]


@lru_cache(maxsize=1024)  # a tag comes with every lookup; bounded, since clients choose the tags
def supported(lang: str | None) -> str | None:
    """The language Isla has for a tag ("de", "de-DE", "pt_BR", "zh-Hant-TW"), or None."""
    if not lang:
        return None
    # Babel matches the whole tag, then its first part; "_" and "-" are both seen in the wild.
    found = negotiate_locale([lang.strip().replace("_", "-")], list(LANGUAGES), sep="-", aliases={})
    return found.lower() if found else None


def negotiate(accept_language: str | None = None, lang: str | None = None) -> str:
    """The reader's language: `lang` if Isla has it, else the best of Accept-Language, else English.

    >>> negotiate("de-DE,de;q=0.9,en;q=0.8")
    'de'
    >>> negotiate("fr-FR, zh-TW;q=0.5")
    'zh'
    >>> negotiate("pt-BR", lang="nl")
    'nl'
    >>> negotiate("fr", lang="klingon")
    'en'
    """
    chosen = supported(lang)
    if chosen:
        return chosen
    for tag in preferred(accept_language):
        found = supported(tag)
        if found:
            return found
    return ENGLISH


__all__ = ["ENGLISH", "LANGUAGES", "negotiate", "preferred", "supported"]
