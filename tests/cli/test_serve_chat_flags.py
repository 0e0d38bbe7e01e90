"""`isla serve`'s chat settings are flags (issue 17: chat limits are server settings): each reaches
the server's config, the defaults are the documented ones, and a value that cannot work is one line."""

from __future__ import annotations

import pytest

from isla.cli import build_parser, main
from isla.cli.serve import serve_config
from isla.server.config import ServerConfig


def test_chat_flags_set_the_servers_chat_limits() -> None:
    args = build_parser().parse_args([
        "serve", "--chat-max-chars", "80", "--chat-messages", "3", "--chat-window-seconds", "30",
        "--chat-history", "20",
    ])
    config = serve_config(args)
    assert (config.chat_max_chars, config.chat_messages, config.chat_window_seconds, config.chat_history) == (
        80, 3, 30.0, 20)


def test_without_chat_flags_the_limits_are_the_defaults() -> None:
    config = serve_config(build_parser().parse_args(["serve"]))
    assert (config.chat_max_chars, config.chat_messages, config.chat_window_seconds, config.chat_history) == (
        ServerConfig.chat_max_chars, ServerConfig.chat_messages, ServerConfig.chat_window_seconds,
        ServerConfig.chat_history)
    assert (config.chat_max_chars, config.chat_messages, config.chat_window_seconds) == (500, 5, 10.0)


@pytest.mark.parametrize(("flag", "value", "needle"), [
    ("--chat-max-chars", "0", "between 1 and 10000"),
    ("--chat-messages", "many", "whole number"),
    ("--chat-window-seconds", "0", "above 0 seconds"),
])
def test_a_chat_limit_that_cannot_work_is_one_line(
    capsys: pytest.CaptureFixture[str], flag: str, value: str, needle: str
) -> None:
    assert main(["serve", flag, value]) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err
