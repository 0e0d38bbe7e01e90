"""Rendering a game log's structured lines (isla.core.said) in a reader's language.

A `Said` is a message id of the game's log domain (or of the generic `isla` domain) with its
parameters; this fills it from the catalogs: nested messages are rendered first, terms come from
the game's term domain, names and numbers stay as they are. English is the msgids themselves, so
an English reader gets the `Said`'s own text, exactly what the game told; a language Isla does not
have reads English too. A language Isla has that lacks a message raises `MissingText`, as every
lookup does (the catalog tests catch it first).
"""

from __future__ import annotations

from dataclasses import dataclass

from isla.core.protocol import Game
from isla.core.said import GENERIC as GENERIC_NAME
from isla.core.said import Laid, Said, Term
from isla.i18n.catalogs import GENERIC, Domain, ngettext, translate
from isla.i18n.games import game_domain, sibling_domain
from isla.i18n.languages import ENGLISH, supported

LOG_SUFFIX = "-log"


def log_domain(game: Game) -> Domain | None:
    """The text domain of `game`'s log in words (`<text domain>-log`, beside its term catalogs),
    or None when the game has no log catalogs (its log reads English)."""
    return sibling_domain(game, LOG_SUFFIX)


@dataclass(frozen=True)
class Teller:
    """What a game's lines are rendered from: its log domain and its term domain (either may be None)."""

    log: Domain | None
    terms: Domain | None

    @classmethod
    def of(cls, game: Game) -> Teller:
        return cls(log_domain(game), game_domain(game))

    def render(self, value: int | str, lang: str) -> str:
        """`value` (a `Said`, a `Term`, a name or a number) in `lang`."""
        if (supported(lang) or ENGLISH) == ENGLISH:
            return str(value)
        if isinstance(value, Laid):
            return value.laid(lambda part: self.render(part, lang))
        if isinstance(value, Term):
            return translate(self.terms, lang, value.id) if self.terms is not None else str(value)
        if not isinstance(value, Said):
            return str(value)
        domain = GENERIC if value.domain == GENERIC_NAME else self.log
        if domain is None:
            return str(value)
        params = {key: self.render(param, lang) for key, param in value.params.items()}
        if value.plural is not None:
            return ngettext(domain, lang, value.msg, value.plural, value.n or 0, **params)
        return translate(domain, lang, value.msg, **params)

    def lines(self, lines: list[str] | tuple[str, ...], lang: str) -> list[str]:
        return [self.render(line, lang) for line in lines]


__all__ = ["LOG_SUFFIX", "Teller", "log_domain"]
