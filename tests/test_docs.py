"""The examples in docs/ are doctests: they run against the code, so the pages stay true."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

PAGES = sorted((Path(__file__).resolve().parent.parent / "docs").glob("*.md"))
DOCS = [page for page in PAGES if ">>> " in page.read_text(encoding="utf-8")]


def test_the_developer_pages_carry_runnable_examples() -> None:
    assert {"python.md", "notation.md", "record.md", "state.md"} <= {page.name for page in DOCS}


@pytest.mark.parametrize("page", DOCS, ids=[p.name for p in DOCS])
def test_doc_examples_run_as_written(page: Path) -> None:
    outcome = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0
    assert outcome.failed == 0, f"{outcome.failed} example(s) in {page.name} no longer match the code"
