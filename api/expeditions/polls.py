"""A players' page's poll that nothing changed since: answered 304 before Flask sees it.

A followed expedition is asked again and again by every page that follows it, and almost always
nothing changed. The answer then is a bare ``304`` whose ETag is the expedition's version, the
link's role, the language and the page's length (:func:`api.expeditions.views.etag`): this WSGI
middleware answers it from the expedition's head kept in shared memory
(:mod:`api.expeditions.heads`) with the very functions the view uses (the same query schema,
token check, language and tag), and without Flask's request machinery, which is most of what such
a poll costs. :mod:`api.wsgi`, outside it, adds the same headers to both; neither counts the
poll against the rate limit.

It passes the guards every API request passes (:mod:`api.hooks`: the host, the query's length
and odd text, the rate limit, which defers a conditional poll's count). Anything else is handed
to Flask untouched: another path or method, no ``If-None-Match``, a request a guard refuses
(Flask refuses it, passing them again), a query the schema refuses, a request with a body (its
JSON may name the language), a head not kept (Flask reads it and keeps it), a token that opens
nothing (Flask counts and refuses it), a tag that no longer holds (the change is read). An
exception of any kind is a hand-over, never an answer.
``tests/expedition/test_expedition_polls.py`` holds both paths to the same status, headers and
body.

A poll that asks ``Prefer: wait=N`` (RFC 7240; the players' page does) is held, when the server
holds polls (``RPG_EXPEDITION_WAIT_SECONDS``; the run command does), until its expedition's head
changes or ``N`` seconds pass (:mod:`api.expeditions.waits`): with nothing changed, the same
``304`` with ``Preference-Applied: wait=N``; with a change, Flask answers it as any poll. Such a
poll starts from the head kept even past its lifetime (not forgotten by a write since: the
watcher's read of the database wakes it within a second if another instance changed it), and
reads a head not kept itself (one indexed read, then kept), so a page asking again right after
its wait is held again. Without ``Prefer`` (or with ``wait=0``) every answer is the one
above, byte for byte (``tests/expedition/test_expedition_waits.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from werkzeug.http import parse_etags, quote_etag

from api.expeditions.heads import Head
from api.expeditions.schemas import ReadQuery
from api.expeditions.store import NotFound, role_of
from api.expeditions.views import bearer, etag, read_id, revalidated
from api.expeditions.waits import Watcher
from api.hooks import BeforeFlask
from api.language import accepted_language
from api.procedures import query_args
from api.wsgi import StartResponse, WsgiApp

if TYPE_CHECKING:
    from flask import Flask

    from api.expeditions.store import ExpeditionStore

#: Werkzeug's status line for a 304, as Flask's answer has it.
NOT_MODIFIED = "304 NOT MODIFIED"


class ConditionalPolls(BeforeFlask):
    """WSGI middleware in front of Flask's ``wsgi_app`` (inside ProxyFix, when configured)."""

    def __init__(self, app: Flask, flask_wsgi: WsgiApp) -> None:
        super().__init__(app, flask_wsgi)
        self.query = ReadQuery()

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        public_id = (read_id(environ.get("PATH_INFO", "")) if "HTTP_IF_NONE_MATCH" in environ
                     and environ.get("REQUEST_METHOD") == "GET" else None)
        if public_id is not None:
            try:
                watcher: Watcher = self.app.extensions["rpg_expedition_waits"]
                seconds = watcher.held_for(environ.get("HTTP_PREFER", ""))
                found = self._not_modified(environ, public_id, seconds > 0)
                headers = None if found is None else self._waited(seconds, *found)
            except Exception:  # Flask answers it, as it answers every error
                headers = None
            if headers is not None:
                start_response(NOT_MODIFIED, headers)
                return []
        return self.next(environ, start_response)

    def _waited(self, seconds: int, headers: list[tuple[str, str]], public_id: str,
                head: Head, forgotten: int) -> list[tuple[str, str]] | None:
        """The 304's headers once a wait of ``seconds`` ends with nothing changed (with
        ``Preference-Applied``), at once for none; ``None`` when the head changed meanwhile:
        Flask answers (:mod:`api.expeditions.waits`)."""
        if seconds <= 0:
            return headers
        watcher: Watcher = self.app.extensions["rpg_expedition_waits"]
        added = watcher.held(public_id, head, forgotten, seconds)
        return None if added is None else [*headers, *added]

    def _not_modified(self, environ: dict[str, Any], public_id: str, waits: bool
                      ) -> tuple[list[tuple[str, str]], str, Head, int] | None:
        """The 304's headers, the expedition's id, the head they are answered from and its
        slot's count of forgettings; or ``None``: Flask answers this request. A poll that
        ``waits`` reads a head not kept itself (one indexed read, then kept)."""
        store: ExpeditionStore | None = self.app.extensions.get("rpg_expeditions")
        if store is None:
            return None
        head, forgotten = (store.kept_head(public_id, expired=True) if waits
                           else store.heads.lookup(public_id))
        if head is None:
            return None  # Flask reads it from the database, and keeps it (or refuses it)
        if environ.get("CONTENT_LENGTH", "0") not in ("", "0") or (
                "HTTP_TRANSFER_ENCODING" in environ):
            return None  # a body may name the language (api.language.request_language)
        req = self.request_class(environ)
        self.guard(req)  # a refusal is raised: Flask answers it (__call__), passing them again
        data = query_args(req.args, frozenset()) if environ.get("QUERY_STRING") else {}
        loaded = self.query.load(data)
        try:
            role = role_of(head, bearer(environ.get("HTTP_AUTHORIZATION", "")))
        except NotFound:
            return None  # Flask counts it against the rate limit and refuses it
        lang = loaded.get("lang") or accepted_language(environ)
        tag = etag(head.version, role, lang, loaded["entries"])
        if not parse_etags(environ["HTTP_IF_NONE_MATCH"]).contains_weak(tag):
            return None
        return [("ETag", quote_etag(tag, weak=True)), *revalidated()], public_id, head, forgotten
