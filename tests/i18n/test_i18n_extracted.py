"""Every text the code shows is in its domain's template (isla.i18n.extract): with the catalog
tests, a text added to a page or a message of the server without its translations fails here,
before a reader meets it in English."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.pofile import read_po

from isla.i18n.extract import Source, TextDomain, extracted, main, msgids, text_domains
from isla.i18n.htmlwords import MarkupError, extract_html, marked_texts

DOMAINS = text_domains()


def test_the_generic_domain_and_each_games_log_are_extracted() -> None:
    names = {d.domain.name for d in DOMAINS}
    assert {"isla", "puertorico-log", "vanuatu-log"} <= names


@pytest.mark.parametrize("text_domain", DOMAINS, ids=lambda d: d.domain.name)
def test_every_text_the_code_shows_is_in_the_template(text_domain: TextDomain) -> None:
    with text_domain.domain.template().open("rb") as handle:
        template = msgids(read_po(handle))
    said = msgids(extracted(text_domain))
    assert sorted(map(str, said - template)) == [], "run python -m isla.i18n.extract, then translate"


_STRING = r"""(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")"""


def _text(single: str | None, double: str | None) -> str:
    return re.sub(r"\\(.)", r"\1", single if single is not None else double or "")


def called(source: Source) -> set[str | tuple[str, ...]]:
    """The msgids a script source passes to its keywords, read with a regular expression rather
    than Babel's JavaScript extractor, which does not look inside a template literal's `${...}`."""
    found: set[str | tuple[str, ...]] = set()
    for keyword, spec in source.keywords.items():
        two = spec is not None and len(spec) == 2
        second = rf"\s*,\s*{_STRING}" if two else ""
        call = re.compile(rf"(?<![\w.]){re.escape(keyword)}\(\s*{_STRING}{second}")
        for path in source.files():
            for m in call.finditer(path.read_text(encoding="utf-8")):
                groups = m.groups()
                found.add((_text(*groups[:2]), _text(*groups[2:])) if two else _text(*groups[:2]))
    return found


SCRIPTED = [d for d in DOMAINS if any(s.method == "javascript" for s in d.sources)]


@pytest.mark.parametrize("text_domain", SCRIPTED, ids=lambda d: d.domain.name)
def test_every_text_a_script_passes_is_in_the_template_even_inside_a_template_literal(
    text_domain: TextDomain,
) -> None:
    with text_domain.domain.template().open("rb") as handle:
        template = msgids(read_po(handle))
    scripts = [s for s in text_domain.sources if s.method == "javascript"]
    words = set().union(*(called(s) for s in scripts))
    assert len(words) > 20
    assert sorted(map(str, words - template)) == [], "call t()/say() outside template literals, then extract"


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
