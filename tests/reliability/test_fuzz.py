"""Schemathesis against the app's own OpenAPI document: every operation, valid and invalid input.

Checks: no answer is a 5xx, and every answer conforms to the schema the document gives for its
status. Bounded for CI; for a deeper local run raise ``RPG_FUZZ_EXAMPLES`` (per operation) and
set ``RPG_FUZZ_COVERAGE=1`` to add schemathesis' boundary-value phase (about 130 more cases per
operation).
"""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import response_schema_conformance

from api import create_app

EXAMPLES = int(os.environ.get("RPG_FUZZ_EXAMPLES", "30"))
COVERAGE = os.environ.get("RPG_FUZZ_COVERAGE", "0") == "1"

schema = schemathesis.openapi.from_wsgi(
    "/api/v1/openapi.json",
    create_app({"TESTING": True, "RATELIMIT_ENABLED": False}),
    config=SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": COVERAGE}}}),
)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_every_operation_answers_within_its_documented_schema(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=[not_a_server_error, response_schema_conformance])
