"""A game's own catalogs, found from what the game declares (GameInfo.text_domain, locale_dir).

Generic code never names a game: it asks `game_domain(game)` and gets the folder the game's catalogs
are in, beside the game's module, so a new game brings its catalogs in its own folder and an
installed game's catalogs travel in its wheel. A game with no catalogs (the test game Lagoon) gets
None, and whoever shows its words uses the English labels the game's catalog already has.

A game's rules summaries for players are Markdown files in the same folder, `rules/<lang>.md`
(`rules_summary`): a game declares nothing for them, the folder is the declaration.
"""

from __future__ import annotations

import sys
from pathlib import Path

from isla.core.protocol import Game
from isla.i18n.catalogs import Domain
from isla.i18n.languages import ENGLISH, LANGUAGES, supported


def game_folder(game: Game) -> Path:
    """The folder of the module that defines the game's class (where its locale folder is)."""
    module = sys.modules[type(game).__module__]
    if module.__file__ is None:  # a namespace module: no folder of its own to hold catalogs
        raise LookupError(f"game {game.name!r} is defined in {module.__name__}, which has no file")
    return Path(module.__file__).resolve().parent


def game_domain(game: Game) -> Domain | None:
    """The text domain of `game`'s own catalogs, or None when it has none (it shows English)."""
    info = game.info
    directory = game_folder(game) / info.locale_dir
    if info.text_domain is None and not directory.is_dir():
        return None
    return Domain(info.text_domain or game.name, directory)


def sibling_domain(game: Game, suffix: str) -> Domain | None:
    """A text domain of `game` beside its term catalogs, named `<term domain><suffix>` (the log's
    `-log`, the page's `-page`), or None when the game has no template for it."""
    terms = game_domain(game)
    directory = terms.directory if terms is not None else game_folder(game) / game.info.locale_dir
    found = Domain(f"{terms.name if terms is not None else game.name}{suffix}", directory)
    return found if found.template().is_file() else None


PAGE_SUFFIX = "-page"


def page_domain(game: Game) -> Domain | None:
    """The text domain of the words `game`'s own page scripts show (prompts, buttons, tooltips:
    `say()` in its web/ folder), or None when the game has none."""
    return sibling_domain(game, PAGE_SUFFIX)


RULES_DIR = "rules"


def rules_languages(game: Game) -> tuple[str, ...]:
    """The languages `game` has a rules summary in (`rules/<lang>.md` beside its module), in the
    order of LANGUAGES; empty when it has none."""
    folder = game_folder(game) / RULES_DIR
    return tuple(lang for lang in LANGUAGES if (folder / f"{lang}.md").is_file())


def rules_summary(game: Game, lang: str) -> tuple[str, str] | None:
    """`(language, Markdown)` of `game`'s rules summary for a reader of `lang`: that language's
    summary, else the English one; None when the game has no summary in either."""
    found = rules_languages(game)
    chosen = supported(lang) or ENGLISH
    if chosen not in found:
        chosen = ENGLISH
        if chosen not in found:
            return None
    return chosen, (game_folder(game) / RULES_DIR / f"{chosen}.md").read_text(encoding="utf-8")


__all__ = [
    "PAGE_SUFFIX", "RULES_DIR", "game_domain", "game_folder", "page_domain", "rules_languages",
    "rules_summary", "sibling_domain",
]
