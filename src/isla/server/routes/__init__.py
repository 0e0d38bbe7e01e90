"""The HTTP routes, one module per area; `routers` lists them for the app."""

from isla.server.routes import auth, mail, me, meta, ratings, tables

routers = [meta.router, tables.router, auth.router, ratings.router, mail.router, me.router]

__all__ = ["routers"]
