"""The results of a tournament: win rates with Wilson intervals, scores, ranks, seats, triggers, speed.

`summarize` turns a list of game results (from `play_game`) into one JSON-ready summary; it sorts
the games by index first, so the figures (floating-point sums included) do not depend on the order
in which games finished. `format_table` prints the summary for people.

Counting rules (also in docs/arena.md):
- a win is a first place; a first place shared by k seats counts 1/k to each, so the wins of a game
  always add up to exactly 1 and win rates are comparable with par = 1 / players;
- failed games (a bot error) are listed but left out of every other figure;
- a row that gathers several seats of one game (e.g. three `heuristic` entrants) counts seat-games:
  its interval treats them as independent, which they are not quite (only one can win a game), so
  for such rows it is a little too narrow.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from isla.arena.plan import Plan
from isla.core import GameInfo, IslaError
from isla.core import game as find_game

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


def _info(game: str) -> GameInfo | None:
    """The game's declarations (None for a game this Isla does not know: its figures still show)."""
    try:
        return find_game(game).info
    except IslaError:
        return None


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: sound near 0 and 1 and for small samples."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class _Row:
    """Running totals for one row of the table (a bot spec, an entrant, or a seat)."""

    seat_games: int = 0
    wins: float = 0.0
    score: int = 0
    rank: int = 0
    breakdown: dict[str, int] = field(default_factory=dict)
    decisions: int = 0
    seconds: float = 0.0

    def add(self, win: float, score: int, rank: int, parts: dict[str, Any], *, decisions: int,
            seconds: float) -> None:
        self.seat_games += 1
        self.wins += win
        self.score += score
        self.rank += rank
        for key, value in parts.items():
            if isinstance(value, int) and not isinstance(value, bool):
                self.breakdown[key] = self.breakdown.get(key, 0) + value
        self.decisions += decisions
        self.seconds += seconds

    def to_json(self, par: float) -> dict[str, Any]:
        n = self.seat_games
        low, high = wilson(self.wins, n)
        return {
            "seat_games": n,
            "wins": self.wins,
            "win_rate": self.wins / n if n else 0.0,
            "wilson95": [low, high],
            "par": par,
            "above_par": low > par,
            "below_par": high < par,
            "mean_score": self.score / n if n else 0.0,
            "mean_breakdown": {key: total / n for key, total in self.breakdown.items()} if n else {},
            "mean_rank": self.rank / n if n else 0.0,
            "decisions": self.decisions,
        }

    def timing(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "think_seconds": self.seconds,
            "decisions_per_second": self.decisions / self.seconds if self.seconds > 0 else None,
            "mean_seconds_per_decision": self.seconds / self.decisions if self.decisions else None,
        }


def summarize(plan: Plan, games: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Aggregate game results into the tournament summary (JSON-ready; `timing` holds the measured part)."""
    ordered = sorted(games, key=lambda g: int(g["index"]))
    players = plan.players
    par = 1 / players
    by_bot = {spec: _Row() for spec in dict.fromkeys(plan.bots)}
    by_entrant = [_Row() for _ in range(players)]
    by_seat = [_Row() for _ in range(players)]
    seat_bot = [{spec: _Row() for spec in by_bot} for _ in range(players)]
    # Every trigger the game declares is listed, even one that never fired.
    info = _info(plan.game)
    triggers = dict.fromkeys(info.end_triggers if info is not None else (), 0)
    failures: list[dict[str, Any]] = []
    played = rounds_total = rounds_games = winner_total = 0
    blocks: dict[int, int] = {}
    for game in ordered:
        if game["failure"] is not None:
            failures.append({"index": game["index"], "seats": game["seats"], **game["failure"]})
            continue
        played += 1
        blocks[int(game["block"])] = blocks.get(int(game["block"]), 0) + 1
        ranks: list[int] = game["ranks"]
        firsts = ranks.count(1)
        seconds = game["timing"]["think_seconds"]
        for seat in range(players):
            spec = game["seats"][seat]
            entrant = game["entrants"][seat]
            # A game everyone lost (records before this field count as won by their first places).
            win = 1 / firsts if ranks[seat] == 1 and not game.get("nobody_wins", False) else 0.0
            parts = game["breakdown"][seat] if game["breakdown"] else {}
            for row in (by_bot[spec], by_entrant[entrant], by_seat[seat], seat_bot[seat][spec]):
                row.add(win, game["scores"][seat], ranks[seat], parts,
                        decisions=game["decisions"][seat], seconds=seconds[seat])
        for trigger in game["end_triggers"]:
            triggers[trigger] = triggers.get(trigger, 0) + 1
        if game["rounds"] is not None:
            rounds_total += game["rounds"]
            rounds_games += 1
        winner_total += max(game["scores"])
    whole_blocks = sum(1 for count in blocks.values() if count == players)
    return {
        "game": plan.game,
        "players": players,
        "bots": list(plan.bots),
        "seed": plan.seed,
        "options": dict(plan.options),
        "games": played,
        "failed_games": len(failures),
        "whole_blocks": whole_blocks,
        "partial_blocks": len(blocks) - whole_blocks,
        "par": par,
        "shared_first_place_counts": "1/k to each of k tied seats",
        "by_bot": {spec: row.to_json(par) for spec, row in by_bot.items()},
        "by_entrant": [
            {"entrant": e, "bot": plan.bots[e], **row.to_json(par)} for e, row in enumerate(by_entrant)
        ],
        "by_seat": [
            {
                "seat": seat,
                **row.to_json(par),
                "win_rate_by_bot": {
                    spec: (cell.wins / cell.seat_games if cell.seat_games else None)
                    for spec, cell in seat_bot[seat].items()
                },
            }
            for seat, row in enumerate(by_seat)
        ],
        "mean_rounds": rounds_total / rounds_games if rounds_games else None,
        "mean_winner_score": winner_total / played if played else None,
        "end_triggers": triggers,
        "failures": failures,
        "timing": {"by_bot": {spec: row.timing() for spec, row in by_bot.items()}},
    }


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(row: dict[str, Any]) -> str:
    low, high = row["wilson95"]
    return f"{100 * low:.1f}-{_pct(high)}"


def _versus_par(row: dict[str, Any]) -> str:
    return "above" if row["above_par"] else ("below" if row["below_par"] else "within")


def _speed(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if value >= 1000 else f"{value:.3g}"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> list[str]:
    """Columns right-aligned except the first `left`, two spaces apart."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [
            c.ljust(w) if i < left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def _row_cells(row: dict[str, Any], split: Sequence[tuple[str, str]]) -> list[str]:
    return [
        str(row["seat_games"]),
        f"{row['wins']:g}",
        _pct(row["win_rate"]),
        _interval(row),
        _versus_par(row),
        f"{row['mean_score']:.1f}",
        *(f"{row['mean_breakdown'].get(key, 0.0):.1f}" for key, _ in split),
        f"{row['mean_rank']:.2f}",
    ]


def _default_options(game: str, players: int) -> dict[str, Any]:
    try:
        return find_game(game).resolve_options(players, {})
    except IslaError:
        return {}


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def format_table(summary: dict[str, Any]) -> str:
    """The results as text: per bot, per entrant (when a spec repeats), per seat, rounds, ends, speed."""
    players = summary["players"]
    # The score parts the game declares (the summary JSON holds every breakdown key).
    info = _info(summary["game"])
    split = info.score_split if info is not None else ()
    if not split:
        keys = [k for row in summary["by_bot"].values() for k in row["mean_breakdown"] if k != "total"]
        split = tuple((k, k) for k in dict.fromkeys(keys))
    defaults = _default_options(summary["game"], players)
    options = ", ".join(
        f"{k}={_option_text(v)}" for k, v in sorted(summary["options"].items()) if defaults.get(k) != v
    )
    lines = [
        f"{summary['game']}: {summary['games']} games, {players} players, seed {summary['seed']}, "
        f"bots {','.join(summary['bots'])}" + (f"; options {options}" if options else ""),
        f"  par {_pct(summary['par'])} (1/{players}); a first place shared by k players counts 1/k",
        "  95% Wilson intervals; 'vs par': the interval lies wholly above or below par, or par is within",
    ]
    if summary["partial_blocks"]:
        lines.append(
            f"  note: {summary['partial_blocks']} block(s) lack some rotations (failed or unplayed games), "
            "so seats are not perfectly balanced"
        )
    head = ["games", "wins", "win rate", "95% interval", "vs par", "score"]
    head += [label for _, label in split] + ["rank"]
    lines.append("")
    lines += _table(
        ["bot", *head],
        [[spec, *_row_cells(row, split)] for spec, row in summary["by_bot"].items()],
    )
    if len(set(summary["bots"])) < players:
        lines.append("")
        lines.append("  by entrant (position in --bots):")
        lines += _table(
            ["entrant", *head],
            [[f"#{r['entrant'] + 1} {r['bot']}", *_row_cells(r, split)] for r in summary["by_entrant"]],
        )
    specs = list(summary["by_bot"])
    lines.append("")
    lines.append("  by seat (whatever bot sat there), with each bot's win rate at that seat:")
    seat_rows = []
    for row in summary["by_seat"]:
        cells = [f"seat {row['seat']}", str(row["seat_games"]), _pct(row["win_rate"]),
                 _interval(row), f"{row['mean_score']:.1f}"]
        for spec in specs:
            rate = row["win_rate_by_bot"][spec]
            cells.append("-" if rate is None else _pct(rate))
        seat_rows.append(cells)
    lines += _table(["seat", "games", "win rate", "95% interval", "score", *specs], seat_rows)
    lines.append("")
    games = summary["games"]
    if summary["mean_rounds"] is not None:
        lines.append(f"  mean rounds {summary['mean_rounds']:.2f}")
    if summary["mean_winner_score"] is not None:
        lines.append(f"  mean winning score {summary['mean_winner_score']:.2f}")
    if summary["end_triggers"]:
        ends = ", ".join(
            f"{name} {count} ({_pct(count / games) if games else '-'})"
            for name, count in summary["end_triggers"].items()
        )
        lines.append(f"  end triggers (games in which each fired; several may fire at once): {ends}")
    lines.append("")
    lines.append("  thinking time (measured around each bot's moves; varies from run to run):")
    speed_rows = []
    for spec, timing in summary["timing"]["by_bot"].items():
        per_second = timing["decisions_per_second"]
        per_decision = timing["mean_seconds_per_decision"]
        speed_rows.append([
            spec,
            str(timing["decisions"]),
            _speed(per_second),
            "-" if per_decision is None else f"{1000 * per_decision:.3g}",
        ])
    lines += _table(["bot", "decisions", "decisions/s", "ms/decision"], speed_rows)
    lines.append("")
    failures = summary["failures"]
    left_out = " (left out of every figure above)" if failures else ""
    lines.append(f"  failed games: {len(failures)}{left_out}")
    for failure in failures[:20]:
        lines.append(
            f"    game {failure['index']}: seat {failure['seat']} ({failure['bot'] or 'engine'}): "
            f"{failure['problem']}"
        )
    if len(failures) > 20:
        lines.append(f"    ... and {len(failures) - 20} more (see --json)")
    return "\n".join(lines)
