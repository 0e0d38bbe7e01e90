"""`isla serve`'s email settings: flags, each with an environment variable in its place.

A flag wins over its variable. The SMTP password has no flag on purpose: a command line is visible
to every user of the machine (ps), so it is read from ISLA_SMTP_PASSWORD only, and never printed.
Without --smtp-host and --smtp-from (or their variables) the server has no email features.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

from isla.cli.common import CliError
from isla.server.mail.settings import DEFAULT_NOTICE_HOURS, DEFAULT_PORTS, TLS_MODES, MailSettings

PASSWORD_VARIABLE = "ISLA_SMTP_PASSWORD"
# flag destination -> environment variable
VARIABLES = {
    "smtp_host": "ISLA_SMTP_HOST",
    "smtp_port": "ISLA_SMTP_PORT",
    "smtp_from": "ISLA_SMTP_FROM",
    "smtp_username": "ISLA_SMTP_USERNAME",
    "smtp_tls": "ISLA_SMTP_TLS",
    "notice_hours": "ISLA_NOTICE_HOURS",
    "public_url": "ISLA_PUBLIC_URL",
}


def add_mail_flags(p: argparse.ArgumentParser) -> None:
    group = p.add_argument_group(
        "email notices (docs/server.md, \"Email\"); each flag may be given as the environment variable "
        f"named, and the SMTP password only as {PASSWORD_VARIABLE}"
    )
    ports = ", ".join(f"{mode} {port}" for mode, port in DEFAULT_PORTS.items())
    group.add_argument("--smtp-host", metavar="HOST", help="the SMTP server to send mail through "
                       "(ISLA_SMTP_HOST; default: none, no email features)")
    group.add_argument("--smtp-port", metavar="PORT",
                       help=f"its port (ISLA_SMTP_PORT; default by --smtp-tls: {ports})")
    group.add_argument("--smtp-from", metavar="ADDRESS",
                       help="the From: address of the mails (ISLA_SMTP_FROM)")
    group.add_argument("--smtp-username", metavar="NAME", help="log in to the SMTP server as NAME, with the "
                       f"password in {PASSWORD_VARIABLE} (ISLA_SMTP_USERNAME; default: no login)")
    group.add_argument("--smtp-tls", metavar="MODE", help=f"{', '.join(TLS_MODES)}: plain, upgraded with "
                       "STARTTLS, or TLS from the start (ISLA_SMTP_TLS; default starttls)")
    group.add_argument("--notice-hours", metavar="HOURS", help="at most one your-turn mail per table and "
                       f"player this often (ISLA_NOTICE_HOURS; default {DEFAULT_NOTICE_HOURS:g})")
    group.add_argument("--public-url", metavar="URL", help="the server's public address, e.g. "
                       "https://isla.example.org, for the links in mails (ISLA_PUBLIC_URL; default: the "
                       "address it listens on)")


def _value(args: argparse.Namespace, name: str, environ: Mapping[str, str]) -> str | None:
    given = getattr(args, name, None)
    if given is None:
        given = environ.get(VARIABLES[name]) or None
    return given.strip() if isinstance(given, str) else given


def public_url(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> str | None:
    url = _value(args, "public_url", environ)
    if url is not None and not url.startswith(("http://", "https://")):
        raise CliError(f"the public URL must start with http:// or https://, not {url!r}")
    return url


def mail_settings(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> MailSettings | None:
    """The email settings the flags and environment give, or None when email is not set up."""
    host, sender = _value(args, "smtp_host", environ), _value(args, "smtp_from", environ)
    if host is None and sender is None:
        return None
    if host is None or sender is None:
        raise CliError("email needs both --smtp-host and --smtp-from (or ISLA_SMTP_HOST and ISLA_SMTP_FROM)")
    port_text = _value(args, "smtp_port", environ)
    port = None
    if port_text is not None:
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise CliError(f"the SMTP port must be a number from 1 to 65535, not {port_text!r}")
        port = int(port_text)
    tls = _value(args, "smtp_tls", environ) or "starttls"
    if tls not in TLS_MODES:
        raise CliError(f"the SMTP TLS mode must be one of {', '.join(TLS_MODES)}, not {tls!r}")
    hours_text = _value(args, "notice_hours", environ)
    hours = DEFAULT_NOTICE_HOURS
    if hours_text is not None:
        try:
            hours = float(hours_text)
        except ValueError:
            hours = -1.0
        if not 0 <= hours <= 24 * 365:
            raise CliError(f"the notice hours must be a number from 0 to 8760, not {hours_text!r}")
    username = _value(args, "smtp_username", environ)
    password = environ.get(PASSWORD_VARIABLE) or None
    if username is not None and password is None:
        raise CliError(f"--smtp-username needs the password in the environment variable {PASSWORD_VARIABLE}")
    return MailSettings(host=host, sender=sender, port=port, tls=tls, username=username, password=password,
                        notice_hours=hours)
