"""`isla serve`'s email settings: flags or environment variables, the password from the environment
only, never printed; a real `isla serve` process mails a real SMTP server (aiosmtpd)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest
from mailtools import link_in, smtp_server
from rankedtools import PASSWORD
from servertools import PATIENCE, wait_for

from isla.cli import build_parser
from isla.cli.common import CliError
from isla.cli.mailflags import mail_settings, public_url
from isla.server.mail import MailSettings

SECRET = "s3cret-Pa55word"


def settings(*flags: str, **environ: str) -> MailSettings | None:
    args = build_parser().parse_args(["serve", *flags])
    return mail_settings(args, environ)


def test_the_settings_come_from_flags_or_else_the_environment() -> None:
    assert settings() is None  # no email features unless asked for
    given = settings("--smtp-host", "mail.example.org", "--smtp-from", "isla@example.org")
    assert given == MailSettings(host="mail.example.org", sender="isla@example.org")
    assert given is not None and given.smtp_port == 587 and given.notice_hours == 12
    env = {"ISLA_SMTP_HOST": "env.example.org", "ISLA_SMTP_FROM": "env@example.org", "ISLA_SMTP_TLS": "tls",
           "ISLA_SMTP_USERNAME": "isla", "ISLA_SMTP_PASSWORD": SECRET, "ISLA_NOTICE_HOURS": "24"}
    mixed = settings("--smtp-host", "flag.example.org", **env)
    assert mixed is not None
    assert (mixed.host, mixed.sender, mixed.tls, mixed.smtp_port, mixed.username, mixed.password,
            mixed.notice_hours) == ("flag.example.org", "env@example.org", "tls", 465, "isla", SECRET, 24.0)
    assert SECRET not in repr(mixed)
    args = build_parser().parse_args(["serve"])
    assert public_url(args, {"ISLA_PUBLIC_URL": "https://isla.example.org"}) == "https://isla.example.org"


@pytest.mark.parametrize(("flags", "environ", "needle"), [
    (("--smtp-host", "h"), {}, "needs both"),
    (("--smtp-from", "a@b.org"), {}, "needs both"),
    (("--smtp-host", "h", "--smtp-from", "a@b.org", "--smtp-tls", "ssl"), {}, "TLS mode"),
    (("--smtp-host", "h", "--smtp-from", "a@b.org", "--smtp-port", "99999"), {}, "port"),
    (("--smtp-host", "h", "--smtp-from", "a@b.org", "--notice-hours", "soon"), {}, "notice hours"),
    (("--smtp-host", "h", "--smtp-from", "a@b.org", "--smtp-username", "isla"), {}, "ISLA_SMTP_PASSWORD"),
])
def test_unusable_settings_are_one_clear_line(
    flags: tuple[str, ...], environ: dict[str, str], needle: str
) -> None:
    with pytest.raises(CliError, match=needle):
        settings(*flags, **environ)


def test_there_is_no_password_flag() -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--smtp-password", SECRET])


@contextmanager
def isla_serve(env: dict[str, str], *args: str) -> Iterator[tuple[str, list[str]]]:
    """Run `isla serve` with `env` added to the environment; yield its URL and, once it stopped,
    everything it printed."""
    command = [sys.executable, "-m", "isla", "serve", "--port", "0", "--log-level", "info", *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1", **env})
    watchdog = threading.Timer(PATIENCE, process.kill)
    watchdog.start()
    printed: list[str] = []
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        printed.append(line)
        assert line.startswith("Isla is serving http://127.0.0.1:"), line
        yield line.split()[3].rstrip("/"), printed
        process.send_signal(signal.SIGINT)
        out, err = process.communicate()
        printed.extend((out, err))
        assert process.returncode == 0, err
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
            process.communicate()


def register_and_add(url: str, address: str) -> None:
    with httpx2.Client(base_url=url, headers={"Origin": url}, timeout=PATIENCE) as client:
        registered = client.post("/api/auth/register", json={"name": "Ann", "password": PASSWORD})
        assert registered.status_code == 201
        assert client.put("/api/me/email", json={"address": address}).status_code == 202


def test_isla_serve_mails_through_the_environments_smtp_server_and_never_prints_the_password(
    tmp_path: Path,
) -> None:
    with smtp_server(login=("isla", SECRET)) as (inbox, port):
        env = {"ISLA_SMTP_HOST": "127.0.0.1", "ISLA_SMTP_PORT": str(port),
               "ISLA_SMTP_FROM": "env@example.org", "ISLA_SMTP_TLS": "none",
               "ISLA_SMTP_USERNAME": "isla", "ISLA_SMTP_PASSWORD": SECRET,
               "ISLA_PUBLIC_URL": "https://isla.example.org"}
        flags = ("--data-dir", str(tmp_path / "a"), "--smtp-from", "flag@example.org")
        with isla_serve(env, *flags) as (url, out):
            register_and_add(url, "ann@example.org")
            [mail] = inbox.wait_for("ann@example.org")
        assert mail["From"] == "flag@example.org"  # the flag wins over the variable
        assert link_in(mail).startswith("https://isla.example.org/email/confirm?token=")
        assert SECRET not in "".join(out)

        wrong = {**env, "ISLA_SMTP_PASSWORD": "wrong-" + SECRET}
        with isla_serve(wrong, "--data-dir", str(tmp_path / "b")) as (url, out):
            register_and_add(url, "ann@example.org")
            wait_for("the refused login", lambda: inbox.refused_logins >= 1)
        printed = "".join(out)
        assert "could not be sent" in printed and "SMTPAuthenticationError" in printed
        assert SECRET not in printed
        assert len(inbox.to("ann@example.org")) == 1


