"""A players' page's poll answered before Flask sees it: 304 when nothing changed since, the
change itself when this process has read it already.

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

A change reaches all of an expedition's followers at once (woken from their waits, or at their
next poll), and the players' reading of a version is the same for each of them: once this process
has read it (:mod:`api.expeditions.shared_reads`), a players' poll of that version is answered
here with those bytes and the headers Flask's view gives them, counted by the rate limit as the
view counts it, checked against the head as the view reads it (a rotated link goes to Flask, which
refuses it). The first follower of a version in each process is Flask's; so is every link but the
players' (``tests/expedition/test_expedition_shared_reads.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from werkzeug.http import parse_etags, quote_etag

from api.expeditions.heads import Head
from api.expeditions.schemas import ReadQuery
from api.expeditions.store import NotFound, Role, role_of
from api.expeditions.views import bearer, etag, read_id, reading_headers, revalidated
from api.expeditions.waits import Watcher
from api.hooks import BeforeFlask
from api.language import accepted_language
from api.limits import count_request, rate_limiter
from api.procedures import query_args
from api.wsgi import StartResponse, WsgiApp

if TYPE_CHECKING:
    from flask import Flask

    from api.expeditions.store import ExpeditionStore

#: Werkzeug's status lines of a 304 and a 200, as Flask's answers have them.
NOT_MODIFIED = "304 NOT MODIFIED"
OK = "200 OK"


@dataclass(frozen=True, slots=True)
class Poll:
    """A poll read before Flask: what its answer is made of."""

    head: Head  #: the head it was checked against
    forgotten: int  #: its slot's count of forgettings then
    token: str | None
    role: Role
    lang: str
    entries: int
    unchanged: bool  #: its If-None-Match holds the head's tag

    def tag(self, head: Head) -> str:
        """The ETag of this poll's answer from ``head``."""
        return etag(head.version, self.role, self.lang, self.entries)


#: An answer before Flask: its status line, headers and body.
Answer = tuple[str, list[tuple[str, str]], list[bytes]]


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
                answer = self._answer(environ, public_id)
            except Exception:  # Flask answers it, as it answers every error
                answer = None
            if answer is not None:
                status, headers, body = answer
                start_response(status, headers)
                return body
        return self.next(environ, start_response)

    def _answer(self, environ: dict[str, Any], public_id: str) -> Answer | None:
        """The answer to a poll of ``public_id``, or ``None``: Flask answers it."""
        store: ExpeditionStore | None = self.app.extensions.get("rpg_expeditions")
        if store is None:
            return None
        watcher: Watcher = self.app.extensions["rpg_expedition_waits"]
        seconds = watcher.held_for(environ.get("HTTP_PREFER", ""))
        poll = self._read(store, environ, public_id, seconds > 0)
        if poll is None:
            return None
        if poll.unchanged:
            headers = [("ETag", quote_etag(poll.tag(poll.head), weak=True)), *revalidated()]
            if seconds <= 0:
                return NOT_MODIFIED, headers, []
            added = watcher.held(public_id, poll.head, poll.forgotten, seconds)
            if added is not None:
                return NOT_MODIFIED, [*headers, *added], []
        return self._shared(store, environ, public_id, poll)

    def _read(self, store: ExpeditionStore, environ: dict[str, Any], public_id: str,
              waits: bool) -> Poll | None:
        """The poll of ``public_id``, checked against its kept head; or ``None``: Flask answers
        it. A poll that ``waits`` reads a head not kept itself (one indexed read, then kept)."""
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
        token = bearer(environ.get("HTTP_AUTHORIZATION", ""))
        try:
            role = role_of(head, token)
        except NotFound:
            return None  # Flask counts it against the rate limit and refuses it
        lang, entries = loaded.get("lang") or accepted_language(environ), loaded["entries"]
        return Poll(head, forgotten, token, role, lang, entries,
                    unchanged=self._matches(environ, etag(head.version, role, lang, entries)))

    @staticmethod
    def _matches(environ: dict[str, Any], tag: str) -> bool:
        """Whether the poll's If-None-Match holds ``tag`` (weakly)."""
        return parse_etags(environ["HTTP_IF_NONE_MATCH"]).contains_weak(tag)

    def _shared(self, store: ExpeditionStore, environ: dict[str, Any], public_id: str,
                poll: Poll) -> Answer | None:
        """A players' poll of a version read already in this process, answered with that
        reading (:mod:`api.expeditions.shared_reads`), as Flask's view answers it: the head
        read as the view reads it, the request counted by the rate limit. ``None``: Flask
        answers it (another link, a reading not kept, the tag still holding, the rate limit
        spent). A read is JSON whatever format its ``Accept`` prefers (it has no entry to show
        as a card)."""
        if poll.role != "players":
            return None
        head = store.kept_head(public_id)[0]
        try:
            if head is None or role_of(head, poll.token) != "players":
                return None
        except NotFound:
            return None  # a link rotated since: Flask counts it and refuses it
        tag = poll.tag(head)
        if self._matches(environ, tag):
            return None
        reading = store.readings.get((public_id, head.version, poll.lang, poll.entries))
        if reading is None:
            return None
        limiter = rate_limiter(self.app)
        if limiter is not None:
            counted = count_request(limiter, environ)
            if counted is not None and not counted.allowed:
                return None  # Flask refuses it (counted once)
        data = reading[1]
        return OK, reading_headers(data, poll.lang, tag), [data]
