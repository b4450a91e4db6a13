"""The expedition pages' labels, from the API's schemas of the actions they send.

A label on ``/vyprava/`` written as ``<span data-label="heal.nights"></span>`` gets the Czech
label (``x-label``) of the field ``nights`` of the action ``heal`` in the OpenAPI document: the
words the API documents and the calculators show, written once beside the rule. A marker naming
a field without a label fails the build.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

#: An empty element that asks for the label of ``<action>.<field>`` (``<action>.<list>.<field>``:
#: a field of each item of a list, as an encounter's creatures' ``hp``).
LABEL = re.compile(r'(<(\w+)\b[^>]*\bdata-label="([\w-]+)\.([\w.]+)"[^>]*>)</\2>')
#: Where the API takes an action (OpenAPI path).
ACTION_PATH = "/api/v1/expeditions/{{public_id}}/actions/{kind}"


def action_label(document: Mapping[str, Any], kind: str, name: str) -> str:
    """The Czech label of the field ``name`` of the action ``kind``."""
    operation = document["paths"].get(ACTION_PATH.format(kind=kind), {}).get("post")
    if operation is None:
        raise RuntimeError(f"data-label: no expedition action '{kind}'")
    reference = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    schema = document["components"]["schemas"][reference.rsplit("/", 1)[-1]]
    *path, name = name.split(".")
    for part in path:  # a list's items
        items = schema["properties"].get(part, {}).get("items", {})
        if "$ref" in items:
            items = document["components"]["schemas"][items["$ref"].rsplit("/", 1)[-1]]
        schema = items if "properties" in items else {"properties": {}}
    label = schema["properties"].get(name, {}).get("x-label")
    if not label:
        raise RuntimeError(f"data-label: the action '{kind}' has no labelled field '{name}'")
    return str(label)


def labelled(content: str, document: Mapping[str, Any]) -> str:
    """``content`` with every ``data-label`` marker filled with its field's label."""
    return LABEL.sub(lambda match: match.group(1) + html.escape(
        action_label(document, match.group(3), match.group(4))) + f"</{match.group(2)}>",
        content)
