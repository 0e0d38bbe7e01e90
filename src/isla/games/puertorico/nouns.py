"""Every countable word a Puerto Rico player reads, with its singular and plural, in one table.

The game log, the explanations of illegal moves and the text board count things through `count`
("1 doubloon", "3 doubloons"), so no text says "1 doubloons", and a translation has one place to
replace by its own plural rules (gettext's ngettext takes the same pairs). Goods are counted bare
("3 corn"), as players say it, and need no entry. The page has its own table for its own words
(web/nouns.js, beside this module).
"""

from __future__ import annotations

from typing import Final

from isla.games.puertorico.data import GOODS

FORMS: Final[dict[str, tuple[str, str]]] = {
    "barrel": ("barrel", "barrels"),
    "colonist": ("colonist", "colonists"),
    "new colonist": ("new colonist", "new colonists"),
    "doubloon": ("doubloon", "doubloons"),
    "quarry": ("quarry", "quarries"),
    "plantation": ("plantation", "plantations"),
    "VP chip": ("VP chip", "VP chips"),
    **{f"{good} plantation": (f"{good} plantation", f"{good} plantations") for good in GOODS},
    # verbs that agree with a count
    "is": ("is", "are"),
    "was": ("was", "were"),
}


def form(n: int, word: str) -> str:
    """The form of `word` (a key of FORMS) that goes with the number `n`."""
    one, many = FORMS[word]
    return one if n == 1 else many


def count(n: int, word: str) -> str:
    """`n` and the form of `word` that goes with it: count(1, "doubloon") == "1 doubloon"."""
    return f"{n} {form(n, word)}"
