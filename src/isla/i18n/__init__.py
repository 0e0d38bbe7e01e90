"""Isla in its players' languages: English, Portuguese, Dutch, German and Chinese (docs/i18n.md).

- `languages`: the five languages and which one a reader gets (a `lang` value, Accept-Language).
- `catalogs`: text domains, reading their gettext .po files (Babel), and looking texts up with the
  catalogs' own plural rules; English stands in only for a language Isla does not have.
- `games`: the domain of a game's own catalogs, from its GameInfo, in the game's folder.

This package does no I/O at import: a catalog is read the first time it is asked for.
"""

from __future__ import annotations

from isla.i18n.catalogs import GENERIC, Domain, MissingText, ngettext, texts, translate
from isla.i18n.games import game_domain
from isla.i18n.languages import ENGLISH, LANGUAGES, negotiate

__all__ = [
    "ENGLISH", "GENERIC", "LANGUAGES", "Domain", "MissingText", "game_domain", "negotiate", "ngettext",
    "texts", "translate",
]
