"""The HTTP routes, one module per area; `routers` lists them for the app."""

from isla.server.routes import auth, i18n, mail, me, meta, ratings, replays, rules, tables

routers = [
    meta.router, tables.router, auth.router, ratings.router, mail.router, me.router, replays.router,
    i18n.router, rules.router,
]

__all__ = ["routers"]
