"""Where each text domain's English is written in the code, and keeping its template in step.

A text domain is keyed by its English, so its template (.pot) is what Babel's extractors find in
the code that shows its texts; this module is the one list of where that is, used by the
translators' command (`python -m isla.i18n.extract`: rewrite every template and add the new
entries, empty, to every language's catalog) and by tests/i18n/test_i18n_extracted.py (every text
a page or the server can show is in its template, and the template holds nothing the code no
longer says). Games are found through the registry, never by name: each game's folder gives its
log's sentences (`tell`, `tell_n` in its Python) and its page's words (`say`, `say_n` in its
web/ scripts).

- `isla`: the server and CLI's Python, not the games (`translate(domain, lang, msgid)`,
  `ngettext(domain, lang, one, many, n)`, isla.core.said's `generic(msgid)` and
  `generic_n(one, many, n)`); the shared pages'
  scripts, web/js/**.js (`t(msgid)`, `tn(one, many, n)`); the pages' HTML, web/*.html (elements
  marked `data-t`, attributes named by `data-t-attr`: isla.i18n.htmlwords);
- `<game>-log`: the game's Python (`tell(msgid)`, `tell_n(one, many, n)`);
- `<game>-page`: the game's web/**.js (`say(msgid)`, `say_n(one, many, n)`).

A translator comment is a comment starting `i18n:` just before the call (`// i18n: ...`,
`# i18n: ...`) or a `data-t-note` attribute; it becomes the entry's `#.` line.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from isla.core import registry
from isla.i18n.catalogs import GENERIC, LOCALE_DIR, Domain
from isla.i18n.games import game_folder, page_domain
from isla.i18n.htmlwords import extract_html
from isla.i18n.told import log_domain

PACKAGE = LOCALE_DIR.parent
COMMENT_TAGS = ("i18n:",)
Keywords = dict[str, tuple[int, ...] | None]  # Babel's: a function's name and its msgid arguments
PY_GENERIC: Keywords = {"translate": (3,), "ngettext": (3, 4), "generic": None, "generic_n": (1, 2)}
JS_GENERIC: Keywords = {"t": None, "tn": (1, 2)}
PY_LOG: Keywords = {"tell": None, "tell_n": (1, 2)}
JS_PAGE: Keywords = {"say": None, "say_n": (1, 2)}


@dataclass(frozen=True)
class Source:
    """Files of one kind whose calls of `keywords` hold a domain's English."""

    method: Any  # a Babel extraction method: its name ("python", "javascript") or a function
    root: Path
    pattern: str
    keywords: Keywords
    skip: tuple[Path, ...] = ()

    def files(self) -> Iterator[Path]:
        for path in sorted(self.root.glob(self.pattern)):
            if path.is_file() and not any(path.is_relative_to(s) for s in self.skip):
                yield path


@dataclass(frozen=True)
class TextDomain:
    domain: Domain
    sources: tuple[Source, ...] = field(default=())


def text_domains() -> list[TextDomain]:
    """Every text domain whose template is extracted, with where its English is."""
    games = PACKAGE / "games"
    found = [TextDomain(GENERIC, (
        Source("python", PACKAGE, "**/*.py", PY_GENERIC, skip=(games, PACKAGE / "i18n")),
        Source("javascript", PACKAGE / "web" / "js", "**/*.js", JS_GENERIC),
        Source(extract_html, PACKAGE / "web", "*.html", {}),
    ))]
    for name in registry.game_names():
        game = registry.game(name)
        folder = game_folder(game)
        log = log_domain(game)
        if log is not None:
            found.append(TextDomain(log, (Source("python", folder, "**/*.py", PY_LOG),)))
        page = page_domain(game)
        if page is not None:
            found.append(TextDomain(page, (Source("javascript", folder / "web", "**/*.js", JS_PAGE),)))
    return found


def extracted(text_domain: TextDomain) -> Catalog:
    """A template of what the code of `text_domain` says now, with translator comments."""
    found = Catalog(domain=text_domain.domain.name, fuzzy=False)
    for source in text_domain.sources:
        for path in source.files():
            for line, message, comments, context in extract_from_file(
                source.method, str(path), keywords=source.keywords, comment_tags=COMMENT_TAGS,
                strip_comment_tags=True,
            ):
                location = (str(path.relative_to(PACKAGE)), line)
                found.add(message, None, [location], auto_comments=comments, context=context)
    return found


def _merged_comments(fresh: Catalog, old: Catalog | None) -> None:
    """Keep the comments written in an older template for entries whose code has none."""
    if old is None:
        return
    for message in fresh:
        if message.id and not message.auto_comments:
            before = old.get(message.id)
            if before is not None:
                message.auto_comments = list(before.auto_comments)


def _read(path: Path) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return read_po(handle)


def write_template(text_domain: TextDomain, prune: bool = False) -> Catalog:
    """Rewrite the domain's .pot from the code (keeping its header and its comments); entries the
    code no longer says are kept unless `prune`."""
    path = text_domain.domain.template()
    old = _read(path)
    fresh = extracted(text_domain)
    _merged_comments(fresh, old)
    if old is not None and not prune:
        for message in old:
            if message.id and message.id not in fresh:
                fresh[message.id] = message
    if old is not None:
        fresh.header_comment = old.header_comment
        fresh.project, fresh.version = old.project, old.version
        fresh.msgid_bugs_address = old.msgid_bugs_address
        fresh.copyright_holder = old.copyright_holder
        fresh.last_translator, fresh.language_team = old.last_translator, old.language_team
        fresh.revision_date = old.revision_date
        if msgids(old) == msgids(fresh):  # nothing new: the template's date stays
            fresh.creation_date = old.creation_date
    with path.open("wb") as handle:
        write_po(handle, fresh, width=0, no_location=True, sort_output=False)
    return fresh


def update_catalogs(text_domain: TextDomain, template: Catalog) -> list[str]:
    """Add the template's new entries (empty) to every language's catalog and drop the ones the
    code no longer says; the languages changed."""
    changed = []
    for lang in text_domain.domain.languages():
        path = text_domain.domain.path(lang)
        catalog = _read(path)
        assert catalog is not None
        before = {m.id for m in catalog if m.id}
        created = catalog.creation_date
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False,
                       update_creation_date=False)
        catalog.creation_date = created
        catalog.obsolete.clear()  # a removed text is gone, not kept commented out
        if {m.id for m in catalog if m.id} != before:
            changed.append(lang)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=0, no_location=True, sort_output=False)
    return changed


def msgids(catalog: Iterable[Any]) -> set[str | tuple[str, ...]]:
    """The ids of a catalog's entries (a count's id is its singular and plural), header left out."""
    ids: set[str | tuple[str, ...]] = set()
    for message in catalog:
        if message.id:
            ids.add(tuple(message.id) if isinstance(message.id, (tuple, list)) else message.id)
    return ids


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m isla.i18n.extract",
        description="Rewrite every text domain's template from the code and bring each language's "
                    "catalog in step (new entries empty; with --prune, removed ones dropped).")
    parser.add_argument("--prune", action="store_true",
                        help="also drop the entries no code says any more (from templates and catalogs)")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a template is not what the code says")
    args = parser.parse_args(argv)
    stale = 0
    for text_domain in text_domains():
        fresh = extracted(text_domain)
        old = _read(text_domain.domain.template())
        if args.check:
            if old is None or (msgids(old) != msgids(fresh) if args.prune else msgids(fresh) - msgids(old)):
                stale += 1
                print(f"{text_domain.domain.template()}: not in step with the code")
            continue
        template = write_template(text_domain, args.prune)
        langs = update_catalogs(text_domain, template)
        print(f"{text_domain.domain.name}: {len(msgids(template))} texts"
              + (f"; catalogs changed: {', '.join(langs)}" if langs else ""))
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
