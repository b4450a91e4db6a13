"""Alembic's environment for the expeditions' tables.

The app runs the migrations itself at start (:func:`api.expeditions.database.Database.migrate`)
and hands Alembic its connection; the ``alembic`` command (``alembic -c
api/expeditions/alembic.ini upgrade head``, or ``revision --autogenerate`` for a new one) connects
to ``RPG_DATABASE_URL``.
"""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine

from api.expeditions.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    """Migrate over the app's connection, or over one to ``RPG_DATABASE_URL``."""
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
        return
    url = os.environ.get("RPG_DATABASE_URL") or config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("set RPG_DATABASE_URL to the database to migrate")
    engine = create_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("offline (SQL script) migrations are not supported: give a database")
run_migrations_online()
