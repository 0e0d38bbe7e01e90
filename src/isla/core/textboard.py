"""Small text-layout helpers for the games' text boards (pure string building, no I/O)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any


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


def seat_name(seat: Any, me: Any) -> str:
    """A seat as the viewer reads it: "seat 2", or "seat 2 (you)" for the viewer's own seat."""
    return f"seat {seat} (you)" if seat == me and me is not None else f"seat {seat}"


def seat_head(view: Mapping[str, Any], seat: int, leader: tuple[str, str]) -> str:
    """A seat's name with its tags: `leader` is (view field, label), e.g. ("governor", "governor")."""
    tags = []
    if seat == view.get(leader[0]):
        tags.append(leader[1])
    if seat == view.get("to_move"):
        tags.append("to move")
    return seat_name(seat, view.get("seat")) + (f" [{', '.join(tags)}]" if tags else "")


def board_text(view: Mapping[str, Any], title: str, decision: str, sections: list[list[str]]) -> str:
    """A whole board: the title line (with who is looking), the options, the decision, then the
    sections between rules, and the numbered legal actions when the viewer is to move."""
    me = view.get("seat")
    viewer = f"seat {me}" if me is not None else "a spectator"
    opts = ", ".join(f"{k}={v}" for k, v in (view.get("options") or {}).items())
    lines = [
        RULE,
        f"{title} (as seen by {viewer})",
        f"Options: {opts}" if opts else "Options: defaults",
        *textwrap.wrap(decision, 100, subsequent_indent="    "),
    ]
    for section in sections:
        lines += [RULE, *section]
    legal = view.get("legal")
    if legal:
        lines += [RULE, f"Legal actions for seat {me}:"]
        lines += columns([f"{i}. {text}" for i, text in enumerate(legal, start=1)])
    lines.append(RULE)
    return "\n".join(lines)
