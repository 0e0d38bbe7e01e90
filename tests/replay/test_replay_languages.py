"""A game's whole log in words reads in every language Isla has, with no English left in it.

The golden games are replayed (isla.core.replays, as the replay page and a rebuilt table tell
them), and every line of their logs is rendered in each language from the game's catalogs: a
message a catalog lacks raises MissingText, and a line the narration could not structure (the
English fallback `seat: action`) fails here too."""

from __future__ import annotations

import pytest
from goldenrecords import Golden, goldens

from isla.core.registry import game
from isla.core.replays import Replay
from isla.core.said import Said
from isla.i18n import ENGLISH, LANGUAGES
from isla.i18n.told import Teller, log_domain

TOLD = [g for g in goldens() if log_domain(game(g.record.game)) is not None]


@pytest.mark.parametrize("golden", TOLD, ids=[g.name for g in TOLD])
def test_a_golden_games_log_renders_in_every_language(golden: Golden) -> None:
    teller = Teller.of(game(golden.record.game))
    lines = [line for entry in Replay(golden.record).log for line in entry.lines]
    assert lines
    for line in lines:
        assert isinstance(line, Said), line
        for lang in LANGUAGES:
            rendered = teller.render(line, lang)
            assert rendered
            if lang != ENGLISH:
                assert rendered != str(line), (lang, line)


def test_both_games_have_golden_logs_checked() -> None:
    assert {g.record.game for g in TOLD} == {"puertorico", "vanuatu"}
