"""The rules for the names people go by, so that nobody can pass for somebody else.

Everybody at a table is known to the others by name only. So a name is compared in one form,
`name_key` (compatibility-normalized and case-folded: "Ann", "ANN" and "Ann" in full-width letters are
one name), and three rules hold wherever a person names themselves or a seat:

- a name whose key is an account's belongs to that account: nobody else may use it;
- a name that reads as a bot's ("Medium bot", "Random bot 2", "bot", a bot level or kind such as
  "hard" or "mcts") is never a person's, so a bot on the table is always a bot;
- two people at one table never share a name.

The first needs the accounts, so it is checked by whoever holds the store (auth.py, tables.py);
this module holds the rules that need nothing but the name.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

from isla.bots import bot_names
from isla.core.said import Said, generic

if TYPE_CHECKING:
    from isla.server.tables import TableError

MAX_NAME = 40
# "... bot", optionally numbered: how the tables name their bots (LiveTable.seat_names).
_BOT_LIKE = re.compile(r"(?:^|\s)bot(?:\s\d+)?$")


def _refusal(code: str, message: str) -> TableError:
    """A TableError, imported late: tables.py imports this module, so this one cannot import it first."""
    from isla.server.tables import TableError

    return TableError(code, message)


def clean_name(name: Any) -> str:
    """A player name as shown to others: trimmed, 1 to 40 printable characters."""
    if not isinstance(name, str):
        raise _refusal("invalid", generic("a player name must be text"))
    text = " ".join(name.split())
    if not text:
        raise _refusal("invalid", generic("a player name must not be empty"))
    if len(text) > MAX_NAME:
        raise _refusal("invalid", generic("a player name has at most {limit} characters", limit=MAX_NAME))
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise _refusal("invalid", generic("a player name must not contain control characters"))
    return text


def name_key(name: str) -> str:
    """The form in which two names count as the same: compatibility-normalized and case-folded.

    So "Ann", "ANN" and "Ann" written in full-width letters are one name. (Stored as each account's
    `name_key`: changing it would make existing accounts' names compare differently.)
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def reads_as_bot(name: str) -> bool:
    """Whether `name` reads as a bot's: "... bot" (numbered or not), or a bot level's or kind's name."""
    key = " ".join(name_key(name).split())
    return bool(_BOT_LIKE.search(key)) or key in {name_key(known) for known in bot_names()}


def person_name(name: Any) -> str:
    """A name a person may go by (or keep a seat for): `clean_name`, and not one that reads as a bot's."""
    text = clean_name(name)
    if reads_as_bot(text):
        raise _refusal(
            "invalid", generic("'{text}' reads as a bot's name, and bots are named so; choose another name",
                               text=text)
        )
    return text


def account_name_taken(name: str) -> TableError:
    """The refusal of a name that is another person's account name."""
    return _refusal(
        "name_taken",
        generic("'{name}' is the name of an account: sign in with its password, or choose another name",
                name=name),
    )


def bot_name(level: str, number: int | None = None) -> Said:
    """A bot seat's name: "Easy bot", "Hard bot 2", "Heuristic bot 3" (`number` among equal bots).

    A message of the `isla` domain, the same the pages name bots with, so the log and every page
    tell it in the reader's language; its str is the English, which records and the API keep.
    """
    if level == "easy":
        return generic("Easy bot") if number is None else generic("Easy bot {number}", number=number)
    if level == "medium":
        return generic("Medium bot") if number is None else generic("Medium bot {number}", number=number)
    if level == "hard":
        return generic("Hard bot") if number is None else generic("Hard bot {number}", number=number)
    shown = level[:1].upper() + level[1:]
    if number is None:
        return generic("{level} bot", level=shown)
    return generic("{level} bot {number}", level=shown, number=number)
