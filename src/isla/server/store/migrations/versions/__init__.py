"""Alembic revisions, oldest first; each file's `revision`/`down_revision` chain them."""
