"""Why an action is not legal: one sentence a player can act on (used by IllegalAction)."""

from __future__ import annotations

from isla.games.vanuatu import actions as A
from isla.games.vanuatu import rules
from isla.games.vanuatu.data import BONUS_CHARACTERS, CHARACTERS, LINKED
from isla.games.vanuatu.state import BUYER, CHARS, DIKE, FINAL, NEUTRAL, OVER, PLAN, RESOLVE, TILES, Core

_DECIDING = {
    TILES: "placing archipelago tiles",
    NEUTRAL: "placing neutral markers",
    CHARS: "choosing a character",
    PLAN: "planning (placing an action marker)",
    RESOLVE: "resolving an action",
    BUYER: "deciding on the Buyer's second cube",
    DIKE: "deciding on a dike after building a hut (Rising Waters)",
    FINAL: "making a last treasure sale or Beggar trade before the final scoring",
}
_NOT_A_CHOICE = (
    "not a choice: resolve a space where the seat holds the majority (performing it if possible), "
    "or clear one stack without one (V11, V20)"
)
_VERB_PHASE = {
    "tile": TILES, "neutral": NEUTRAL, "char": CHARS, "plan": PLAN, "buyer": BUYER, "finish": FINAL,
}


def explain(core: Core, text: str) -> str:
    if core.phase == OVER:
        return "the game is over"
    if text not in A.BY_TEXT:
        return "not Vanuatu notation (see docs/vanuatu.md)"
    now = f"seat {core.cur} is {_DECIDING[core.phase]}"
    verb = text.split(":", maxsplit=1)[0]
    if verb == "cash":
        return f"seat {core.cur} holds no treasure of that value"
    if verb == "beg":
        return f"seat {core.cur} cannot make that Beggar trade now (once a round, PP never below 0)"
    expected = _VERB_PHASE.get(verb, RESOLVE)
    if verb == "dike" and core.phase == DIKE:
        expected = DIKE
    if expected != core.phase:
        return f"not now: {now}"
    if core.phase == PLAN:
        return "that action could not be performed this round, even after the seat's own planned " \
            "actions (V16)"
    if core.phase == RESOLVE and text.endswith(A.NOBONUS_SUFFIX):
        return _declined(core, A.BY_TEXT[text].id)
    if core.phase == RESOLVE:
        return _NOT_A_CHOICE
    return f"{now}, and this is not one of the choices"


def _declined(core: Core, aid: int) -> str:
    """Why `<action>:nobonus` is not a choice now."""
    base = A.WITH_BONUS[aid]
    plain = A.ACTIONS[base].text
    if not core.optional_bonuses:
        return f"this table applies character bonuses without asking (bonuses=automatic): play {plain}"
    space = rules.space_of(base)
    holder = next(c for c in BONUS_CHARACTERS if LINKED[c] == space)
    if not rules.bonus_holder(core, core.cur, space):
        return f"only the holder of the {CHARACTERS[holder].capitalize()} may decline its bonus"
    bonus = f"the {CHARACTERS[holder].capitalize()}'s bonus"
    if A.ACTIONS[base] in core.legal:
        if not rules.differs(core, base):
            return f"without {bonus} it is the same action: play {plain}"
        return f"without {bonus} seat {core.cur} cannot pay for it"
    return _NOT_A_CHOICE
