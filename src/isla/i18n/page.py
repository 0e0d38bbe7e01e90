"""What a page needs to speak its reader's language, as JSON: texts and the plural rule as data.

A page gets, in one answer, every text of the generic `isla` domain and of the domains of the game
it shows (its terms, its log and its page's own words), in one language, with that language's
plural rule. The rule is CLDR's, as Babel holds it (`Locale.plural_form.abstract`): a small
tree of `or`/`and`/`not`/`relation`/`mod` nodes over the number's operands, which
shared/i18n.js evaluates without `eval`
(the pages' Content-Security-Policy allows no script text), and `forms` names the tag of each
gettext form in catalog order, so a count picks the very form the Python side (`ngettext`) picks.
"""

from __future__ import annotations

from typing import Any

from babel import Locale

from isla.core.protocol import Game
from isla.i18n.catalogs import GENERIC, Domain, texts
from isla.i18n.games import game_domain, page_domain
from isla.i18n.languages import ENGLISH, LANGUAGES, supported
from isla.i18n.told import log_domain

# CLDR's plural categories in the order gettext numbers its forms (Babel's to_gettext): the
# categories a language uses, in this order, with "other" last.
_ORDER = ("zero", "one", "two", "few", "many", "other")


def plural_rule(lang: str) -> dict[str, Any]:
    """`{"forms": [tag of form 0, form 1, ...], "rules": [[tag, tree], ...]}` for `lang`."""
    rule = Locale.parse(lang).plural_form
    tags = [tag for tag in _ORDER if tag in rule.tags or tag == "other"]
    return {"forms": tags, "rules": [[tag, _tree(tree)] for tag, tree in rule.abstract]}


def _tree(node: Any) -> Any:
    """Babel's nested tuples as JSON lists (a plural rule's tree is numbers, names and tuples)."""
    if isinstance(node, (tuple, list)):
        return [_tree(part) for part in node]
    return node


def page_domains(game: Game | None) -> list[Domain]:
    """The domains a page showing `game` (None: no game, say the lobby) needs."""
    found = [GENERIC]
    if game is not None:
        found += [d for d in (game_domain(game), log_domain(game), page_domain(game)) if d is not None]
    return found


def page_texts(lang: str, game: Game | None = None) -> dict[str, Any]:
    """Everything a page needs in `lang` (English for a language Isla lacks): see the module docstring."""
    lang = supported(lang) or ENGLISH
    return {
        "lang": lang,
        "languages": list(LANGUAGES),
        "plural": plural_rule(lang),
        "texts": {domain.name: dict(texts(domain, lang)) for domain in page_domains(game)},
    }


__all__ = ["page_domains", "page_texts", "plural_rule"]
