"""The rules summary of a game as a page: `GET /rules/{game}` (docs/rules-summaries.md).

Each game keeps a short summary for players per language in its own folder
(`rules/<lang>.md`, found by isla.i18n.games.rules_summary, never by the game's name). The page is
that Markdown rendered by markdown-it-py (CommonMark and tables, raw HTML off: only Isla's own
files are rendered, and even they cannot put markup of their own in the page), in the site's
header and stylesheets, in the reader's language (`?lang=`, else Accept-Language, else English;
the English summary for a language Isla lacks), with links to the summary in the other languages.
No script and no inline style: the pages' Content-Security-Policy allows neither.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Annotated
from urllib.parse import quote

from babel import Locale
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from isla.core import UnknownGame
from isla.core import game as find_game
from isla.i18n import GENERIC, negotiate, translate
from isla.i18n.games import rules_languages, rules_summary
from isla.server.tables import TableError

router = APIRouter(include_in_schema=False)
Lang = Annotated[str | None, Query(max_length=35, description="en pt nl de zh; else Accept-Language")]
# The pages' icon and the brand mark of the header, as every page of the site draws them.
ICON = ("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle "
        "cx='8' cy='8' r='8' fill='%230f4c5c'/%3E%3Cpath d='M3 11q5-6 10 0z' fill='%23e9c46a'/%3E%3C/svg%3E")
BRAND = """<svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="var(--sea)"/>
        <path d="M5 22 Q16 8 27 22 Z" fill="var(--sand-deep)"/>
        <path d="M16 9 v9 M16 9 q-5 -1 -7 3 M16 9 q5 -1 7 3 M16 9 q-3 -4 -7 -3 M16 9 q3 -4 7 -3"
              stroke="var(--leaf)" stroke-width="1.6" fill="none" stroke-linecap="round"/>
      </svg>"""


@lru_cache(maxsize=64)  # a game's summaries do not change while the server runs
def rendered(markdown: str) -> str:
    """The HTML of a summary's Markdown: CommonMark with tables, raw HTML shown as text."""
    page: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return page


def language_name(lang: str) -> str:
    """A language's name as its own readers write it ("Deutsch", "Português", "中文")."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def rules_page(name: str, title: str, lang: str, languages: tuple[str, ...], markdown: str) -> str:
    """The whole page of one summary in `lang`, linking to it in each of `languages`."""
    rules = escape(translate(GENERIC, lang, "Rules"))
    # i18n: The label of the site's name in a page header, a link to the lobby (read by screen readers).
    home = escape(translate(GENERIC, lang, "Isla: back to the lobby"))
    # i18n: The label of the links to a rules summary in the other languages.
    languages_label = escape(translate(GENERIC, lang, "The rules in other languages"))
    links = "\n".join(
        f'      <a href="/rules/{quote(name)}?lang={other}" hreflang="{other}" lang="{other}"'
        + (' aria-current="page"' if other == lang else "") + f">{escape(language_name(other))}</a>"
        for other in languages
    )
    return f"""<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{rules} · {escape(title)} · Isla</title>
  <link rel="icon" href="{ICON}">
  <link rel="stylesheet" href="/static/css/base.css">
  <link rel="stylesheet" href="/static/css/rules.css">
</head>
<body class="rules-page">
  <header class="site-header">
    <a class="brand" href="/" aria-label="{home}">
      {BRAND}
      <span>Isla</span>
    </a>
    <span class="header-title">{rules} · {escape(title)}</span>
    <span class="spacer"></span>
    <nav class="rules-languages" aria-label="{languages_label}"
         data-testid="rules-languages">
{links}
    </nav>
  </header>
  <main class="card rules-text" data-testid="rules-text">
{rendered(markdown)}  </main>
</body>
</html>
"""


@router.get("/rules/{name}")
async def rules(name: str, request: Request, lang: Lang = None) -> HTMLResponse:
    """A game's rules summary in the reader's language (English for a language Isla lacks)."""
    try:
        game = find_game(name)
    except UnknownGame as error:
        raise TableError("not_found", str(error)) from error
    found = rules_summary(game, negotiate(request.headers.get("accept-language"), lang))
    if found is None:
        raise TableError("not_found", f"{name} has no rules summary")
    shown, markdown = found
    page = rules_page(game.name, game.title, shown, rules_languages(game), markdown)
    return HTMLResponse(page, headers={"Cache-Control": "no-cache", "Content-Language": shown})
