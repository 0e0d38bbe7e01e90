"""Lagoon joins Isla the way a game from outside does: through the public registration.

This folder is on sys.path while its tests run (pytest puts it there), so the game is the
package `lagoon`; registering it here is all a program using Isla has to do. The server tests'
helpers (tests/server/servertools.py) are put on sys.path for the server tests in this folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lagoon.game import GAME

from isla.core.registry import register

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

register(GAME)
