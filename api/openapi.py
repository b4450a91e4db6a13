"""The API's OpenAPI document, written when it is first read, not when the app is built.

Writing it (apispec resolving the schemas of every procedure and of the expeditions' views) took
three quarters of :func:`api.create_app`: 0.19 of 0.25 CPU-s, measured in-process. Most apps
never serve it: a test's app, and a server's app until someone opens ``/api/v1/openapi.json``,
the docs, or a Discord command (its commands are made from the document). The run command
writes it once in the process its workers are forked from (:func:`api.serve.load_app`), so they
share it.

The document is the same either way: the steps are written in the order the app declared them,
by one thread at a time; a thread reading it meanwhile waits for the whole.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import flask_smorest
from apispec import APISpec

#: A step that writes part of the document into the spec it is given.
Step = Callable[[APISpec], None]


class Api(flask_smorest.Api):  # type: ignore[misc]  # flask-smorest is untyped
    """flask-smorest's ``Api`` whose document is written by :meth:`write_later`'s steps when its
    ``spec`` is first read (flask-smorest's own views and CLI read ``spec``)."""

    def __init__(self) -> None:
        self._unwritten: list[Step] = []
        self._lock = threading.Lock()
        #: The thread writing the document (or building the app): it reads the spec as it stands.
        self._writer: int | None = None
        self._spec: APISpec | None = None
        super().__init__()

    @property
    def spec(self) -> APISpec | None:
        """The whole document, its unwritten steps written first (once, by one thread);
        ``None`` before ``init_app``."""
        spec = self._spec
        if spec is not None and self._unwritten and self._writer != threading.get_ident():
            with self._lock, self._writing():
                try:
                    for step in self._unwritten:  # none, if another thread wrote them meanwhile
                        step(spec)
                finally:
                    self._unwritten = []  # a step that failed is not written twice
        return spec

    @spec.setter
    def spec(self, spec: APISpec | None) -> None:
        self._spec = spec  # flask-smorest's init_app makes it

    def write_later(self, step: Step) -> None:
        """Have ``step`` write its part when the document is first read."""
        self._unwritten.append(step)

    @contextmanager
    def building(self) -> Iterator[None]:
        """While the app is built: reading ``spec`` (flask-smorest does, to tag a blueprint)
        writes nothing yet."""
        with self._lock, self._writing():
            yield

    @contextmanager
    def _writing(self) -> Iterator[None]:
        self._writer = threading.get_ident()
        try:
            yield
        finally:
            self._writer = None


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]  # flask-smorest is untyped
    """flask-smorest's ``Blueprint`` whose views are written into the document of an
    :class:`Api` when it is first read."""

    def register_views_in_doc(self, api: Any, app: Any, spec: APISpec, *, name: str,
                              parameters: Any) -> None:
        write = super().register_views_in_doc
        api.write_later(lambda spec: write(api, app, spec, name=name, parameters=parameters))


def written(app: Any) -> dict[str, Any]:
    """The app's whole OpenAPI document (as ``/api/v1/openapi.json`` serves it)."""
    document: dict[str, Any] = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    return document
