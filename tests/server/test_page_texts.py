"""GET /api/i18n gives a page its words: the `isla` domain and the shown game's catalogs in one
language (the `lang` asked for, else Accept-Language), with the plural rule as data; and the
page's evaluator of that rule (shared/i18n.js) picks the form the server's ngettext picks."""

from __future__ import annotations

import gettext
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from servertools import serve

from isla.i18n import LANGUAGES
from isla.i18n.catalogs import GENERIC, catalog, english
from isla.i18n.page import plural_rule
from isla.server.config import ServerConfig

I18N_JS = Path(__file__).resolve().parents[2] / "src" / "isla" / "web" / "js" / "shared" / "i18n.js"
COUNTS = [*range(0, 130), 1000, 1000000, 2000000, 1000001, 3000000]


def test_a_page_gets_its_texts_in_the_readers_language(config: ServerConfig) -> None:
    with serve(config) as server, server.client() as anon:
        german = anon.get("/api/i18n", params={"lang": "de", "game": "puertorico"}).json()
        chinese = anon.get("/api/i18n", params={"game": "vanuatu"},
                           headers={"Accept-Language": "zh-TW"}).json()
        lobby = anon.get("/api/i18n", headers={"Accept-Language": "pt-BR"}).json()
        unknown = anon.get("/api/i18n", params={"game": "chess"})
    assert german["lang"] == "de"
    assert set(german["texts"]) == {"isla", "puertorico", "puertorico-log", "puertorico-page"}
    assert german["texts"]["puertorico"]["role.mayor"] == "Bürgermeister"
    assert german["texts"]["isla"]["Language"] == "Sprache"
    assert german["texts"]["puertorico"]["{n} doubloon"] == ["{n} Dublone", "{n} Dublonen"]
    assert chinese["lang"] == "zh" and chinese["texts"]["vanuatu-log"]["The waters rise."] == "海水上涨。"
    assert set(lobby["texts"]) == {"isla"} and lobby["lang"] == "pt"
    assert lobby["plural"]["forms"] == ["one", "many", "other"]
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_pages_plural_rule_picks_the_catalogs_form(lang: str) -> None:
    script = (f"import {{ pluralForm }} from {json.dumps(I18N_JS.as_uri())};\n"
              f"const rule = {json.dumps(plural_rule(lang))};\n"
              f"console.log(JSON.stringify({json.dumps(COUNTS)}.map((n) => pluralForm(rule, n))));\n")
    assert shutil.which("node"), "this test needs Node.js (`apt-get install nodejs`; .ci/run installs it)"
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                          check=True)
    found = catalog(GENERIC, lang) or english(GENERIC)
    rule = gettext.c2py(found.plural_expr)  # the catalog's Plural-Forms, as ngettext reads it
    assert json.loads(done.stdout) == [rule(n) for n in COUNTS]
