"""HEAD answers as GET would, without a body: pages, static files, the API (a carried-over 405)."""

from __future__ import annotations

from servertools import Running


def test_head_of_pages_static_files_and_the_api_is_its_gets_head(sqlite_server: Running) -> None:
    with sqlite_server.client() as client:
        for path in ("/", "/static/css/base.css", "/api/health", "/api/games", "/leaderboards/puertorico"):
            got, head = client.get(path), client.head(path)
            assert head.status_code == got.status_code == 200, path
            assert head.content == b"", path
            assert head.headers["content-type"] == got.headers["content-type"], path
            assert head.headers["content-security-policy"] == got.headers["content-security-policy"], path
            if "content-length" in got.headers:
                assert head.headers["content-length"] == got.headers["content-length"], path


def test_head_is_refused_where_get_is(sqlite_server: Running) -> None:
    with sqlite_server.client() as client:
        missing = client.head("/api/tables/no-such-table")
        assert missing.status_code == client.get("/api/tables/no-such-table").status_code == 404
        assert missing.content == b""
        # A route without GET refuses HEAD as it refuses GET.
        refused = client.head("/api/auth/logout")
        assert refused.status_code == client.get("/api/auth/logout").status_code == 405
