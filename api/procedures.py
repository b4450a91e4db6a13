"""How a procedure of the engine's registry becomes an endpoint: one call to :func:`register`.

Every procedure answers ``GET`` (query string) and ``POST`` (JSON body) with the same fields, plus
the common ``seed``, ``dice``, ``lang`` and ``format``. The input schema given here validates the
input and writes the OpenAPI document; the result schema is generated from the engine's result
dataclass (:mod:`api.results`), so the documentation and the behaviour cannot drift.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import urlencode

from apispec import APISpec
from flask import Response, current_app, request
from marshmallow import RAISE, Schema, ValidationError, fields, validates_schema
from werkzeug.datastructures import MultiDict
from werkzeug.routing import Rule
from werkzeug.wrappers import Request

from api import fields as f
from api.formats import (
    FORMATS,
    MIMETYPES,
    PAGE_POLICY,
    Card,
    as_html,
    as_markdown,
    as_text,
    card_response,
    chance_line,
    opened_in_browser,
    page,
)
from api.limits import dice_budget
from api.openapi import Blueprint
from api.results import result_schema
from api.serialize import to_json
from rpg.core.dice import MAX_FACES, MAX_GIVEN_DICE, DiceSource, ReplayDice, SeededDice
from rpg.core.outcome import Next, Outcome
from rpg.core.registry import Procedure, procedures
from rpg.core.text import LANGUAGES, Text

#: Seeds accepted: ``random.Random`` takes any, the contract 0 ≤ seed < 2^63.
SEED_LIMIT = 2**63
#: Seeds the server draws: below 2^53, so a JavaScript client (a VTT macro) that receives one
#: and sends it back replays the same dice (JavaScript numbers are exact only up to 2^53).
DRAWN_SEED_LIMIT = 2**53
COMMON = ("seed", "dice", "lang", "format")
API_PREFIX = "/api/v1"


@dataclass(frozen=True, slots=True)
class Endpoint:
    """A procedure as the API exposes it: the engine's declaration and the API's input schema."""

    procedure: Procedure
    input_schema: type[Schema]
    response_schema: type[Schema]
    summary: str
    #: The schema that reads a request: the procedure's inputs and :class:`CommonArgs`; one
    #: instance for every request.
    args: Schema
    #: Its fields that take every repeated value of a query string.
    multiple: frozenset[str]

    @property
    def path(self) -> str:
        """The path after ``/api/v1/``."""
        return self.procedure.path


#: Every procedure the API exposes, by path, in registration order.
ENDPOINTS: dict[str, Endpoint] = {}


class CommonArgs(Schema):
    """Inputs every procedure takes besides its own."""

    class Meta:
        unknown = RAISE

    seed = f.bounded_int(0, SEED_LIMIT - 1, metadata={
        "description": "Reproduces a result: Python's random.Random(seed), each die "
                       "randrange(faces) + 1 in consumption order. Not with `dice`. The "
                       "server draws one below 2^53 when none is given."})
    dice = f.csv_list(f.bounded_int(1, MAX_FACES), 0, MAX_GIVEN_DICE,
                      label="Vlastní kostky (čárkami; prázdné = hodí prohlížeč)", metadata={
        "description": "Physical dice, in the order the procedure consumes them. Not with `seed`."})
    lang = f.choice(LANGUAGES, metadata={
        "description": "Language of `text` and labels (default from Accept-Language, else cs)."})
    format = f.choice(FORMATS, metadata={
        "description": "json (default), text (plain), md (Markdown), html (a VTT chat card)."})

    @validates_schema
    def _seed_or_dice(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("seed") is not None and data.get("dice") is not None:
            raise ValidationError([Text(  # a list, as every field's errors are
                "Zadej buď 'seed', nebo 'dice', ne obojí.",
                "Give either 'seed' or 'dice', not both.")], "dice")


class RollSchema(Schema):
    """One roll, in the order rolled."""

    label = fields.String(required=True, metadata={"description": "Stable English key."})
    notation = fields.String(required=True)
    results = fields.List(fields.Integer(), required=True)
    total = fields.Integer(required=True, metadata={"description": "The value the rule uses."})


class RuleSchema(Schema):
    """The rule applied, cited on the docs site."""

    title = fields.String(required=True)
    url = fields.String(required=True)


class NextSchema(Schema):
    """A procedure the result calls for next, with the inputs already known."""

    procedure = fields.String(required=True)
    url = fields.String(required=True, metadata={
        "description": "The next procedure's URL with the known inputs; it answers 200 when "
                       "`missing` is empty."})
    title = fields.String(required=True, metadata={"description": "In the answer's language."})
    missing = fields.List(fields.String(), required=True, metadata={
        "description": "Required inputs the URL still lacks (e.g. the save's `target`)."})


def _envelope(name: str, input_schema: type[Schema],
              result: type | tuple[type, ...]) -> type[Schema]:
    own = result_schema(result)
    with_next = Schema.from_dict({
        **own._declared_fields,
        "next": fields.List(fields.Nested(NextSchema), required=True, metadata={
            "description": "What to roll next, where the result calls for it; else empty."}),
    }, name=f"{name}Answer")
    with_next.__doc__ = own.__doc__
    return Schema.from_dict({
        "procedure": fields.String(required=True),
        "input": fields.Nested(input_schema, required=True),
        "rolls": fields.List(fields.Nested(RollSchema), required=True),
        "result": fields.Nested(with_next, required=True),
        "chance": fields.Float(required=True, allow_none=True, metadata={
            "description": "Exact probability of the primary success, or null."}),
        "text": fields.String(required=True),
        "seed": fields.Integer(required=True, allow_none=True),
        "rule": fields.Nested(RuleSchema, required=True),
    }, name=f"{name}Response")


def site_root(req: Request | None = None, config: Mapping[str, Any] | None = None) -> str:
    """The site's public root for absolute links in cards: ``SITE_URL`` of ``config``, else the
    host ``req`` was asked at (defaults: Flask's current app and request)."""
    config = current_app.config if config is None else config
    return config.get("SITE_URL") or (request if req is None else req).host_url.rstrip("/")


def query_string(inputs: Mapping[str, Any]) -> str:
    """Inputs as a query string the API reads back: lists comma-joined, flags true/false."""
    def written(value: Any) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list | tuple):
            return ",".join(written(item) for item in value)
        return str(value)
    return urlencode({key: written(value) for key, value in inputs.items()})


def next_json(step: Next, lang: str) -> dict[str, Any]:
    """A next step as the answer lists it."""
    query = query_string(step.inputs)
    return {
        "procedure": step.procedure,
        "url": f"{API_PREFIX}/{step.procedure}" + (f"?{query}" if query else ""),
        "title": procedures()[step.procedure].title.in_(lang),
        "missing": list(step.missing),
    }


def answer_body(procedure: Procedure, inputs: dict[str, Any], source: DiceSource,
                seed: int | None, lang: str) -> dict[str, Any]:
    """Run ``procedure`` on ``inputs`` with ``source`` and write its whole answer in ``lang``:
    the body every procedure answers, and what an expedition's log keeps of each roll."""
    outcome = procedure.run(source, **inputs)
    source.finish()
    return answer_json(procedure, inputs, outcome, seed, lang)


def answer_json(procedure: Procedure, inputs: dict[str, Any], outcome: Outcome,
                seed: int | None, lang: str) -> dict[str, Any]:
    """The whole answer of ``procedure`` that gave ``outcome`` (run on ``inputs`` with the dice
    of ``seed``), in ``lang``: one run writes both languages."""
    result = to_json(outcome.result, lang)
    result["next"] = [next_json(step, lang) for step in outcome.next]
    return {
        "procedure": procedure.path,
        "input": to_json(inputs, lang),
        "rolls": to_json(outcome.rolls, lang),
        "result": result,
        "chance": None if outcome.chance is None else float(outcome.chance),
        "text": outcome.text.in_(lang),
        "seed": seed,
        "rule": {"title": outcome.rule.title, "url": outcome.rule.url},
    }


def dice_source(seed: int | None, dice: list[int] | None,
                budget: int | None = None) -> tuple[DiceSource, int | None]:
    """The request's dice: the physical ones given, else seeded (a seed drawn below 2^53 when
    none is given); the seed that reproduces the answer, or ``None`` for physical dice.
    ``budget``: the most dice it rolls (default: the app's ``DICE_BUDGET``)."""
    budget = dice_budget() if budget is None else budget
    if dice is not None:
        return ReplayDice(dice, budget), None
    if seed is None:
        seed = secrets.randbelow(DRAWN_SEED_LIMIT)
    return SeededDice(seed, budget), seed


def card_of(body: dict[str, Any], procedure: Procedure, lang: str, root: str) -> Card:
    """An answer as a chat card in ``lang``, its rule linked under the site's ``root``."""
    label = procedure.chance_label
    return Card(
        lang=lang, procedure=procedure.path, title=procedure.title.in_(lang), text=body["text"],
        chance=None if body["chance"] is None else chance_line(
            label.in_(lang) if label else None, body["chance"], lang),
        rule_title=body["rule"]["title"], rule_url=root + body["rule"]["url"])


def render_card(card: Card, fmt: str, status: int = 200, req: Request | None = None) -> Response:
    """A card in ``text``, ``md`` or ``html``; a person's browser gets a page around it (``req``:
    the request, default Flask's current one)."""
    rendered = {"text": as_text, "md": as_markdown, "html": as_html}[fmt](card)
    if not opened_in_browser(req) or fmt == "md":
        return Response(rendered, status=status, mimetype=MIMETYPES[fmt])
    from html import escape

    body = rendered if fmt == "html" else f"<pre>{escape(rendered)}</pre>"
    response = Response(page(card.title, body, card.lang), status=status, mimetype="text/html")
    response.headers["Content-Security-Policy"] = PAGE_POLICY
    return response


def register(
    blp: Blueprint,
    path: str,
    *,
    input_schema: type[Schema],
    summary: str,
    description: str = "",
) -> None:
    """Expose the engine's procedure ``path`` as ``GET`` and ``POST`` ``/api/v1/<path>``.

    ``path`` is the full procedure path after ``/api/v1/`` (``"morale"``,
    ``"psychopaths-land/combat"``); the blueprint's own prefix is taken off for the route.
    """
    procedure = procedures()[path]
    name = _view_name(path)
    args_schema = type(f"{name}Args", (input_schema, CommonArgs), {
        "Meta": type("Meta", (), {"unknown": RAISE}),
    })
    # One instance, built here: webargs would otherwise build the schema anew on every request.
    parser_schema = args_schema()
    response_schema = _envelope(name, input_schema, procedure.result)
    doc = {"summary": summary, "description": description}
    multiple = frozenset(name for name, field in parser_schema.fields.items()
                         if _is_multiple(field))
    endpoint = Endpoint(procedure, input_schema, response_schema, summary, parser_schema,
                        multiple)

    # No Flask route: every request of a procedure is answered by :mod:`api.procedure_path`;
    # the document is written by :func:`document`.
    ENDPOINTS[path] = endpoint
    _UNDOCUMENTED.setdefault(blp.name, []).append((name, {
        "get": _operation(blp, f"get{name}", doc, response_schema,
                          parameters=[{"in": "query", "required": True,
                                       "schema": parser_schema}]),
        "post": _operation(blp, f"post{name}", doc, response_schema,
                           request_body={"required": True,
                                        "content": {"application/json": {
                                            "schema": parser_schema}}}),
    }))


#: The procedures registered on each blueprint (by its name), with their operations, until
#: :func:`document` writes them into the OpenAPI document.
_UNDOCUMENTED: dict[str, list[tuple[str, dict[str, dict[str, Any]]]]] = {}


def _operation(blp: Blueprint, operation_id: str, doc: Mapping[str, str],
               response_schema: type[Schema], parameters: list[dict[str, Any]] | None = None,
               request_body: dict[str, Any] | None = None) -> dict[str, Any]:
    """One method of a procedure as OpenAPI writes it: its input (query ``parameters`` or a
    ``request_body``), its answer in JSON or as a chat card, a refusal (422) and the default
    error, tagged with the rulebook (in the order flask-smorest's decorators write them)."""
    operation: dict[str, Any] = {} if parameters is None else {"parameters": parameters}
    operation["responses"] = {
        "422": HTTPStatus.UNPROCESSABLE_ENTITY.name,
        "200": {"description": HTTPStatus.OK.phrase,
                "content": {"application/json": {"schema": response_schema},
                            **card_response()["content"]}},
        "default": "DEFAULT_ERROR",
    }
    if request_body is not None:
        operation["requestBody"] = request_body
    return {**operation, "tags": [blp.name], "operationId": operation_id, **doc}


def document(spec: APISpec, blp: Blueprint) -> None:
    """Write the procedures of ``blp`` into the API's OpenAPI document ``spec``, through
    apispec's public ``spec.path``: the schemas become components as flask-smorest's decorators
    would make them."""
    for name, operations in _UNDOCUMENTED.get(blp.name, []):
        endpoint = next(endpoint for endpoint in ENDPOINTS.values()
                        if _view_name(endpoint.path) == name)
        spec.path(rule=Rule(f"{API_PREFIX}/{endpoint.path}", endpoint=f"{blp.name}.{name}"),
                      operations=copy.deepcopy(operations))


def _view_name(path: str) -> str:
    """A procedure's name in the OpenAPI document (``MoraleArgs``, ``getMorale``)."""
    return "".join(part.title() for part in path.replace("/", "-").split("-"))


def _is_multiple(field: fields.Field[Any]) -> bool:
    """Whether a query string's repeated values are all the field's, as webargs reads it: a
    field's own ``is_multiple`` decides (``pay`` takes a way or a list), else a list does."""
    declared = getattr(field, "is_multiple", None)
    return bool(declared) if declared is not None else isinstance(
        field, fields.List | fields.Tuple)


def query_args(args: MultiDict[str, str], multiple: frozenset[str]) -> dict[str, Any]:
    """A query string as the schema reads it: a list field takes every repeated value."""
    return {key: args.getlist(key) if key in multiple else args[key] for key in args}
