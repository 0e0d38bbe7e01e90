"""A table's log in words holds its lines in a form the garbage collector stops tracking (words.py),
so that hundreds of live tables' logs do not make every full collection walk millions of objects;
the lines are the same when rendered."""

from __future__ import annotations

import gc
import random

from isla.core import game
from isla.core.said import Said
from isla.server.words import LogWords, entry_lines


def test_the_log_in_words_of_a_table_is_not_tracked_by_the_garbage_collector_once_collected() -> None:
    played = game("puertorico")
    state = played.new_state(4, 7, played.stored_options(4, {}))
    told = LogWords("t", played, lambda: ["Ann", "Bob", "Cid", "Dan"])
    rng = random.Random(7)
    for seq in range(200):
        if state.is_over:
            break
        text = rng.choice(state.legal_actions()).text
        told.action(state, text, state.to_move or 0, seq)
        state.apply(text)
        told.after(state)
    told.close()
    gc.collect()
    assert len(told.entries) > 20
    assert [entry for entry in told.entries if gc.is_tracked(entry) or gc.is_tracked(entry["lines"])] == []
    lines = [line for entry in told.entries for line in entry_lines(entry)]
    assert any(isinstance(line, Said) and line.params for line in lines)  # the structure is back
    assert all(str(line) and "{" not in str(line) for line in lines)  # and so are the English words
