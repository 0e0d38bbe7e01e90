#!/usr/bin/env python3
"""Write the golden playthroughs in tests/golden/ (or, with --check, compare them with fresh ones).

A golden playthrough is one seeded random game written out step by step: the seat to move, its
sorted legal actions, the action chosen, and a one-line summary of the table after it; the boards
at the start of each round; the result as JSON at the end. Any change in the engine's behaviour
changes some line, and tests/games/puertorico/test_golden.py fails showing the first difference.
When a change is intended (a rules fix, say), run this script, read the diff of the files like any
code diff, and commit them with the change.

The choice is `random.Random(seed).choice` among the sorted legal texts that do something; passing
and refusing (`...:pass`, `place:done`, `mayor:refuse`, `store:done`, `keep:none`) are chosen only
when nothing else is legal. Uniform play passes so often that buildings stay empty and little is
produced; this "eager" play staffs buildings, so the files also show trading and shipping.

Usage: python scripts/regenerate_golden.py [--check]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import isla

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
GOOD_LETTERS = {"corn": "C", "indigo": "I", "sugar": "S", "tobacco": "T", "coffee": "K", "quarry": "Q"}
MAX_STEPS = 5000
DECLINES = ("place:done", "mayor:refuse", "keep:none", "store:done")


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def filename(self) -> str:
        return f"{self.game}-{self.players}p-seed{self.seed}.txt"


# Seeds picked (among 1-59) for games that reach many kinds of decisions: trading, shipping,
# warehouses, hospice, hacienda, university.
CASES = (
    Case("puertorico", 2, 20, {"two_player_roles": "official"}),
    Case("puertorico", 2, 58, {"two_player_roles": "craftsman_angst"}),
    Case("puertorico", 3, 37),
    Case("puertorico", 4, 9),
    Case("puertorico", 5, 53, {"balanced": True}),
)


def _counts(counts: dict[str, int]) -> str:
    """{"corn": 2, "sugar": 1} -> "C2S1"; nothing -> "-"."""
    return "".join(f"{GOOD_LETTERS[k]}{v}" for k, v in counts.items() if v) or "-"


def summary(data: dict[str, Any]) -> str:
    """One line: round, phase@seat, then per seat doubloons, VP and goods; supplies, ships, house."""
    phase = data["phase"]
    where = phase["name"] if "seat" not in phase else f"{phase['name']}@{phase['seat']}"
    seats = data["seats"]
    ships = " ".join(
        f"{s['capacity']}:{GOOD_LETTERS[s['good']]}{s['load']}" if s["good"] else f"{s['capacity']}:-"
        for s in data["ships"]
    )
    house = "".join(GOOD_LETTERS[g] for g in data["trading_house"]) or "-"
    return (
        f"r{data['round']} {where}"
        f" | $ {','.join(str(s['doubloons']) for s in seats)}"
        f" | vp {','.join(str(s['vp']) for s in seats)}"
        f" | goods {','.join(_counts(s['goods']) for s in seats)}"
        f" | col {data['colonists']['supply']}+{data['colonists']['ship']}"
        f" | vp-supply {data['vp_supply']} | ships {ships} | house {house}"
    )


def boards(data: dict[str, Any]) -> list[str]:
    """The boards at the start of a round: island (occupied), city (colonists), San Juan."""
    lines = [
        f"== round {data['round']}, governor {data['governor']}; face-up "
        f"{_counts(_tally(data['plantations']['face_up']))}, quarries {data['quarries']}, roles "
        + " ".join(f"{name}${card['doubloons']}" for name, card in data["roles"].items())
    ]
    for number, seat in enumerate(data["seats"]):
        city = " ".join(f"{name}({on})" for name, on in seat["city"].items()) or "-"
        lines.append(
            f"   seat {number}: island {_counts(seat['island'])} occupied {_counts(seat['occupied'])}"
            f" san-juan {seat['san_juan']} city {city}"
        )
    return lines


def _declines(text: str) -> bool:
    """Passing and refusing: the choices skipped while another one exists (see the module doc)."""
    return text.endswith(":pass") or text in DECLINES


def _tally(kinds: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for kind in kinds:
        out[kind] = out.get(kind, 0) + 1
    return out


def render(case: Case) -> str:
    """The golden text of one case (deterministic: same engine, same text)."""
    game = isla.game(case.game)
    state = game.new_state(case.players, case.seed, case.options)
    rng = random.Random(case.seed)
    data = state.to_json()
    lines = [
        "# Isla golden playthrough. Regenerate: python scripts/regenerate_golden.py",
        f"# game {case.game} (engine {game.version}), {case.players} players, seed {case.seed}",
        f"# options {json.dumps(data['options'], sort_keys=True)}",
        f"# choices: random.Random({case.seed}).choice(sorted legal texts, passes and refusals only if "
        "nothing else is legal)",
        "# step seat | legal actions | chosen  ->  round phase@seat | $ doubloons | vp | goods by seat | "
        "colonists supply+ship | vp-supply | ships capacity:good+load | trading house",
        "# goods: C corn, I indigo, S sugar, T tobacco, K coffee, Q quarry",
        f"start {summary(data)}",
    ]
    round_shown = 0
    step = 0
    while state.to_move is not None:
        if data["round"] != round_shown:
            lines.extend(boards(data))
            round_shown = data["round"]
        if step >= MAX_STEPS:
            raise RuntimeError(f"{case.filename}: the game did not end in {MAX_STEPS} steps")
        legal = sorted(a.text for a in state.legal_actions())
        chosen = rng.choice([t for t in legal if not _declines(t)] or legal)
        seat = state.to_move
        state.apply(chosen)
        step += 1
        data = state.to_json()
        lines.append(f"{step:03d} s{seat} | {' '.join(legal)} | {chosen}")
        lines.append(f"    -> {summary(data)}")
    lines.extend(boards(data))
    lines.append("result " + json.dumps(state.result().to_json(), sort_keys=True))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if a file differs")
    args = parser.parse_args(argv)
    stale = []
    for case in CASES:
        path = GOLDEN_DIR / case.filename
        text = render(case)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
            continue
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({len(text)} bytes)")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
