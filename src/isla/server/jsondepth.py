"""How deeply a JSON text nests, measured without parsing it, so that absurd nesting is refused early.

Python's json module recurses once per level: a list nested 50,000 deep exhausts the interpreter's
recursion limit and surfaces as an internal error, and anything that walks the parsed value
(pydantic, a game's plan reader) would recurse as deep again. No message of the protocol nests
more than four levels (a body holding a plan holding a building holding a list of goods:
`{"plan": {"storage": {"warehouse": ["corn"]}}}`), so MAX_DEPTH leaves ample margin, and one pass
over the brackets outside strings, stopping at the limit, tells a legal message from a hostile
one at the cost of a regular-expression scan.
"""

from __future__ import annotations

import re

MAX_DEPTH = 16

# A whole string (escapes included) or one bracket; everything else is skipped by the scan.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


def too_deep(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """True if `text` opens more than `limit` arrays or objects inside one another.

    Brackets inside strings do not count. Malformed text is measured all the same (an unclosed
    string hides the brackets after it): the parser that runs next reports what else is wrong.
    """
    if isinstance(text, bytes):
        # Latin-1 maps each byte to one character; quotes, backslashes and brackets are ASCII,
        # which no byte of a multi-byte UTF-8 character is, so the scan sees what a parser would.
        text = text.decode("latin-1")
    depth = 0
    for found in _TOKENS.finditer(text):
        first = found.group()[0]
        if first in "[{":
            depth += 1
            if depth > limit:
                return True
        elif first != '"':
            depth -= 1
    return False
