"""Every text the code shows is in its domain's template (isla.i18n.extract): with the catalog
tests, a text added to a page or a message of the server without its translations fails here,
before a reader meets it in English."""

from __future__ import annotations

import io

import pytest

from isla.i18n.extract import TextDomain, extracted, main, msgids, text_domains
from isla.i18n.htmlwords import MarkupError, extract_html, marked_texts

DOMAINS = text_domains()


def test_the_generic_domain_and_each_games_log_are_extracted() -> None:
    names = {d.domain.name for d in DOMAINS}
    assert {"isla", "puertorico-log", "vanuatu-log"} <= names


@pytest.mark.parametrize("text_domain", DOMAINS, ids=lambda d: d.domain.name)
def test_every_text_the_code_shows_is_in_the_template(text_domain: TextDomain) -> None:
    from babel.messages.pofile import read_po

    with text_domain.domain.template().open("rb") as handle:
        template = msgids(read_po(handle))
    said = msgids(extracted(text_domain))
    assert sorted(map(str, said - template)) == [], "run python -m isla.i18n.extract, then translate"


def test_the_check_mode_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check"]) == 0
    assert capsys.readouterr().out == ""


def test_marked_html_gives_its_texts_and_attributes_with_notes() -> None:
    html = """<main>
      <h2 data-t data-t-note="A heading">Create
         a table</h2>
      <input data-t-attr="placeholder title" placeholder="Your name" title="Who you are">
      <p>not marked</p><button data-t>Sign in</button>
    </main>"""
    assert marked_texts(html) == [
        (2, "Create a table", ["A heading"]), (4, "Who you are", []), (4, "Your name", []),
        (5, "Sign in", []),
    ]
    found = list(extract_html(io.BytesIO(html.encode()), {}, (), {}))
    texts = [text for _line, _f, text, _c in found]
    assert texts == ["Create a table", "Who you are", "Your name", "Sign in"]


@pytest.mark.parametrize("html", [
    '<p data-t>Hello <b>you</b></p>',       # a marked element holds text only
    '<p data-t>   </p>',                    # and some text
    '<input data-t-attr="title">',          # a named attribute must have a value
])
def test_markup_that_cannot_be_one_message_is_refused(html: str) -> None:
    with pytest.raises(MarkupError):
        marked_texts(html)
