"""What players read about a Puerto Rico table in the lobby (its options, its first seat): plain
words, in one place.

The option specs (game.py) say what the engine accepts and cite the project's rulings for
developers; these are the words a player choosing the rules of a table reads, so they name no
ruling and no value spelled as code, and a translation can take them from here.
"""

from __future__ import annotations

from typing import Final

from isla.core.protocol import OptionText

OPTION_TEXTS: Final = {
    "vp_supply": OptionText(
        "Victory point chips",
        "How many VP chips the supply holds: the game ends after the round in which the last one "
        "is paid out. Leave it empty for the usual number: 65 with 2 players, 75 with 3, 100 with 4, "
        "122 with 5.",
    ),
    "forced_placement": OptionText(
        "Every colonist must be placed",
        "In the mayor phase nobody may keep colonists in San Juan while an empty space on their "
        "buildings or plantations could take them (a tournament habit).",
    ),
    "open_vp": OptionText(
        "Show everyone's VP chips",
        "Everyone sees how many VP chips every player holds. Usually each player sees only their own.",
    ),
    "two_player_roles": OptionText(
        "Roles in a 2-player game",
        "How many roles each player chooses in a round.",
        {
            "official": "Official: 3 roles each",
            "craftsman_angst": "Craftsman Angst: the governor 3, the other player 2",
        },
    ),
    "balanced": OptionText(
        "Balanced start",
        "The factory costs 8 and the university 7 (their prices swapped), and players who start "
        "with a corn plantation get one doubloon less.",
    ),
}

# Beside seat 1 of a fixed seating in the lobby: that seat is the first governor (rules: setup).
FIRST_SEAT_NOTE: Final = "first governor"
