"""Small text-layout helpers for the games' text boards (pure string building, no I/O).

A text board is lines of words the command line shows in its player's language, so its words are
structured (isla.core.said): the game's own sentences are `tell(...)` messages of its text domain,
its pieces `Term`s of its term catalog, and the generic words here are `generic(...)` messages of
the `isla` domain. A board is a list of such lines (`lines(view)` of a text board module); each
line's str is its English, so joining them gives the English board, and isla.render renders each
line in another language. Alignment is part of a message (`{role:<12}`), so it holds in every
language; a line to be wrapped is a `Wrapped`, wrapped after it is rendered.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from isla.core.said import Laid, Term, generic, joined


class Wrapped(Laid):
    """A line wrapped at `width` columns (continuation lines indented by `indent`), once rendered."""

    line: int | str
    width: int
    indent: str

    def __new__(cls, line: int | str, width: int = 100, indent: str = "    ") -> Wrapped:
        made = super().__new__(cls, "\n".join(wrap(str(line), width, indent)))
        made.line, made.width, made.indent = line, width, indent
        return made

    def laid(self, render: Callable[[int | str], str]) -> str:
        return "\n".join(wrap(render(self.line), self.width, self.indent))


def wrap(text: str, width: int = 100, indent: str = "    ") -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent=indent)


Cell = int | str | tuple[int | str, int]


class Row(Laid):
    """Parts side by side: a part is a message, a term, a name or a number, or `(part, width)` to pad
    it to `width` columns (a negative width aligns it right). `strip`: no trailing spaces."""

    parts: tuple[Cell, ...]
    trim: bool

    def __new__(cls, *parts: Cell, strip: bool = False) -> Row:
        made = super().__new__(cls, _lay(parts, str, strip))
        made.parts, made.trim = parts, strip
        return made

    def laid(self, render: Callable[[int | str], str]) -> str:
        return _lay(self.parts, render, self.trim, fit=True)


def _lay(parts: tuple[Cell, ...], render: Callable[[int | str], str], strip: bool, fit: bool = False) -> str:
    """The parts side by side. `fit` (a rendering in another language): widths count the columns a
    terminal shows (a Chinese character takes two), and a part as wide as its column or wider is
    still followed by a space, so a longer word does not run into the next part."""
    out = []
    for part in parts:
        value, width = part if isinstance(part, tuple) else (part, 0)
        text = render(value)
        if width and fit:
            room = abs(width) - shown_width(text)
            pad = " " * room if room > 0 else ""
            text = pad + text if width < 0 else text + (pad or " ")
        else:
            text = text.rjust(-width) if width < 0 else text.ljust(width)
        out.append(text)
    line = "".join(out)
    return line.rstrip() if strip else line


def shown_width(text: str) -> int:
    """How many terminal columns `text` takes: wide (East Asian) characters take two."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def columns(items: list[str], width: int = 100, indent: str = "  ") -> list[str]:
    """Lay short items out in as many aligned columns as fit in `width` (filled down, then across)."""
    if not items:
        return []
    cell = max(len(item) for item in items) + 3
    per_row = max(1, (width - len(indent)) // cell)
    rows = -(-len(items) // per_row)
    lines = []
    for r in range(rows):
        row = [items[c * rows + r] for c in range(per_row) if c * rows + r < len(items)]
        lines.append((indent + "".join(item.ljust(cell) for item in row)).rstrip())
    return lines


RULE = "-" * 78


def terms(kind: str) -> Callable[[object], Term]:
    """Words of the notation as terms of the game's term catalog, `kind` first:
    `terms("good")("corn")` is `Term("good.corn", "corn")` (English: the notation's own word)."""
    return lambda word: Term(f"{kind}.{word}", str(word))


def nothing() -> str:
    # i18n: On a text board: nothing of a kind ("goods: none").
    return generic("none")


def listed(items: Sequence[int | str], none: str | None = None) -> int | str:
    """Items joined by the list comma, or `none` (default: the word "none") when there are none."""
    return joined(items, "comma") if items else (nothing() if none is None else none)


def seat_name(seat: Any, me: Any) -> str:
    """A seat as the viewer reads it: "seat 2", or "seat 2 (you)" for the viewer's own seat."""
    if seat == me and me is not None:
        # i18n: A seat on the text board, the reader's own; {seat} is its number.
        return generic("seat {seat} (you)", seat=seat)
    # i18n: A seat on the text board; {seat} is its number.
    return generic("seat {seat}", seat=seat)


def seat_head(view: Mapping[str, Any], seat: int, leader: tuple[str, str]) -> str:
    """A seat's name with its tags: `leader` is (view field, label), e.g. ("governor", a Term)."""
    tags: list[str] = []
    if seat == view.get(leader[0]):
        tags.append(leader[1])
    if seat == view.get("to_move"):
        # i18n: A tag beside a seat on the text board: this seat is to move.
        tags.append(generic("to move"))
    name = seat_name(seat, view.get("seat"))
    if not tags:
        return name
    return Row(name, " [", joined(tags, "comma"), "]")  # "seat 2 [governor, to move]"


def seat_line(head: str, facts: int | str) -> str:
    """A seat's first line: its name and tags (`seat_head`), then what it holds."""
    # i18n: A seat on a text board and what it holds, as in "seat 2: 3 doubloons, 0 VP chips".
    return generic("{seat}: {facts}", seat=head, facts=facts)


def board_lines(view: Mapping[str, Any], title: str, decision: str, sections: list[list[str]]) -> list[str]:
    """A whole board as lines: the title line (with who is looking), the options, the decision,
    then the sections between rules, and the numbered legal actions when the viewer is to move."""
    me = view.get("seat")
    # i18n: Who looks at the text board when it is not a seat.
    viewer = generic("seat {seat}", seat=me) if me is not None else generic("a spectator")
    opts = ", ".join(f"{k}={v}" for k, v in (view.get("options") or {}).items())
    lines: list[str] = [
        RULE,
        # i18n: The text board's title line: {title} is the game and where it is, {viewer} a seat.
        generic("{title} (as seen by {viewer})", title=title, viewer=viewer),
        # i18n: The table options on the text board, as key=value pairs of the notation.
        generic("Options: {options}", options=opts) if opts else generic("Options: defaults"),
        Wrapped(decision),
    ]
    for section in sections:
        lines += [RULE, *section]
    legal = view.get("legal")
    if legal:
        # i18n: The heading of the numbered legal actions on the text board.
        lines += [RULE, generic("Legal actions for seat {seat}:", seat=str(me))]
        lines += columns([f"{i}. {text}" for i, text in enumerate(legal, start=1)])
    lines.append(RULE)
    return lines


def board_text(view: Mapping[str, Any], title: str, decision: str, sections: list[list[str]]) -> str:
    """The board of `board_lines` as one English text."""
    return "\n".join(board_lines(view, title, decision, sections))
