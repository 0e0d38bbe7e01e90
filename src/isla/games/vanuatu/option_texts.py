"""What players read about Vanuatu's table options in the lobby: plain words, in one place.

The option specs (game.py) say what the engine accepts and cite the project's rulings for
developers; these are the words a player choosing the rules of a table reads, so they name no
ruling and no value spelled as code, and a translation can take them from here.
"""

from __future__ import annotations

from typing import Final

from isla.core.protocol import OptionText

OPTION_TEXTS: Final = {
    "bonuses": OptionText(
        "Character bonuses",
        "Optional: a character's holder may decline its bonus each time it applies, and the "
        "Beggar may trade at any of its holder's turns. Automatic: every bonus applies without "
        "asking, as in games stored before this choice existed.",
        {"optional": "Optional (the holder chooses)", "automatic": "Always applied"},
    ),
    "characters": OptionText(
        "Characters",
        "Each round every player takes one of the 11 characters and its bonus. Games of 3 to 5 "
        "players may leave them out; 2 players always play with them.",
        {"on": "With characters", "off": "Without characters"},
    ),
    "hut_pp_per_tourist": OptionText(
        "Prestige per hut and tourist",
        "At the end, each hut scores this many prestige points for every tourist on its island: "
        "2 as in the second edition, 1 as in the first.",
    ),
    "rising_waters": OptionText(
        "Rising Waters",
        "The Rising Waters module: the sea rises in rounds 2, 4, 6 and 8 and floods islands "
        "without dikes; if three islands go under, everybody loses.",
    ),
}
