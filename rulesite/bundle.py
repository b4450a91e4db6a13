"""The calculators' one script: every module, the rule data and the Czech catalog, bundled.

esbuild (installed by ``scripts/setup`` from ``package.json``) bundles an entry written here: it
imports ``core/ui.js`` and every calculator module the site uses, by name, and starts the page
with them. The engine's rule data (each module's ``CALCULATOR_DATA``) and the Czech half of the
message catalog take the place of ``CALCULATOR_RULES`` and ``CALCULATOR_CATALOG``: the
calculators render the engine's own sentences and compute with its own constants.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rpg.core.catalog import catalog
from rpg.core.registry import procedures

ROOT = Path(__file__).resolve().parents[1]
#: esbuild, installed by ``scripts/setup`` from ``package.json`` (``npm ci``).
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
#: Largest number of dice whose sum distribution a calculator draws (a phone-sized chart).
CHART_MAX_DICE = 20


def engine_data() -> dict[str, Any]:
    """Each engine module's ``CALCULATOR_DATA``, by module path (``pravidla/checks``)."""
    import rpg

    procedures()  # every rulebook imported
    data: dict[str, Any] = {}
    for info in pkgutil.walk_packages(rpg.__path__, "rpg."):
        exported = getattr(importlib.import_module(info.name), "CALCULATOR_DATA", None)
        if exported is not None:
            data[info.name.removeprefix("rpg.").replace(".", "/")] = exported
    return data


def rules_data(legacy: dict[str, Any]) -> dict[str, Any]:
    """The rule constants the calculators need: the engine modules' and the core's."""
    from rpg.core import dice, notation
    from rpg.pravidla import d20

    return {
        "dice": {
            "max_given": dice.MAX_GIVEN_DICE, "max_per_procedure": dice.MAX_DICE_PER_PROCEDURE,
        },
        "d20": d20.D20,
        "chart_max_dice": CHART_MAX_DICE,
        "notation": {
            "max_length": notation.MAX_LENGTH, "max_terms": notation.MAX_TERMS,
            "max_dice": notation.MAX_DICE, "max_count": notation.MAX_COUNT,
            "min_faces": notation.MIN_FACES, "max_faces": notation.MAX_FACES,
            "max_constant": notation.MAX_CONSTANT,
        },
        "next": next_steps(),
        **legacy,
        **engine_data(),
    }


def next_steps() -> dict[str, list[str]]:
    """Every procedure some result may call for next: its Czech title and where its calculator
    stands (a link from the calculator that calls for it)."""
    from rpg.core.citations import RULES

    registry = procedures()
    targets = sorted({target for p in registry.values() for target in p.next})
    return {target: [registry[target].title.in_("cs"),
                     RULES[registry[target].rule].url] for target in targets}


def czech_catalog() -> dict[str, str]:
    """The Czech templates the calculators render: the engine's and the page's own. The API's
    cards and index stay on the server, and a procedure's title and chance label are in the
    calculator's markup already. The expeditions' words stay on the server too: their pages get
    every text from the API."""
    import rulesite.messages  # noqa: F401  (declares the page's messages)

    return {key: text.cs for key, text in sorted(catalog().items())
            if not key.startswith(("api.", "expedition."))
            and not key.endswith((".title", ".chance"))}


def camel(path: str) -> str:
    """A procedure's function name in its module: ``fast-travel-split`` → ``fastTravelSplit``."""
    head, *rest = path.rsplit("/", 1)[-1].split("-")
    return head + "".join(part.title() for part in rest)


def entry(folder: Path, calculators: Mapping[str, str]) -> str:
    """The bundle's entry: the page script and, for each procedure (path → module), its
    function and its module's ``enhance`` when it has one. Importing names, not whole modules,
    lets esbuild leave out what no calculator uses."""
    lines = ['import { start } from "./core/ui.js";']
    procedures_, enhancers = [], {}
    data = engine_data()
    for index, (path, module) in enumerate(sorted(calculators.items())):
        source = (folder / f"{module}.js").read_text(encoding="utf-8")
        if re.search(rf"export (function|const) {camel(path)}\b", source):
            lines.append(f'import {{ {camel(path)} as p{index} }} from "./{module}.js";')
            procedures_.append(f'"{path}": p{index}')
        elif path in data.get(module, {}).get("odds", {}):  # a row of odds: no code of its own
            if not any("oddsRow" in line for line in lines):
                lines.append('import { oddsRow } from "./pravidla/odds.js";')
            procedures_.append(f'"{path}": oddsRow("{module}", "{path}")')
        else:
            raise RuntimeError(f"{module}.js has no calculator {camel(path)} for {path}")
        if module not in enhancers and "export function enhance" in source:
            enhancers[module] = f"e{len(enhancers)}"
            lines.append(f'import {{ enhance as {enhancers[module]} }} from "./{module}.js";')
    table = ", ".join(f'"{module}": {name}' for module, name in enhancers.items())
    lines.append(f'start({{ {", ".join(procedures_)} }}, {{ {table} }});')
    return "\n".join(lines) + "\n"


def bundled(folder: Path, calculators: Mapping[str, str], rules: dict[str, Any]) -> bytes:
    """One minified module: ``core/ui.js``, every calculator (procedure path → its module, a
    path below ``folder`` without ``.js``), the rule data and the Czech catalog."""
    if not ESBUILD.is_file():
        raise RuntimeError(f"{ESBUILD.name} is missing from node_modules: run scripts/setup")
    compact = {"ensure_ascii": False, "separators": (",", ":")}
    return subprocess.run(
        [str(ESBUILD), "--bundle", "--format=esm", "--minify", "--sourcefile=calculators.js",
         f"--define:CALCULATOR_RULES={json.dumps(rules, **compact)}",
         f"--define:CALCULATOR_CATALOG={json.dumps(czech_catalog(), **compact)}",
         "--legal-comments=none", "--charset=utf8", "--log-level=warning"],
        input=entry(folder, calculators).encode(), cwd=folder, check=True,
        capture_output=True).stdout
