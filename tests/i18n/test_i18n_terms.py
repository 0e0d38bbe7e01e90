"""The games' term catalogs name every piece the games show, by the ids their catalogs already use,
and their English is the very labels the page and the text board show today (so moving a label to
the catalog changes no English word)."""

from __future__ import annotations

from isla.core.registry import game
from isla.games.puertorico import catalog as pr_catalog
from isla.games.puertorico import data as pr_data
from isla.games.puertorico import nouns as pr_nouns
from isla.games.puertorico import state as pr_state
from isla.games.vanuatu import catalog as va_catalog
from isla.games.vanuatu import data as va_data
from isla.games.vanuatu import state as va_state
from isla.i18n import LANGUAGES, game_domain, ngettext, texts, translate
from isla.i18n.catalogs import msgids

PR = game_domain(game("puertorico"))
VA = game_domain(game("vanuatu"))


def test_the_games_declare_their_catalogs_in_their_own_folders() -> None:
    assert PR is not None and VA is not None
    assert PR.name == "puertorico" and PR.directory.parent.name == "puertorico"
    assert VA.name == "vanuatu" and VA.directory.parent.name == "vanuatu"
    assert PR.languages() == VA.languages() == tuple(sorted(LANGUAGES))


def test_puerto_rico_names_every_role_building_good_tile_phase_and_count() -> None:
    assert PR is not None
    wanted = {
        *(f"role.{r}" for r in pr_data.ROLES),
        *(f"building.{b.name}" for b in pr_data.BUILDINGS),
        *(f"good.{g}" for g in pr_data.GOODS),
        *(f"tile.{t}" for t in pr_data.TILE_KINDS),
        *(f"phase.{p}" for p in pr_state.PHASE_NAMES),
        # every countable noun of nouns.FORMS (the verbs that agree with a count are grammar, not terms)
        *(f"{{n}} {word}" for word in pr_nouns.FORMS if word not in ("is", "was")),
    }
    assert wanted - set(msgids(PR)) == set()


def test_vanuatu_names_every_action_character_good_phase() -> None:
    assert VA is not None
    wanted = {
        *(f"action.{s}" for s in va_data.SPACES),
        *(f"character.{c}" for c in va_data.CHARACTERS),
        *(f"good.{g}" for g in va_data.GOODS),
        *(f"phase.{p}" for p in va_state.PHASE_NAMES),
    }
    assert wanted - set(msgids(VA)) == set()


def test_the_english_terms_are_the_labels_the_games_show_today() -> None:
    assert PR is not None and VA is not None
    shown = pr_catalog.catalog()
    for kind, key in (("buildings", "building"), ("roles", "role"), ("goods", "good"), ("tiles", "tile")):
        for item in shown[kind]:
            assert translate(PR, "en", f"{key}.{item['name']}") == item["label"], item
    shown = va_catalog.catalog()
    for kind, key in (("actions", "action"), ("characters", "character")):
        for item in shown[kind]:
            assert translate(VA, "en", f"{key}.{item['name']}") == item["label"], item
    for word, (one, many) in pr_nouns.FORMS.items():
        if word not in ("is", "was"):
            forms = [ngettext(PR, "en", f"{{n}} {one}", f"{{n}} {many}", n) for n in (1, 2)]
            assert forms == [f"1 {one}", f"2 {many}"]


def test_isla_says_colonists_in_every_language() -> None:
    # Seed 003 calls the colonists 奴隶 (slaves); Isla does not, in any catalog.
    assert PR is not None
    for lang in LANGUAGES:
        for text in texts(PR, lang).values():
            for form in text if isinstance(text, tuple) else (text,):
                assert "奴隶" not in form
    assert ngettext(PR, "zh", "{n} colonist", "{n} colonists", 3) == "3名殖民者"
    assert ngettext(PR, "de", "{n} colonist", "{n} colonists", 3) == "3 Kolonisten"


def test_the_seeds_role_names() -> None:
    assert PR is not None
    roles = ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector")
    assert [translate(PR, "pt", f"role.{r}") for r in roles] == [  # seed 000
        "Colono", "Prefeito", "Construtor", "Produtor", "Comerciante", "Capitão", "Minerador"]
    assert [translate(PR, "nl", f"role.{r}") for r in roles] == [  # seed 001
        "Landbouwer", "Burgemeester", "Bouwmeester", "Opzichter", "Handelaar", "Kapitein", "Goudzoeker"]
    assert [translate(PR, "de", f"role.{r}") for r in roles] == [
        "Siedler", "Bürgermeister", "Baumeister", "Aufseher", "Händler", "Kapitän", "Goldsucher"]  # seed 002
    assert [translate(PR, "zh", f"role.{r}") for r in roles] == [
        "种植", "招募", "建造", "生产", "售卖", "出口", "淘金"]  # seed 003
