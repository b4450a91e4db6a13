"""The expeditions' fixtures: a database of each kind, an app on it, a table to play at, and
for the browser's stories the site and the API served from one origin on it (``base``; what
those stories share besides is in ``phones.py``).

``database_url`` runs a test twice: on a SQLite file and on a real PostgreSQL (a throwaway
cluster for the whole session, a fresh database per test). A missing PostgreSQL fails, never
skips: ``scripts/test`` installs Debian's package.

A browser's story (marked ``browser``) runs once, on one of the two: its subject is the page,
and the page reads the same answers from either database (every API and store test runs on both,
and holds the two to the same answers). The stories take turns in each module, in the order they
are written, starting from a module's own side, so that each database serves about half of them
under the page: the test's id names the one it ran on. A story whose subject is one database's
behaviour names it in its own ``parametrize`` mark.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import rfc8785
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api import create_app
from tests.browser import serve_app
from tests.postgres import Cluster

STORY = {
    "name": "Hrobka pod Vraním vrchem",
    "mode": "dungeon",
    "supplies": 12,
    "party": [{"name": "Eva", "max_hp": 10, "save": 12}, {"name": "Ota", "max_hp": 8},
              {"name": "Dan", "max_hp": 7}, {"name": "Iva", "max_hp": 9}],
    "effects": [{"name": "Pochodeň 1", "shifts": 6, "light": True},
                {"name": "Pochodeň 2", "shifts": 6, "light": True}],
}


#: The kinds of database a test of the expeditions runs on.
DATABASES = ("sqlite", "postgresql")
#: The browser's stories given a database so far, by module (their turn, see the docstring).
_stories: dict[str, int] = {}


@pytest.hookimpl(tryfirst=True)  # the mark is read by pytest's own hook, after this one
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A browser's story runs on one database: its module's next turn (the docstring), as a
    ``parametrize`` mark, which takes precedence over the fixture's params."""
    definition = metafunc.definition
    if ("database_url" not in metafunc.fixturenames
            or definition.get_closest_marker("browser") is None
            or any("database_url" in str(mark.args[0])
                   for mark in definition.iter_markers("parametrize"))):
        return
    module = definition.nodeid.partition("::")[0]
    turn = _stories.get(module, zlib.crc32(module.encode()))
    _stories[module] = turn + 1
    kind = DATABASES[turn % len(DATABASES)]
    definition.add_marker(
        pytest.mark.parametrize("database_url", [kind], indirect=True, ids=[kind]))


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database: a SQLite file, or a new database of the session's PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'expeditions.sqlite3'}"
        return
    postgres: Cluster = request.getfixturevalue("postgres")
    with postgres.database() as url:
        yield url


def rechained(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` (an export) with every entry's hash computed again after its predecessor's
    (what a forger who rewrites the whole chain does): RFC 8785 and SHA-256, as documented."""
    previous = document["chain_id"]
    log = []
    for entry in document["log"]:
        public = {name: value for name, value in entry.items() if name != "hash"}
        previous = hashlib.sha256(previous.encode() + b"\n" + rfc8785.dumps(public)).hexdigest()
        log.append({**public, "hash": previous})
    return {**document, "log": log, "head": {"seq": len(log), "hash": previous}}


def as_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """A GM's export (format version 2) as earlier releases exported it: the actions only (each
    entry's kind, inputs, seed or dice, the entry it reverts), no chain, no secret."""
    kept = ("format", "id", "name", "created_at", "version", "state")
    return {**{name: document[name] for name in kept}, "format_version": 1, "log": [
        {name: entry[name] for name in ("seq", "kind", "at", "hidden", "input", "seed", "dice",
                                        "undoes")} for entry in document["log"]]}


#: The database's deadline for the tests' apps in this process: a machine busy with other tests
#: must not turn a write into a 503. The deadline itself is tested under the run command, with
#: the default (tests/reliability).
DATABASE_TIMEOUT = 30


def app_on(url: str, **config: Any) -> Flask:
    """An app on the database ``url``."""
    return create_app({"TESTING": True, "DATABASE_URL": url,
                       "DATABASE_TIMEOUT": DATABASE_TIMEOUT, **config})


def closed(app: Flask) -> None:
    """Close the app's pooled connections (a PostgreSQL database can then be dropped), once its
    held polls are answered and their watcher's threads ended (none holds a connection then)."""
    app.extensions["rpg_expedition_waits"].close()
    app.extensions["rpg_expeditions"].database.close()


@pytest.fixture
def base(built_site: Path, database_url: str) -> Iterator[str]:
    """The site and the API served from one origin, on the story's database."""
    app = app_on(database_url, SITE_DIR=str(built_site))
    try:
        with serve_app(app) as url:
            yield url
    finally:
        closed(app)


@pytest.fixture(scope="session")
def sqlite_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app on one SQLite file for the session: expeditions never see each other."""
    app = app_on(f"sqlite:///{tmp_path_factory.mktemp('sqlite') / 'expeditions.sqlite3'}")
    yield app
    closed(app)


@pytest.fixture(scope="session")
def postgresql_app(postgres: Cluster) -> Iterator[Flask]:
    """One app on one PostgreSQL database for the session."""
    name = postgres.create_database()
    app = app_on(postgres.url(name))
    yield app
    closed(app)
    postgres.drop_database(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_app(request: pytest.FixtureRequest) -> Flask:
    """The session's app on each kind of database (building an app takes seconds)."""
    return request.getfixturevalue(f"{request.param}_app")


class Table:
    """A GM's device at the table: creates an expedition and acts on it through the API."""

    def __init__(self, client: FlaskClient, created: dict[str, Any] | None = None) -> None:
        self.client = client
        self.created = created or {}
        self.version = self.created.get("version", 0)

    @classmethod
    def create(cls, client: FlaskClient, **inputs: Any) -> Table:
        answer = client.post("/api/v1/expeditions", json={**STORY, **inputs})
        assert answer.status_code == 201, answer.get_json()
        return cls(client, answer.get_json())

    @property
    def id(self) -> str:
        return str(self.created["id"])

    @property
    def gm(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.created['links']['gm_token']}"}

    @property
    def players(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.created['links']['players_token']}"}

    def act(self, kind: str, status: int = 200, headers: dict[str, str] | None = None,
            **inputs: Any) -> dict[str, Any]:
        """Do ``kind`` with the version this device saw; on success it sees the new one."""
        body = {"version": self.version, **inputs}
        answer = self.client.post(f"/api/v1/expeditions/{self.id}/actions/{kind}", json=body,
                                  headers=headers or self.gm)
        assert answer.status_code == status, answer.get_json()
        data = answer.get_json()
        if status == 200:
            self.version = data["version"]
        return data

    def undo(self, status: int = 200, what: str = "undo") -> dict[str, Any]:
        """Undo (``what``: or ``redo``) with the version this device saw."""
        answer = self.client.post(f"/api/v1/expeditions/{self.id}/{what}",
                                  json={"version": self.version}, headers=self.gm)
        assert answer.status_code == status, answer.get_json()
        if status == 200:
            self.version = answer.get_json()["version"]
        return answer.get_json()

    def redo(self, status: int = 200) -> dict[str, Any]:
        return self.undo(status, "redo")

    def _write(self, path: str, status: int, **inputs: Any) -> dict[str, Any]:
        answer = self.client.post(f"/api/v1/expeditions/{self.id}/{path}",
                                  json={"version": self.version, **inputs}, headers=self.gm)
        assert answer.status_code == status, answer.get_json()
        if status == 200:
            self.version = answer.get_json()["version"]
        data: dict[str, Any] = answer.get_json()
        return data

    def reveal_key(self, status: int = 200) -> dict[str, Any]:
        """Reveal the current epoch's key."""
        return self._write("reveal-key", status)

    def reveal_entry(self, seq: int, status: int = 200) -> dict[str, Any]:
        """Reveal the secret roll ``seq``."""
        return self._write("reveal-entry", status, entry=seq)

    def read(self, headers: dict[str, str] | None = None, **query: Any) -> dict[str, Any]:
        answer = self.client.get(f"/api/v1/expeditions/{self.id}", query_string=query,
                                 headers=headers or self.gm)
        assert answer.status_code == 200, answer.get_json()
        return answer.get_json()


class Player:
    """A player's phone with the link of one character."""

    def __init__(self, table: Table, character: str) -> None:
        answer = table.client.post(f"/api/v1/expeditions/{table.id}/character-links",
                                   json={"character": character}, headers=table.gm)
        assert answer.status_code == 201, answer.get_json()
        self.table = table
        self.link: dict[str, Any] = answer.get_json()
        self.headers = {"Authorization": f"Bearer {self.link['token']}"}

    def roll(self, kind: str, status: int = 200, **inputs: Any) -> dict[str, Any]:
        answer = self.table.client.post(f"/api/v1/expeditions/{self.table.id}/character/{kind}",
                                        json=inputs, headers=self.headers)
        assert answer.status_code == status, answer.get_json()
        data: dict[str, Any] = answer.get_json()
        if status == 200:
            self.table.version = data["version"]
        return data


def poll(app: Flask, table: Table, tag: str, headers: dict[str, str],
         query: str = "") -> TestResponse:
    """A conditional poll of ``table`` (``If-None-Match: tag``) with ``headers``' link."""
    return app.test_client().get(f"/api/v1/expeditions/{table.id}{query}",
                                 headers={**headers, "If-None-Match": tag})


def followed(app: Flask) -> tuple[Table, str]:
    """A new expedition, read by the players' link, and its ETag, whose head ``app`` now keeps
    (a poll answered 304)."""
    table = Table.create(app.test_client())
    tag = app.test_client().get(f"/api/v1/expeditions/{table.id}",
                                headers=table.players).headers["ETag"]
    assert poll(app, table, tag, table.players).status_code == 304
    return table, tag


def without_date(response: TestResponse) -> list[tuple[str, str]]:
    """An answer's headers but its date (two answers a moment apart compare equal)."""
    return [(name, value) for name, value in response.headers.items() if name != "Date"]


def stateless(client: FlaskClient) -> Any:
    """The verifier's replay: the procedure's own stateless endpoint with the step's seed."""
    def replay(procedure: str, given: dict[str, Any], seed: int) -> dict[str, Any]:
        answer = client.post(f"/api/v1/{procedure}", json={**given, "seed": seed})
        assert answer.status_code == 200, answer.get_json()
        body: dict[str, Any] = answer.get_json()
        return body
    return replay


def exported(table: Table, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """The expedition's export, as ``headers``' link (the GM's by default) downloads it."""
    answer = table.client.get(f"/api/v1/expeditions/{table.id}/export",
                              headers=headers or table.gm)
    assert answer.status_code == 200
    document: dict[str, Any] = answer.get_json()
    return document


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value that holds no other (and of every empty list or object)."""
    if isinstance(value, dict) and value:
        for name, inner in value.items():
            yield from leaves(inner, (*path, name))
    elif isinstance(value, list) and value:
        for index, inner in enumerate(value):
            yield from leaves(inner, (*path, index))
    else:
        yield path


def changed(value: Any) -> Any:
    """Another value of the same kind (a forger's one-byte edit)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value[:-1] + ("0" if value[-1:] != "0" else "1")
    if value is None:
        return 0
    return [0] if isinstance(value, list) else {"x": 0}
