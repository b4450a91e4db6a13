"""How a rules procedure becomes an endpoint: one call to :func:`register`.

Every procedure answers ``GET`` (query string) and ``POST`` (JSON body) with the same fields, plus
the common ``seed``, ``dice``, ``lang`` and ``format``. The marshmallow schemas given here validate
the input and write the OpenAPI document, so the documentation and the behaviour cannot drift.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Response, current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import RAISE, Schema, ValidationError, fields, validates_schema

from api import fields as f
from api.formats import FORMATS, MIMETYPES, as_html, as_markdown, as_text
from api.language import request_language
from api.limits import BudgetedReplayDice, BudgetedSeededDice, dice_budget
from api.serialize import to_json
from rpg.core.dice import MAX_FACES, MAX_GIVEN_DICE, DiceSource
from rpg.core.outcome import Outcome
from rpg.core.text import LANGUAGES, Text

SEED_LIMIT = 2**63
COMMON = ("seed", "dice", "lang", "format")
#: Accept headers that can only mean JSON: answered without parsing them.
_JSON_ACCEPTS = frozenset({"*/*", "application/json"})


@dataclass(frozen=True, slots=True)
class Registered:
    """A procedure as exposed: its engine function and its input schema (for benchmarks, tools)."""

    path: str
    run: Callable[..., Outcome]
    input_schema: type[Schema]


#: Every procedure registered so far, by path.
REGISTERED: dict[str, Registered] = {}


class CommonArgs(Schema):
    """Inputs every procedure takes besides its own."""

    class Meta:
        unknown = RAISE

    seed = f.bounded_int(0, SEED_LIMIT - 1, metadata={
        "description": "Reproduces a result: Python's random.Random(seed), each die "
                       "randrange(faces) + 1 in consumption order. Not with `dice`."})
    dice = f.csv_list(f.bounded_int(1, MAX_FACES), 0, MAX_GIVEN_DICE, metadata={
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


def _envelope(name: str, input_schema: type[Schema], result_schema: type[Schema]) -> type[Schema]:
    return Schema.from_dict({
        "procedure": fields.String(required=True),
        "input": fields.Nested(input_schema, required=True),
        "rolls": fields.List(fields.Nested(RollSchema), required=True),
        "result": fields.Nested(result_schema, required=True),
        "chance": fields.Float(required=True, allow_none=True, metadata={
            "description": "Exact probability of the primary success, or null."}),
        "text": fields.String(required=True),
        "seed": fields.Integer(required=True, allow_none=True),
        "rule": fields.Nested(RuleSchema, required=True),
    }, name=f"{name}Response")


def _site_root() -> str:
    return current_app.config.get("SITE_URL") or request.host_url.rstrip("/")


def _answer(procedure: str, args: dict[str, Any], run: Callable[..., Outcome]) -> Response:
    common = {key: args.pop(key, None) for key in COMMON}
    lang = request_language()
    budget = dice_budget()
    source: DiceSource
    if common["dice"] is not None:
        source, seed = BudgetedReplayDice(common["dice"], budget), None
    else:
        seed = common["seed"] if common["seed"] is not None else secrets.randbelow(SEED_LIMIT)
        source = BudgetedSeededDice(seed, budget)
    outcome = run(source, **args)
    source.finish()
    body = {
        "procedure": procedure,
        "input": to_json(args, lang),
        "rolls": to_json(outcome.rolls, lang),
        "result": to_json(outcome.result, lang),
        "chance": None if outcome.chance is None else float(outcome.chance),
        "text": outcome.text.in_(lang),
        "seed": seed,
        "rule": {"title": outcome.rule.title, "url": outcome.rule.url},
    }
    response = _render(body, common["format"] or request.args.get("format"))
    response.headers["Content-Language"] = lang
    return response


def _render(body: dict[str, Any], fmt: str | None) -> Response:
    if fmt not in FORMATS:
        accept = request.environ.get("HTTP_ACCEPT")
        # Without an Accept header, or with a catch-all, JSON: no header to parse.
        best = (request.accept_mimetypes.best_match(["application/json", "text/plain"])
                if accept and accept not in _JSON_ACCEPTS else None)
        fmt = "text" if best == "text/plain" else "json"
    if fmt == "json":
        return current_app.json.response(body)
    rendered = {
        "text": lambda: as_text(body),
        "md": lambda: as_markdown(body, _site_root()),
        "html": lambda: as_html(body, _site_root()),
    }[fmt]()
    return Response(rendered, mimetype=MIMETYPES[fmt])


def register(
    blp: Blueprint,
    path: str,
    *,
    input_schema: type[Schema],
    result_schema: type[Schema],
    run: Callable[..., Outcome],
    summary: str,
    description: str = "",
) -> None:
    """Expose ``run`` (an engine procedure) as ``GET`` and ``POST`` ``/api/v1/<path>``.

    ``path`` is the full procedure path after ``/api/v1/`` (``"morale"``,
    ``"psychopaths-land/combat"``); the blueprint's own prefix is taken off for the route.
    """
    name = "".join(part.title() for part in path.replace("/", "-").split("-"))
    args_schema = type(f"{name}Args", (input_schema, CommonArgs), {
        "Meta": type("Meta", (), {"unknown": RAISE}),
    })
    # One instance, built here: webargs would otherwise build the schema anew on every request.
    parser_schema = args_schema()
    response_schema = _envelope(name, input_schema, result_schema)
    prefix = (blp.url_prefix or "").removeprefix("/api/v1").strip("/")
    route = "/" + path.removeprefix(prefix).strip("/") if prefix else "/" + path
    doc = {"summary": summary, "description": description}

    class ProcedureView(MethodView):
        @blp.arguments(parser_schema, location="query")
        @blp.response(200, response_schema)
        @blp.doc(operationId=f"get{name}", **doc)
        def get(self, args: dict[str, Any]) -> Response:
            return _answer(path, args, run)

        @blp.arguments(parser_schema, location="json")
        @blp.response(200, response_schema)
        @blp.doc(operationId=f"post{name}", **doc)
        def post(self, args: dict[str, Any]) -> Response:
            return _answer(path, args, run)

    REGISTERED[path] = Registered(path, run, input_schema)
    ProcedureView.__name__ = f"{name}View"
    blp.route(route, endpoint=name)(ProcedureView)
