"""Golden Vanuatu playthroughs: write them (run this file) or render them for the test to compare.

A golden playthrough is one seeded random game written out step by step: the seat to move, its
sorted legal actions, the action chosen, the steps the engine then took by itself (forced), and a
one-line summary of the table; the board at the start of each round; the result as JSON at the end.
Any change in the engine's behaviour changes some line, and test_vanuatu_golden.py fails showing
the first difference. When a change is intended, run

    python tests/games/vanuatu/vgolden.py

read the diff of tests/games/vanuatu/golden/ like any code diff, and commit it with the change.
(It lives here, not in scripts/regenerate_golden.py, which writes Puerto Rico's files.)
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import isla

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
MAX_STEPS = 5000


@dataclass(frozen=True)
class Case:
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def filename(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in sorted(self.options.items()))
        return f"vanuatu-{self.players}p-seed{self.seed}{extra}.txt"


CASES = (
    Case(2, 3),
    Case(3, 5),
    Case(4, 9),
    Case(5, 2, {"characters": "off"}),
    Case(3, 11, {"rising_waters": True}),
    Case(4, 9, {"bonuses": "automatic"}),  # as the engine played before the option: 4p-seed9 then
)


def summary(data: dict[str, Any]) -> str:
    """One line: round, phase@seat, first player, vatus, PP, boats, fish price, tourists left."""
    phase = data["phase"]
    where = phase["name"] if "seat" not in phase else f"{phase['name']}@{phase['seat']}"
    seats = data["seats"]
    return (
        f"r{data['round']} {where} first {data['first']}"
        f" | vatu {','.join(str(s['vatus']) for s in seats)}"
        f" | pp {','.join(str(s['pp']) for s in seats)}"
        f" | boats {','.join(s['boat'] for s in seats)}"
        f" | fish-price {data['fish_price']} | tourists {data['tourists']['left']}"
    )


def board(data: dict[str, Any]) -> list[str]:
    """The table at the start of a round: tiles, demand display, seats' holdings."""
    tourist_tile = data["tourists"]["tile"]
    lines = [f"== round {data['round']}, first player {data['first']}; tourist tile {tourist_tile}"]
    for e in data["board"]:
        if "huts" in e:
            goods = "".join(f"{g[0].upper()}{n}" for g, n in e["goods"].items()) or "-"
            lines.append(f"   {e['cell']} {e['tile']}: huts {e['huts']} drawings {e['drawings']} "
                         f"tourists {e['tourists']} goods {goods} water {e['water']}")
        else:
            lines.append(f"   {e['cell']} {e['tile']}: fish {e['fish']} treasure {e['treasure']}")
    demand = " ".join(f"{d['tile']}{sorted(d['filled'].items())}" for d in data["demand"]["display"])
    lines.append(f"   demand {demand}; shown {data['archipelago']['preview']}")
    for number, s in enumerate(data["seats"]):
        lines.append(f"   seat {number}: {s['character']} fish {s['fish']} treasures {s['treasures']} "
                     f"huts left {s['huts_left']}")
    return lines


def render(case: Case) -> str:
    """The golden text of one case (deterministic: same engine, same text)."""
    game = isla.game("vanuatu")
    state = game.new_state(case.players, case.seed, case.options)
    rng = random.Random(case.seed)
    data = state.to_json()
    lines = [
        "# Isla golden playthrough. Regenerate: python tests/games/vanuatu/vgolden.py",
        f"# game vanuatu (engine {game.version}), {case.players} players, seed {case.seed}",
        f"# options {json.dumps(data['options'], sort_keys=True)}",
        f"# choices: random.Random({case.seed}).choice(sorted legal texts)",
        "# step seat | legal actions | chosen  (forced: steps the engine took by itself)",
        "#   -> round phase@seat first | vatus | pp | boats | fish price | tourists left this round",
        f"start {summary(data)}",
    ]
    shown = 0
    step = 0
    while state.to_move is not None:
        if data["round"] != shown:
            lines.extend(board(data))
            shown = data["round"]
        if step >= MAX_STEPS:
            raise RuntimeError(f"{case.filename}: the game did not end in {MAX_STEPS} steps")
        legal = sorted(a.text for a in state.legal_actions())
        chosen = rng.choice(legal)
        seat = state.to_move
        state.apply(chosen)
        step += 1
        data = state.to_json()
        lines.append(f"{step:03d} s{seat} | {' '.join(legal)} | {chosen}")
        forced = [f"s{s}:{a.text}" for s, a in state.forced_steps()]
        if forced:
            lines.append(f"    forced {' '.join(forced)}")
        lines.append(f"    -> {summary(data)}")
    lines.append("result " + json.dumps(state.result().to_json(), sort_keys=True))
    return "\n".join(lines) + "\n"


def main() -> int:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for old in GOLDEN_DIR.glob("*.txt"):
        old.unlink()
    for case in CASES:
        (GOLDEN_DIR / case.filename).write_text(render(case), encoding="utf-8")
        print(f"wrote {case.filename}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
