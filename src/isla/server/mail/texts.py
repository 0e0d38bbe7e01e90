"""The mails and the confirmation page in the reader's language (domain `isla`, English-keyed).

Every sentence is one msgid, so translators see short texts; a mail's body is its sentences
joined by blank lines. A mail is in the account's language (PUT /api/me/language) when it chose
one; else in the language of the request that added the address (kept with the address), so a
notice sent later, with no request around, is in that language too.
"""

from __future__ import annotations

from isla.i18n import GENERIC, translate


def confirmation(lang: str, name: str, link: str, hours: int) -> tuple[str, str]:
    """The subject and body of the mail that asks the owner of an address to confirm it."""
    subject = translate(GENERIC, lang, "Confirm your email address for Isla")
    body = "\n\n".join((
        translate(GENERIC, lang, "Someone, probably you, asked that the Isla account {name} send its notices "
                                 "to this address.", name=name),
        translate(GENERIC, lang, "To confirm it, open this link within {hours} hours:", hours=hours)
        + "\n" + link,
        translate(GENERIC, lang,
                  "If it was not you, ignore this mail: nothing will be sent to this address."),
    ))
    return subject, body + "\n"


def turn_notice(lang: str, table: str, game: str, link: str, hours: float) -> tuple[str, str]:
    """The subject and body of an "it's your turn" mail."""
    subject = translate(GENERIC, lang, "It's your turn at table {table} ({game})", table=table, game=game)
    body = "\n\n".join((
        translate(GENERIC, lang, "It's your turn at table {table} ({game}). Open the table here:",
                  table=table, game=game) + "\n" + link,
        translate(GENERIC, lang, "You get at most one such mail per table every {hours} hours. To stop them, "
                                 "turn email notices off in the lobby.", hours=format(hours, "g")),
    ))
    return subject, body + "\n"


def page(lang: str, outcome: str) -> tuple[str, str]:
    """The title and the sentence of the page a confirmation link opens."""
    title = translate(GENERIC, lang, "Isla · email")
    if outcome == "confirmed":
        return title, translate(GENERIC, lang, "Your email address is confirmed.")
    if outcome == "expired":
        return title, translate(GENERIC, lang, "This link has expired: add the address again in the lobby "
                                               "to get a new one. Nothing was changed.")
    if outcome == "no_email":
        return title, translate(GENERIC, lang, "Email is not set up on this server.")
    return title, translate(GENERIC, lang, "This link is not valid: it was used already, replaced by a newer "
                                           "one, or mistyped. Nothing was changed.")


def lobby_link(lang: str) -> str:
    return translate(GENERIC, lang, "Back to the lobby")
