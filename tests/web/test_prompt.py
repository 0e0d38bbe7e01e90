"""The prompt above every game's board, in Chromium: however many buttons its "Also possible" list
holds, the board stays below it, in view and clickable.

The fallback list (src/isla/web/js/shared/prompt.js) has a button for each legal action the board
draws no element for; a game that once listed 56 of them (Vanuatu's Governor) made the prompt so
tall that it covered the board and a click on the board hit the list instead. The list is filled
here by the page's own markup for such buttons, far longer than any game's, and measured in the same
script, so no snapshot of the table can redraw it in between.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from servertools import Running
from webplay import THREE_EASY_BOTS, create_table, sign_in_as_guest

BOARD = {"puertorico": "role-settler", "vanuatu": "space-sail"}

# Fill the fallback list with 80 long buttons, then measure the prompt, the list and the board.
OVERFILL_AND_MEASURE = """() => {
  const fallback = document.getElementById('fallback');
  const buttons = Array.from({length: 80}, (_, i) =>
    `<button type="button" class="btn btn-small">An action with a long description, no. ${i}</button>`);
  fallback.innerHTML = `<span class="hint">Also possible:</span>${buttons.join('')}`;
  const prompt = document.getElementById('prompt').getBoundingClientRect();
  const list = fallback.getBoundingClientRect();
  const layout = document.querySelector('.layout').getBoundingClientRect();
  const visibleBottom = Math.min(layout.bottom, innerHeight);
  const probe = document.elementFromPoint(layout.left + layout.width / 2, (layout.top + visibleBottom) / 2);
  return {
    viewport: innerHeight,
    listHeight: list.height,
    listScrolls: fallback.scrollHeight > fallback.clientHeight,
    promptBottom: prompt.bottom,
    layoutTop: layout.top,
    layoutVisible: visibleBottom - layout.top,
    probeInLayout: Boolean(probe && probe.closest('.layout')),
  };
}"""


@pytest.mark.parametrize("game", ["puertorico", "vanuatu"])
def test_a_long_list_of_other_possible_actions_scrolls_in_the_prompt_and_never_covers_the_board(
    page: Page, server: Running, game: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    sign_in_as_guest(page, server, "Ann")
    create_table(page, THREE_EASY_BOTS, game=game)
    expect(page.get_by_test_id(BOARD[game])).to_be_visible()

    m: dict[str, Any] = page.evaluate(OVERFILL_AND_MEASURE)

    assert m["listHeight"] <= 0.3 * m["viewport"], m  # the list keeps to a part of the window...
    assert m["listScrolls"], m  # ...and scrolls inside it
    assert m["promptBottom"] <= m["layoutTop"] + 0.5, m  # the prompt ends where the board begins
    assert m["layoutVisible"] >= 0.4 * m["viewport"], m  # and most of the window is the board's
    assert m["probeInLayout"], m  # a click in the middle of the board reaches the board
