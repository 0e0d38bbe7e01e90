"""Which of Isla's English texts a page shows: for the tests that a page in another language has
none left (issue 15: no English catalog text longer than one word on a German or Chinese page).

The English is every catalog's reference, read as the server reads it (isla.i18n): the generic
domain's template, each game's term, log and page domains. A text with placeholders is looked for
by its longest literal part between them ("ran out of time" in "{name} ran out of time"), and
only parts of two words or more count: one word (a name, "Indigo", "OK") may be the same in both.
"""

from __future__ import annotations

import re
from functools import cache

from playwright.sync_api import Page

from isla.core import registry
from isla.i18n import GENERIC, game_domain
from isla.i18n.catalogs import Domain, english, english_text
from isla.i18n.games import page_domain
from isla.i18n.told import log_domain

_FIELD = re.compile(r"\{[^}]*\}")


def domains(game: str | None = None) -> list[Domain]:
    found = [GENERIC]
    names = [game] if game else registry.game_names()
    for name in names:
        g = registry.game(name)
        found += [d for d in (game_domain(g), log_domain(g), page_domain(g)) if d is not None]
    return found


def _part(text: str) -> str | None:
    """The longest literal stretch of `text` between placeholders, if it has two words or more."""
    longest = max((p.strip(" .,:;()") for p in _FIELD.split(text)), key=len, default="")
    return longest if len(longest.split()) >= 2 else None


@cache
def english_parts(game: str | None = None) -> frozenset[str]:
    """The English stretches (two words or more) of every text a page of `game` may show."""
    parts: set[str] = set()
    for domain in domains(game):
        for message in english(domain):
            if not message.id:
                continue
            text = english_text(message)
            for form in text if isinstance(text, tuple) else (text,):
                part = _part(form)
                if part is not None:
                    parts.add(part)
    return frozenset(parts)


def english_on(page: Page, game: str | None = None, within: str = "body") -> list[str]:
    """The English parts the page shows in `within`: its text and its title, placeholder,
    aria-label and alt attributes."""
    shown = page.evaluate(
        """(selector) => {
            const root = document.querySelector(selector) || document.body;
            const names = ['title', 'placeholder', 'aria-label', 'alt'];
            const attrs = [...root.querySelectorAll('[title],[placeholder],[aria-label],[alt]')]
              .flatMap((el) => names.map((a) => el.getAttribute(a) || ''));
            return [root.innerText, ...attrs].join('\\n');
        }""",
        within,
    )
    return sorted(part for part in english_parts(game) if part in shown)


__all__ = ["english_on", "english_parts"]
