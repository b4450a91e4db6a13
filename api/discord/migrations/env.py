"""Alembic's environment for the Discord integration's table (its own version table).

The app runs these migrations itself at start (:meth:`api.discord.channels.Channels.migrate`)
over its own connection, beside the expeditions' migrations in the same database.
"""

from __future__ import annotations

from alembic import context

from api.discord.channels import VERSION_TABLE, Base

config = context.config


def run_migrations_online() -> None:
    """Migrate over the connection the app hands over."""
    connection = config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("the app runs these migrations itself, over its own connection")
    context.configure(connection=connection, target_metadata=Base.metadata,
                      version_table=VERSION_TABLE,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise RuntimeError("offline (SQL script) migrations are not supported: give a database")
run_migrations_online()
