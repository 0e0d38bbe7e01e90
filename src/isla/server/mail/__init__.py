"""Email notices (issue 16): an address an account confirms through a mailed link, and "it's your
turn" mails for turn-based tables, sent over SMTP in the background.

`settings` (what `isla serve` is told), `sender` (SMTP in a thread, failures logged without the
password), `texts` (the mails in the account's language), `addresses` (adding, confirming and
removing an address; turning notices on and off), `turns` (the your-turn notice and its throttle).
"""

from isla.server.mail.settings import TLS_MODES, MailSettings

__all__ = ["TLS_MODES", "MailSettings"]
