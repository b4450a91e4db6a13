"""The expedition pages' labels, from the API's schemas of the actions they send; their
scripts that use an npm package, bundled.

A label on ``/vyprava/`` written as ``<span data-label="heal.nights"></span>`` gets the Czech
label (``x-label``) of the field ``nights`` of the action ``heal`` in the OpenAPI document: the
words the API documents and the calculators show, written once beside the rule. A marker naming
a field without a label fails the build.

The players' page checks the log's hash chain with the ``canonicalize`` package (RFC 8785): its
script is bundled in its own place in the built site (:data:`BUNDLED`), with the modules it
imports; the other pages load their modules as they are. ``chain.js``, which imports the package
and is read by the bundle only, is left out of the built site (``exclude_docs``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulesite.bundle import one_script

#: The expedition pages' scripts that import an npm package (below the site's ``docs`` folder):
#: each is bundled over its own copy in the built site, so its page's ``<script>`` stays as is.
BUNDLED = ("javascripts/expedition/players.js",)

#: An empty element that asks for the label of ``<action>.<field>`` (``<action>.<list>.<field>``:
#: a field of each item of a list, as an encounter's creatures' ``hp``).
LABEL = re.compile(r'(<(\w+)\b[^>]*\bdata-label="([\w-]+)\.([\w.]+)"[^>]*>)</\2>')
#: A control's name for screen readers, as ``data-aria-label="<action>.<field>"``.
ARIA_LABEL = re.compile(r'\bdata-aria-label="([\w-]+)\.([\w.]+)"')
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
    """``content`` with every ``data-label`` marker filled with its field's label, and every
    ``data-aria-label`` marker (a control with no visible label) made its ``aria-label``."""
    content = LABEL.sub(lambda match: match.group(1) + html.escape(
        action_label(document, match.group(3), match.group(4))) + f"</{match.group(2)}>",
        content)
    return ARIA_LABEL.sub(lambda match: 'aria-label="' + html.escape(
        action_label(document, match.group(1), match.group(2))) + '"', content)


def build(docs_dir: Path, site_dir: Path) -> list[Path]:
    """Bundle each of :data:`BUNDLED` over its copy in the built site; the files written."""
    for script in BUNDLED:
        one_script(docs_dir / script, site_dir / script)
    return [site_dir / script for script in BUNDLED]
