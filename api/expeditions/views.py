"""The expeditions' endpoints under ``/api/v1/expeditions``.

- ``POST /`` creates one (201, with the GM's and the players' links);
- ``GET /<id>`` reads it (the state and the newest entries), with ``ETag``: a poll sending
  ``If-None-Match`` is answered ``304`` from the expedition's head kept in shared memory
  (:mod:`api.expeditions.heads`; one indexed read when it is not kept), and such a 304 is not
  counted by the rate limit (players behind one router poll every second or two);
- ``POST /<id>/actions/<action>`` acts (the GM's link; ``version`` the one this device saw, 409
  when another device acted since), answering the entry with every procedure's full answer and
  the new state; ``POST /<id>/undo`` reverts the last action still in effect, as a new entry,
  and ``POST /<id>/redo`` takes the newest undo back (the action it undid is in effect again);
- ``GET /<id>/log`` pages the log; ``GET /<id>/export`` and ``POST /import`` move it whole;
- ``GET /<id>/players-link`` shows the players' link again, ``POST`` rotates it.

Every write's answer is made inside its transaction (an answer that cannot be made rolls the
write back), and a write sent with an ``Idempotency-Key`` is answered again, not applied twice
(:mod:`api.expeditions.idempotency`). A creation's and a read's answer are JSON only; an
action's and an undo's may be a chat card (``format`` text, md or html).

The token travels in the ``Authorization: Bearer`` header, never in a URL: the access log writes
request lines, and a URL is copied into histories and ``Referer`` headers.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar, cast

from flask import Request, Response, current_app, request
from flask.views import MethodView
from marshmallow import RAISE, missing
from sqlalchemy.exc import DataError, DBAPIError, OperationalError
from sqlalchemy.orm.exc import StaleDataError
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.http import quote_etag

from api.apierror import abort_api
from api.expeditions import schemas
from api.expeditions.chain import Spot, new_nonce
from api.expeditions.database import DatabaseUnavailable
from api.expeditions.idempotency import (
    HEADER,
    KEY_LENGTH,
    REPLAYED,
    Answer,
    BadKey,
    IdempotencyKey,
    KeyReused,
    request_key,
)
from api.expeditions.models import EntryRow, ExpeditionRow
from api.expeditions.render import (
    StepRefused,
    chain_json,
    context,
    entry_json,
    redo_written,
    state_json,
    undo_written,
    written,
)
from api.expeditions.store import (
    MAX_ENTRIES,
    PUBLIC_ID,
    Created,
    Done,
    ExpeditionStore,
    LogFull,
    NothingToRedo,
    NothingToUndo,
    ReadOnly,
    Role,
    Stale,
    Unstorable,
)
from api.expeditions.store import NotFound as Unknown
from api.expeditions.waits import Watcher
from api.formats import Card, card_response, requested_format
from api.language import json_body, request_language
from api.limits import charge_rate_limit
from api.naming import ENDPOINT_SCHEMAS
from api.openapi import Blueprint
from api.procedures import render_card, site_root
from api.serialize import RulesJsonProvider
from rpg.core.catalog import messages, msg
from rpg.core.text import Text
from rpg.expedition.actions import act, actions
from rpg.expedition.state import State, state_from_json

_Decorated = TypeVar("_Decorated", bound=Callable[..., Any])
_View = TypeVar("_View", bound=type[MethodView])


class DocumentingBlueprint(Protocol):
    """What these views use of flask-smorest's ``Blueprint`` (untyped): decorators that return
    what they decorate, so the views stay typed."""

    name: str
    url_prefix: str

    def route(self, rule: str, **options: Any) -> Callable[[_View], _View]: ...

    def arguments(self, schema: Any, **kwargs: Any) -> Callable[[_Decorated], _Decorated]: ...

    def response(self, status_code: int, schema: Any = None,
                 **kwargs: Any) -> Callable[[_Decorated], _Decorated]: ...

    def alt_response(self, status_code: int,
                     **kwargs: Any) -> Callable[[_Decorated], _Decorated]: ...

    def doc(self, **kwargs: Any) -> Callable[[_Decorated], _Decorated]: ...


class BodyParser(FlaskParser):
    """webargs' parser reading a JSON body as the API read it once, with the guarded parser
    (:func:`api.language.json_body`; the ``json_only`` guard has refused one not valid), not
    parsing it a second time with its own ``json.loads``."""

    def _raw_load_json(self, req: Request) -> Any:
        return json_body(req, refuse=True) if is_json_request(req) else missing


class ExpeditionsBlueprint(Blueprint):
    """The project's blueprint (:class:`api.openapi.Blueprint`) whose arguments read the body
    with :class:`BodyParser`."""

    ARGUMENTS_PARSER = BodyParser()

    def arguments(self, schema: Any, **kwargs: Any) -> Any:
        """flask-smorest's, with a schema class made an instance once: webargs makes one of a
        class for every request (0.4 ms of a read answered from memory, in-process)."""
        return super().arguments(schema() if isinstance(schema, type) else schema, **kwargs)


blp: DocumentingBlueprint = ExpeditionsBlueprint(
    "expeditions", __name__, url_prefix="/api/v1/expeditions",
    description="Expeditions (výpravy): the GM's time records, party and roll log, "
                "kept and shared with the players.")

#: Where an expedition's read is: ``/api/v1/expeditions/<public_id>``.
READ_PREFIX = f"{blp.url_prefix}/"


def read_id(path: str) -> str | None:
    """The expedition whose read ``path`` asks, else ``None``: one test of a read's path for the
    rate limit's deferral of a conditional poll and for the polls answered before Flask
    (:mod:`api.expeditions.polls`). An id no expedition can have is no read's: counted at once."""
    public_id = path.removeprefix(READ_PREFIX)
    return public_id if public_id != path and PUBLIC_ID.fullmatch(public_id) else None

#: The token of a link travels as ``Authorization: Bearer <token>``: the OpenAPI security
#: scheme every operation that takes one declares (a client generated from the document sends it).
BEARER_SCHEME = "bearer"
BEARER: list[dict[str, list[str]]] = [{BEARER_SCHEME: []}]

MESSAGES = messages({
    "expedition.api.not-found": Text(
        "Výprava nenalezena: odkaz je neplatný nebo zrušený.",
        "No such expedition: the link is invalid or revoked."),
    "expedition.api.read-only.players": Text(
        "Odkaz hráčů je jen ke čtení: jednat může jen PJ.",
        "The players' link is read only: only the GM can act."),
    "expedition.api.read-only.character": Text(
        "Odkaz postavy jen hází za svou postavu: jinak jednat může jen PJ.",
        "A character's link only rolls for its character: only the GM can do anything else."),
    "expedition.api.read-only.gm": Text(
        "Za postavu hází hráč jejím odkazem; PJ hází svými akcemi.",
        "A player rolls for a character with its link; the GM rolls with the GM's actions."),
    "expedition.api.stale": Text(
        "Mezitím jednal jiný přístroj: výprava je ve verzi {current}, toto zařízení vidělo "
        "{expected}. Načti ji znovu a zkus to znovu.",
        "Another device acted meanwhile: the expedition is at version {current}, this device "
        "saw {expected}. Read it again and retry."),
    "expedition.api.log-full": Text(
        "Deník výpravy je plný ({high} {high:záznam|záznamy|záznamů}): exportuj ji a založ "
        "novou.",
        "The expedition's log is full ({high} {high:entry|entries}): export it and start a new "
        "one."),
    "expedition.api.nothing-to-undo": Text("Není co vzít zpět.", "There is nothing to undo."),
    "expedition.api.nothing-to-redo": Text("Není co zopakovat.", "There is nothing to redo."),
    "expedition.api.unavailable": Text(
        "Databáze výprav teď neodpovídá: zkus to za chvíli.",
        "The expeditions' database does not answer right now: try again shortly."),
    "expedition.api.step-refused": Text(
        "Postup '{path}' odmítl vstupy, které výprava doplnila.",
        "The procedure '{path}' refused the inputs the expedition filled in."),
    "expedition.api.card": Text("{name} · {title}", "{name} · {title}"),
    "expedition.api.unstorable": Text(
        "Vstup obsahuje text, který nelze uložit: nic nebylo zapsáno.",
        "The input holds text that cannot be stored: nothing was written."),
    "expedition.api.idempotency-key": Text(
        "Hlavička Idempotency-Key musí mít od {low} do {high} {high:viditelného znaku|viditelných "
        "znaků|viditelných znaků} ASCII (např. UUID).",
        "The Idempotency-Key header must be {low} to {high} {high:character|characters} "
        "long, each visible ASCII (e.g. a UUID)."),
    "expedition.api.key-reused": Text(
        "Tento Idempotency-Key už provázel jiný požadavek: nový požadavek potřebuje nový klíč.",
        "This Idempotency-Key came with another request: a new request needs a new key."),
})

#: What every action's and the undo's documentation adds.
WRITE_NOTE = (" Send an Idempotency-Key header (16–255 visible ASCII characters, e.g. a UUID) to "
              "make a resend safe: the same key and request answer the kept answer again "
              "(Idempotent-Replayed: true) for 48 h; another request with the key is a 422.")

#: The headers an answer keeps for its idempotency key (the rest are added as any answer leaves).
KEPT_HEADERS = ("Content-Type", "Content-Language", "Content-Security-Policy", "Location")

#: The site's pages that open a link (the token goes in the URL fragment, which no browser sends).
GM_PAGE = "/vyprava/"
PLAYERS_PAGE = "/vyprava/hraci/"


def store() -> ExpeditionStore:
    """The app's expedition store."""
    found: ExpeditionStore = current_app.extensions["rpg_expeditions"]
    return found


def json_response(body: Any) -> Response:
    """``body`` as the app's JSON answer (Flask types it as Werkzeug's sans-I/O response; it is
    the app's response class)."""
    return cast(Response, current_app.json.response(body))


def bearer(header: str | None = None) -> str | None:
    """The token of ``Authorization: Bearer <token>`` (``header``, else the request's)."""
    if header is None:
        header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


@contextlib.contextmanager
def answered() -> Iterator[None]:
    """The store's refusals as HTTP errors in the envelope."""
    try:
        yield
    except Unknown:
        abort_api(404, msg("expedition.api.not-found"))
    except ReadOnly as refused:
        abort_api(403, msg(f"expedition.api.read-only.{refused.role}"))
    except Stale as stale:
        abort_api(409, msg("expedition.api.stale", current=stale.current,
                           expected=stale.expected), field="version")
    except StaleDataError:
        abort_api(409, msg("expedition.api.stale", current="?", expected="?"), field="version")
    except KeyReused:
        abort_api(422, msg("expedition.api.key-reused"), field=HEADER)
    except (Unstorable, DataError):
        abort_api(422, msg("expedition.api.unstorable"))
    except LogFull:
        abort_api(422, msg("expedition.api.log-full", high=MAX_ENTRIES))
    except NothingToUndo:
        abort_api(422, msg("expedition.api.nothing-to-undo"))
    except NothingToRedo:
        abort_api(422, msg("expedition.api.nothing-to-redo"))
    except StepRefused as refused:
        abort_api(422, msg("expedition.api.step-refused", path=refused.path),
                  {refused.path: refused.messages})
    except (DatabaseUnavailable, OperationalError, DBAPIError):
        current_app.logger.warning("expedition database unavailable", exc_info=True)
        abort_api(503, msg("expedition.api.unavailable"), headers=[("Retry-After", "5")])


def links(public_id: str, gm_token: str | None, players_token: str) -> dict[str, str]:
    """The pages that open the expedition, each token in the URL fragment."""
    root = site_root()
    shown = {"players": f"{root}{PLAYERS_PAGE}#{public_id}.{players_token}",
             "players_token": players_token}
    if gm_token is not None:
        shown.update(gm=f"{root}{GM_PAGE}#{public_id}.{gm_token}", gm_token=gm_token)
    return shown


def etag(version: int, role: str, lang: str, entries: int) -> str:
    """What a read's body depends on: the version, who reads, in what language, how much."""
    return f"{version}.{role}.{lang}.{entries}"


def _as_card(body: dict[str, Any], name: str, fmt: str, status: int = 200) -> Response:
    entry = body["entry"]
    lang = request_language()
    parts = [entry["text"], *entry["events"], *(a["text"] for a in entry["answers"])]
    card = Card(lang=lang, procedure=None, title=msg(
        "expedition.api.card", name=name, title=entry["title"]).in_(lang), text=" ".join(parts))
    return render_card(card, fmt, status)


def _respond(body: dict[str, Any], fmt: str | None, name: str, status: int = 200) -> Response:
    """``body`` in ``fmt`` (a chat card of its entry, else JSON)."""
    fmt = fmt or requested_format()
    if fmt != "json" and "entry" in body:
        response = _as_card(body, name, fmt, status)
    else:
        response = json_response(body)
        response.status_code = status
    response.headers["Content-Language"] = request_language()
    return response


def _read_body(public_id: str, token: str | None, entries: int, lang: str) -> tuple[
        dict[str, Any], Role]:
    opened, page, undone = store().read(public_id, token, entries=entries)
    row = opened.row
    return {
        "id": row.public_id, "role": opened.role, "character": opened.character,
        "version": row.version,
        "state": state_json(row.state, lang, opened.role), **chain_json(row),
        "log": [entry_json(e, lang, opened.role) for e in page],
        "undone": sorted(undone), "log_size": row.version,
    }, opened.role


def idempotency_key() -> IdempotencyKey | None:
    """The request's ``Idempotency-Key``, if it sent one (a bad one is a 422)."""
    try:
        return request_key()
    except BadKey:
        low, high = KEY_LENGTH
        abort_api(422, msg("expedition.api.idempotency-key", low=low, high=high),
                  field=HEADER)


def answer_of(response: Response) -> Answer:
    """A response as a write keeps it, its body encoded now (inside the write's transaction:
    text that cannot be encoded rolls the write back)."""
    return Answer(response.status_code, {
        name: response.headers[name] for name in KEPT_HEADERS if name in response.headers},
        response.get_data())


def response_of(done: Done, body: bytes | None = None) -> Response:
    """A write's answer (``body`` instead of the kept one: a creation's, with its links)."""
    response = Response(done.answer.body if body is None else body, status=done.answer.status)
    for name, value in done.answer.headers.items():
        response.headers[name] = value
    if done.replayed:
        response.headers[REPLAYED] = "true"
    return response


@blp.route("")
class Expeditions(MethodView):
    """Create an expedition."""

    @blp.arguments(schemas.CreateInput, location="json")
    @blp.response(201, schemas.CreatedSchema)
    @blp.doc(operationId="createExpedition", summary="Create an expedition",
             description="Returns the GM's link (acts) and the players' link (reads); the "
                         "tokens are shown here only (stored hashed). Sent again with the same "
                         "Idempotency-Key and body, it answers the same expedition again.")
    def post(self, args: dict[str, Any]) -> Response:
        args.pop("format", None)
        args.pop("lang", None)
        key = idempotency_key()
        with answered():
            done = store().recall(key) if key is not None else None
            if done is None:
                ctx = context(None, None, None)
                applied = act(State(name=args["name"]), "start", args, ctx)
                done = store().create(written(applied, args, ctx.dice.origin), answer=creation,
                                      key=key)
        return created(done)


def creation(new: Created) -> Answer:
    """A new expedition's answer, without its links (made in its transaction, and kept so for
    its idempotency key: the links' tokens are never stored)."""
    lang = request_language()
    row = new.row
    body = {
        "id": row.public_id, "role": "gm", "character": None, "version": row.version,
        "state": state_json(row.state, lang, "gm"), **chain_json(row),
        "log": [entry_json(e, lang, "gm") for e in reversed(new.entries[-20:])],
        "undone": [], "log_size": row.version,
    }
    response = _respond(body, "json", row.name, 201)
    response.headers["Location"] = f"{blp.url_prefix}/{row.public_id}"
    return answer_of(response)


def created(done: Done) -> Response:
    """A creation's (or an import's) answer with its links."""
    body = json.loads(done.answer.body)
    assert done.players_token is not None
    body["links"] = links(body["id"], done.gm_token, done.players_token)
    return response_of(done, json_response(body).get_data())


@blp.route("/<public_id>")
class Expedition(MethodView):
    """Read an expedition (either link)."""

    @blp.arguments(schemas.ReadQuery, location="query", unknown=RAISE)
    @blp.response(200, schemas.ExpeditionSchema)
    @blp.alt_response(304, description="Not modified since the ETag sent in If-None-Match.")
    @blp.doc(security=BEARER,
             operationId="readExpedition", summary="Read an expedition",
             description="The records and the newest log entries. Send the ETag back in "
                         "If-None-Match: a 304 is answered from memory (at most one indexed "
                         "read) and is not rate-limited.")
    def get(self, query: dict[str, Any], public_id: str) -> Response:
        token = bearer()
        lang = request_language()
        entries = query["entries"]
        with answered():
            if request.if_none_match:
                version, role = _poll_head(public_id, token)
                tag = etag(version, role, lang, entries)
                added: tuple[tuple[str, str], ...] = ()
                if role == "character" and request.if_none_match.contains_weak(tag):
                    held = _hold(public_id, version)
                    if held is None:
                        version, role = _poll_head(public_id, token)  # a revoked link: 404
                        tag = etag(version, role, lang, entries)
                    else:
                        added = held
                if request.if_none_match.contains_weak(tag):
                    response = Response(status=304)
                    response.set_etag(tag, weak=True)
                    _revalidate(response)
                    for header in added:
                        response.headers.set(*header)
                    return response
                charge_rate_limit()
                # The change every follower asks for at once: read once per process.
                shared = (store().readings.get((public_id, version, lang, entries))
                          if role == "players" else None)
            else:
                shared = None
            if shared is not None:
                body, data = shared
            else:
                body, role = _read_body(public_id, token, entries, lang)
                data = None
                if role == "players":
                    data = json_response(body).get_data()  # written once for every follower
                    store().readings.keep((public_id, body["version"], lang, entries),
                                          (body, data))
        tag = etag(body["version"], role, lang, entries)
        if data is not None:  # the players' reading: the answer the polls give before Flask too
            return current_app.response_class(data, headers=reading_headers(data, lang, tag))
        response = _respond(body, query.get("format"), body["state"]["name"])
        response.set_etag(tag, weak=True)
        return _revalidate(response)


def _poll_head(public_id: str, token: str | None) -> tuple[int, Role]:
    """The version and the role of a poll's link (:meth:`ExpeditionStore.head`)."""
    try:
        return store().head(public_id, token)
    except Unknown:
        charge_rate_limit()  # a guessed link costs like any request: 429 past it
        raise


def _hold(public_id: str, version: int) -> tuple[tuple[str, str], ...] | None:
    """Hold a character's poll that nothing changed since (``version``) as long as its
    ``Prefer: wait=N`` asks (:meth:`Watcher.held`): the headers its ``304`` adds (none when it
    asks no wait), or ``None``: changed, answered afresh. The players' polls are held before
    Flask (:mod:`api.expeditions.polls`), from the head kept in memory; a character's link is
    read in the database (:meth:`ExpeditionStore.head`), so its poll is held here, after that
    read."""
    watcher: Watcher = current_app.extensions["rpg_expedition_waits"]
    seconds = watcher.held_for(request.headers.get("Prefer", ""))
    if seconds <= 0:
        return ()
    head, forgotten = store().kept_head(public_id, expired=True)
    if head is None or head.version != version:
        return None  # changed since the link was read: asked again at once
    return watcher.held(public_id, head, forgotten, seconds)


def reading_headers(data: bytes, lang: str, tag: str) -> list[tuple[str, str]]:
    """The headers of a players' reading answered with ``data`` (its JSON as the app writes it,
    :mod:`api.expeditions.shared_reads`): one list for Flask's view and the polls answered
    before Flask (:mod:`api.expeditions.polls`)."""
    return [("Content-Type", RulesJsonProvider.mimetype), ("Content-Length", str(len(data))),
            ("Content-Language", lang), ("ETag", quote_etag(tag, weak=True)), *revalidated()]


def revalidated() -> list[tuple[str, str]]:
    """The headers of a read's answer besides its ETag: kept by the browser only to ask again
    (every read is checked against the version), apart for each link and language."""
    return [("Cache-Control", "private, no-cache"), ("Vary", "Authorization, Accept-Language")]


def _revalidate(response: Response) -> Response:
    for name, value in revalidated():
        response.headers[name] = value
    return response


def _act(public_id: str, kind: str, args: dict[str, Any]) -> Response:
    fmt = args.pop("format", None)
    args.pop("lang", None)
    expected = args.pop("version")
    hidden = args.pop("hidden", False)
    seed, dice = args.pop("seed", None), args.pop("dice", None)
    key = idempotency_key()

    def compute(data: dict[str, Any], spot: Spot) -> Any:
        nonce = new_nonce() if hidden else None
        ctx = context(seed, dice, spot, hidden=hidden, nonce=nonce)
        applied = act(state_from_json(data), kind, args, ctx)
        return written(applied, args, ctx.dice.origin, hidden=hidden, seed=seed, dice=dice,
                       nonce=nonce)

    with answered():
        done = store().act(public_id, bearer(), expected, compute, acted(fmt), key=key)
    return response_of(done)


def acted(fmt: str | None) -> Callable[[ExpeditionRow, EntryRow], Answer]:
    """How an action's (or an undo's) answer is made, in its transaction: its entry and the new
    state as the GM reads them, in ``fmt``."""
    def answer(row: ExpeditionRow, entry: EntryRow) -> Answer:
        lang = request_language()
        body = {"id": row.public_id, "version": row.version,
                "entry": entry_json(entry, lang, "gm"),
                "state": state_json(row.state, lang, "gm"), **chain_json(row)}
        return answer_of(_respond(body, fmt, row.name))
    return answer


def _register_action(kind: str, rolls: bool) -> None:
    schema = schemas.action_schema(kind, rolls)
    declared = actions()[kind]
    name = "".join(part.title() for part in kind.split("-"))
    doc = (declared.run.__doc__ or "").strip()

    class ActionView(MethodView):
        @blp.arguments(schema, location="json")
        @blp.response(200, schemas.ActedSchema)
        @blp.doc(security=BEARER,
                 operationId=f"expedition{name}", summary=f"Expedition action: {kind}",
                 description=" ".join(doc.split()) + (
                     f" Runs: {', '.join(declared.procedures)}." if declared.procedures else "")
                 + WRITE_NOTE)
        @blp.alt_response(200, response=card_response())
        def post(self, args: dict[str, Any], public_id: str) -> Response:
            return _act(public_id, kind, args)

    ActionView.__name__ = f"Expedition{name}View"
    blp.route(f"/<public_id>/actions/{kind}", endpoint=f"action-{kind}")(ActionView)
    ENDPOINT_SCHEMAS[f"{blp.name}.action-{kind}"] = schema


for _kind, _action in actions().items():
    if _kind != "start":
        _register_action(_kind, _action.rolls)


@blp.route("/<public_id>/undo")
class Undo(MethodView):
    """Undo the last action still in effect."""

    @blp.arguments(schemas.UndoInput, location="json")
    @blp.response(200, schemas.ActedSchema)
    @blp.doc(security=BEARER,
             operationId="undoExpedition", summary="Undo the last action",
             description="A new entry restores the state before the last action still in "
                         "effect; nothing is edited. Undo again to go further back."
                         + WRITE_NOTE)
    @blp.alt_response(200, response=card_response())
    def post(self, args: dict[str, Any], public_id: str) -> Response:
        return _back(public_id, args, store().undo, lambda target, _state: undo_written(target))


def write(public_id: str, version: int | None, compute: Callable[..., Any],
          fmt: str | None, role: Role = "gm") -> Response:
    """The answer of a write that is not one of the records' actions (a reveal, a player's
    roll, an apply): the store's ``act`` writing what ``compute(state, spot)`` gives, for the
    link of ``role``, at ``version`` (``None``: any)."""
    key = idempotency_key()
    with answered():
        done = store().act(public_id, bearer(), version, compute, acted(fmt), key=key,
                           role=role)
    return response_of(done)


def _back(public_id: str, args: dict[str, Any], step: Callable[..., Done],
          compute: Callable[..., Any]) -> Response:
    """An undo's or a redo's answer: the store's ``step`` writing what ``compute`` gives."""
    key = idempotency_key()
    with answered():
        done = step(public_id, bearer(), args["version"], compute, acted(args.get("format")),
                    key=key)
    return response_of(done)


@blp.route("/<public_id>/redo")
class Redo(MethodView):
    """Redo what the newest undo took back."""

    @blp.arguments(schemas.RedoInput, location="json")
    @blp.response(200, schemas.ActedSchema)
    @blp.doc(security=BEARER,
             operationId="redoExpedition", summary="Redo what was just undone",
             description="A new entry takes back the newest undo since the newest action and "
                         "restores the state right after the action it undid, as it was "
                         "recorded (its dice are not rolled again); that action is in effect "
                         "again and the undo reads as undone. Redo again to re-apply the undo "
                         "before it; an action done after an undo leaves nothing to redo (422)."
                         + WRITE_NOTE)
    @blp.alt_response(200, response=card_response())
    def post(self, args: dict[str, Any], public_id: str) -> Response:
        return _back(public_id, args, store().redo, redo_written)


@blp.route("/<public_id>/log")
class Log(MethodView):
    """Page the log."""

    @blp.arguments(schemas.LogQuery, location="query", unknown=RAISE)
    @blp.response(200, schemas.LogSchema)
    @blp.doc(security=BEARER,
             operationId="expeditionLog", summary="A page of the log, newest first")
    def get(self, query: dict[str, Any], public_id: str) -> Response:
        lang = request_language()
        with answered():
            opened, page, undone = store().read(public_id, bearer(), entries=query["limit"],
                                                before=query.get("before"))
        oldest = page[-1].seq if page else None
        body = {"entries": [entry_json(e, lang, opened.role) for e in page],
                "undone": sorted(undone),
                "log_size": opened.row.version,
                "next_before": oldest if oldest is not None and oldest > 1 else None}
        return _respond(body, "json", opened.row.name)


@blp.route("/<public_id>/players-link")
class PlayersLink(MethodView):
    """The players' link: shown again, or rotated."""

    @blp.arguments(schemas.TokenQuery, location="query", unknown=RAISE)
    @blp.response(200, schemas.PlayersLinkSchema)
    @blp.doc(security=BEARER,
             operationId="expeditionPlayersLink", summary="The players' link (GM only)")
    def get(self, _query: dict[str, Any], public_id: str) -> Response:
        with answered():
            token = store().players_link(public_id, bearer())
        shown = links(public_id, None, token)
        return _respond({"players": shown["players"], "players_token": token}, "json", "")

    @blp.arguments(schemas.TokenQuery, location="json")
    @blp.response(200, schemas.PlayersLinkSchema)
    @blp.doc(security=BEARER,
             operationId="rotateExpeditionPlayersLink", summary="A new players' link",
             description="The old players' link opens nothing any more.")
    def post(self, _args: dict[str, Any], public_id: str) -> Response:
        with answered():
            token = store().rotate_players(public_id, bearer())
        shown = links(public_id, None, token)
        return _respond({"players": shown["players"], "players_token": token}, "json", "")
