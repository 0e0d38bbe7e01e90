"""Lagoon: a tiny canoe race, written as a game from outside Isla would be (docs/writing-a-game.md).

Nothing in Isla names it: the tests register it through the public registration
(`isla.core.registry.register`), and from there it reaches the bots, the arena, the command line
and the server like Isla's own games. The rules are in game.py's docstring.
"""
