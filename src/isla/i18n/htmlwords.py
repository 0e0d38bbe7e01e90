"""The words of the pages' HTML: marked in the markup, extracted for translators, filled in by the page.

The pages are static files (the server sends them as they are, and their Content-Security-Policy
allows no inline script), so their fixed words are English in the markup, marked for translation:

- `<h2 data-t>Create a table</h2>`: the element's text is a message of the `isla` domain (the
  element holds text only; whitespace runs count as one space);
- `<input data-t-attr="placeholder title" placeholder="Your name" title="...">`: the named
  attributes' values are messages too;
- `data-t-note="..."`: a comment for the translator.

shared/i18n.js `translateDocument` swaps each marked text for the reader's language (and back,
keeping the English in the element's dataset). This module is the Babel extractor for the marks
(isla.i18n.extract uses it; a Babel mapping can name it as `isla.i18n.htmlwords:extract_html`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import IO, Any

_SPACES = re.compile(r"\s+")
# Elements that hold no text of their own (HTMLParser sees no end tag for them).
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def words(text: str) -> str:
    """A marked text as its msgid: whitespace runs as one space, none at the ends (as the page reads it)."""
    return _SPACES.sub(" ", text).strip()


class MarkupError(ValueError):
    """A marked element that cannot be one message (it holds other elements, or no text)."""


class _Marks(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str, list[str]]] = []
        self._open: list[tuple[str, int, list[str], list[str]]] = []  # tag, line, text parts, notes

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        line = self.getpos()[0]
        notes = [values["data-t-note"]] if values.get("data-t-note") else []
        if self._open and tag not in _VOID:
            raise MarkupError(f"line {line}: <{tag}> inside an element marked data-t "
                              f"(line {self._open[-1][1]}): a marked element holds text only")
        for name in values.get("data-t-attr", "").split():
            if not values.get(name):
                raise MarkupError(f"line {line}: data-t-attr names {name!r}, which has no text")
            self.found.append((line, words(values[name]), notes))
        if "data-t" in values and tag not in _VOID:
            self._open.append((tag, line, [], notes))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _tag, line, parts, notes = self._open.pop()
            text = words("".join(parts))
            if not text:
                raise MarkupError(f"line {line}: an element marked data-t has no text")
            self.found.append((line, text, notes))


def marked_texts(html: str) -> list[tuple[int, str, list[str]]]:
    """(line, msgid, translator notes) of every marked text of a page, in page order."""
    parser = _Marks()
    parser.feed(html)
    parser.close()
    return sorted(parser.found)


def extract_html(fileobj: IO[bytes], keywords: Any, comment_tags: Any,  # noqa: ARG001 (Babel's signature)
                 options: dict[str, Any]) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor interface: (line, function name, message, comments) per marked text."""
    html = fileobj.read().decode(options.get("encoding", "utf-8"))
    for line, text, notes in marked_texts(html):
        yield line, None, text, notes


__all__ = ["MarkupError", "extract_html", "marked_texts", "words"]
