"""Small text-layout helpers shared by the board renderers."""

from __future__ import annotations


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
