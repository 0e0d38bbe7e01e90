"""The official 2-player rules (§13): neutral markers, 5 characters offered, majorities that must
also beat the neutral stack, and boats that never share a hex."""

from __future__ import annotations

from vtools import legal_texts, new_game, phase_json, position, resolution, seat_json, start_board

from isla.games.vanuatu.data import DRAW
from isla.games.vanuatu.rules import holds


def test_2p_the_first_player_places_two_neutral_markers_then_the_other_three() -> None:
    state = new_game(2, seed=4)
    first = state.to_json()["first"]
    assert phase_json(state)["name"] == "neutral" and state.to_move == first
    assert len(legal_texts(state)) == 9
    state.apply("neutral:fish")
    # one canonical order within a batch: no space before the last one chosen
    assert legal_texts(state) == {"neutral:fish", "neutral:sell", "neutral:buy", "neutral:draw",
                                  "neutral:tourist", "neutral:rest"}
    state.apply("neutral:draw")
    assert state.to_move == 1 - first and len(legal_texts(state)) == 9
    for text in ("neutral:sail", "neutral:sail", "neutral:draw"):
        state.apply(text)
    assert state.to_json()["neutral"] == {"sail": 2, "fish": 1, "draw": 2}
    assert phase_json(state)["name"] == "characters"


def test_2p_five_characters_are_offered_then_the_next_round_excludes_all_five() -> None:
    state = new_game(2, seed=7)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    offer = state.to_json()["offer"]
    assert len(offer) == 5 and {t.removeprefix("char:") for t in legal_texts(state)} == set(offer)
    state.apply(f"char:{offer[0]}")
    assert len(legal_texts(state)) == 4
    seen = state.to_json()["seen"]
    assert sorted(seen) == sorted(offer)


def test_2p_offer_excludes_the_characters_seen_last_round() -> None:
    seen = ["navigator", "fisherman", "vendor", "diver", "builder"]
    # the last neutral marker can only go on rest: the engine places it and the offer is drawn
    state = position(2, round=2, seen=seen, phase={"name": "neutral", "seat": 1, "step": 4, "cursor": 8})
    assert phase_json(state)["name"] == "characters"
    offer = state.to_json()["offer"]
    assert len(offer) == 5 and not set(offer) & set(seen)


def test_2p_a_majority_must_also_beat_the_neutral_stack() -> None:
    seats = [{"markers": {"draw": 2, "sail": 1}}, {"markers": {"draw": 1}}]
    state = resolution(2, neutral={"draw": 2}, seats=seats)
    assert not holds(state.core, 0, DRAW)
    state = resolution(2, neutral={"draw": 1}, seats=seats)
    assert holds(state.core, 0, DRAW)


def test_2p_a_tie_with_the_neutral_stack_is_enough_for_the_linked_character_or_governor_destination() -> None:
    seats = [{"markers": {"draw": 2, "sail": 1}, "character": "artist"}, {"markers": {"rest": 1}}]
    assert holds(resolution(2, neutral={"draw": 2}, seats=seats).core, 0, DRAW)
    seats[0]["character"] = "guide"
    assert not holds(resolution(2, neutral={"draw": 2}, seats=seats).core, 0, DRAW)
    seats[0]["governed"] = "draw"
    assert holds(resolution(2, neutral={"draw": 2}, seats=seats).core, 0, DRAW)


def test_2p_boats_never_end_a_sail_on_the_other_boat() -> None:
    seats = [{"markers": {"sail": 1, "draw": 1}}, {"boat": "start-fish", "markers": {"rest": 1}}]
    state = resolution(2, seats=seats, board=start_board())
    assert {t for t in legal_texts(state) if t.startswith("sail:")} == {"sail:start-wreck"}
    assert seat_json(state, 1)["boat"] == "start-fish"
