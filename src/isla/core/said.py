"""A line of a game log as a message id with parameters, so that any reader's language can tell it.

Games tell what happened (isla.core.protocol `narrate`) without knowing who reads it: each line is
a `Said`, a gettext message id (its English text, keyed as `pybabel extract` finds it) with the
parameters that fill it: who (a seat's name, left as it is), what (a `Term` of the game's own term
catalog, or another `Said`: "a corn plantation"), how many (numbers; a count picks its plural
form). Nothing here reads a catalog, so games still do no I/O: `isla.i18n.told` renders a `Said`
in a language from the game's catalogs.

A `Said` *is* its English text (a str subclass, built from the msgids themselves), because English
is the language of the msgids: code and tests that only need the English keep reading strings,
while the log's JSON and the renderer use the structure (`to_json`, `msg`, `params`).

Messages are found by extraction: `tell("...")` and `tell_n("...", "...", n)` are the keywords
(`pybabel extract -k tell -k tell_n:1,2`); a game's narration is in its own `<game>-log` domain,
and the few messages generic code says (a seat with no name, how a list is joined) are in the
`isla` domain (`GENERIC`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

JSON = dict[str, Any]

GENERIC: Final = "isla"  # the domain of messages generic code says (isla.i18n.GENERIC_DOMAIN)


class Term(str):
    """A term of the game's term catalog (`good.corn`), as an English word in running text."""

    id: str

    def __new__(cls, term_id: str, english: str) -> Term:
        made = super().__new__(cls, english)
        made.id = term_id
        return made

    def to_json(self) -> JSON:
        return {"term": self.id}

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the id
        return (Term, (self.id, str(self)))


class Said(str):
    """A message id with its parameters (see the module docstring); its str is the English."""

    msg: str
    plural: str | None
    n: int | None
    domain: str | None  # None: the game's log domain; GENERIC: the `isla` domain
    params: Mapping[str, int | str]

    def __new__(cls, msg: str, params: Mapping[str, int | str] | None = None, plural: str | None = None,
                n: int | None = None, domain: str | None = None) -> Said:
        params = dict(params or {})
        english = msg if plural is None or n == 1 else plural
        values = {key: str(value) if isinstance(value, str) else value for key, value in params.items()}
        if n is not None:
            values["n"] = n
        made = super().__new__(cls, english.format(**values))
        made.msg, made.plural, made.n, made.domain, made.params = msg, plural, n, domain, params
        return made

    def to_json(self) -> JSON:
        """`{"msg", "params"}` (and `plural`, `n`, `domain` when set): language-free, for the API."""
        out: JSON = {"msg": self.msg, "params": {k: param_json(v) for k, v in self.params.items()}}
        if self.plural is not None:
            out["plural"], out["n"] = self.plural, self.n
        if self.domain is not None:
            out["domain"] = self.domain
        return out

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the structure
        return (_rebuild, (self.msg, self.plural, self.n, self.domain, dict(self.params)))


class Laid(str):
    """Text laid out from parts that are rendered first (a text board's aligned columns, a wrapped
    line; isla.core.textboard): its str is the English layout, and `laid(render)` lays out the
    parts as `render` gives them in a reader's language, so alignment holds in every language."""

    def laid(self, render: Callable[[int | str], str]) -> str:
        raise NotImplementedError


def _rebuild(msg: str, plural: str | None, n: int | None, domain: str | None,
             params: dict[str, int | str]) -> Said:
    return Said(msg, params, plural, n, domain)


def param_json(value: int | str) -> Any:
    """A parameter as JSON: a number or a name as it is, a term or a message as an object."""
    if isinstance(value, (Said, Term)):
        return value.to_json()
    return value


def tell(msg: str, /, **params: int | str) -> Said:
    """A line (or part of one) of the game's log domain: `tell("{who} builds nothing.", who=name)`."""
    return Said(msg, params)


def tell_n(singular: str, plural: str, n: int, /, **params: int | str) -> Said:
    """A line whose words agree with the count `n` (which fills `{n}`), by the language's plural rule."""
    return Said(singular, params, plural, n)


def generic(msg: str, /, **params: int | str) -> Said:
    """A message of the `isla` domain (generic code's own words)."""
    return Said(msg, params, domain=GENERIC)


def generic_n(singular: str, plural: str, n: int, /, **params: int | str) -> Said:
    """A message of the `isla` domain whose words agree with the count `n` (which fills `{n}`)."""
    return Said(singular, params, plural, n, domain=GENERIC)


def joined(items: Sequence[int | str], how: str = "and") -> int | str:
    """Items as one list in the reader's language: "corn, indigo and sugar" (`how` "and"), or
    "a, b" ("comma") and "a; b" ("semicolon"). The joining words are messages of the `isla` domain
    (a language's own "and" and list comma), so no English joining is left in code."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head: int | str = items[0]
    for item in items[1:-1]:
        head = _join(head, item, "comma" if how == "and" else how)
    return _join(head, items[-1], how)


def _join(first: int | str, then: int | str, how: str) -> Said:
    if how == "and":
        return generic("{first} and {last}", first=first, last=then)
    if how == "semicolon":
        return generic("{first}; {next}", first=first, next=then)
    return generic("{first}, {next}", first=first, next=then)


def from_json(data: Mapping[str, Any]) -> Said:
    """A `Said` back from `to_json` (a client's or a stored copy); terms keep their ids only."""
    params = {key: _param_from_json(value) for key, value in dict(data.get("params") or {}).items()}
    return Said(str(data["msg"]), params, data.get("plural"), data.get("n"), data.get("domain"))


def _param_from_json(value: Any) -> int | str:
    if isinstance(value, Mapping):
        if "term" in value:
            return Term(str(value["term"]), str(value["term"]))
        return from_json(value)
    return value if isinstance(value, (int, str)) else str(value)


__all__ = [
    "GENERIC", "Laid", "Said", "Term", "from_json", "generic", "generic_n", "joined", "param_json", "tell",
    "tell_n",
]
