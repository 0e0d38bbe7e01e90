"""Readable text boards, built from a seat's `view` only (never the full state).

A renderer receives exactly what `State.view(seat)` returns, so it cannot show anything that seat
may not know: hidden information is left out before the renderer ever sees the data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from isla.render import puertorico, vanuatu
from isla.render.text import columns

_RENDERERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "puertorico": puertorico.render,
    "vanuatu": vanuatu.render,
}
_DESCRIBERS: dict[str, Callable[[str], str]] = {
    "puertorico": puertorico.describe_action,
    "vanuatu": vanuatu.describe_action,
}


def render_view(view: dict[str, Any]) -> str:
    """The text board for a view; a game without a renderer gets its view as indented JSON."""
    renderer = _RENDERERS.get(str(view.get("game")))
    if renderer is None:
        return json.dumps(view, indent=2)
    return renderer(view)


def describe_action(game: str, text: str) -> str:
    """An action's notation in words for move logs; a game without a describer gets the text back."""
    describer = _DESCRIBERS.get(game)
    return describer(text) if describer is not None else text


__all__ = ["columns", "describe_action", "render_view"]
