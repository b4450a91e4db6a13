"""The calculators' scripts: one small entry per page, and the chunks the pages share.

esbuild (installed by ``scripts/setup`` from ``package.json``) bundles an entry written here for
each page with calculators: it imports ``core/ui.js`` and the page's calculator functions, by
name, and starts the page with them and the Czech templates they render. The engine's rule data
(each module's ``CALCULATOR_DATA``) takes the place of ``CALCULATOR_RULES``: the calculators
render the engine's own sentences and compute with its own constants. What several pages use
(the page script, the dice, shared rule modules) lands in shared chunks, so a phone opening a
rule page downloads that page's calculators and no other's.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType
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


def rules_data() -> dict[str, Any]:
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
            if not key.startswith(("api.", "expedition.", "verify."))
            and not key.endswith((".title", ".chance"))}


_IMPORT = re.compile(r'(?:from|import)\s*"(\.{1,2}/[^"]+)\.js"')


def imported(folder: Path, modules: Iterable[str]) -> set[str]:
    """``modules`` (paths below ``folder`` without ``.js``) and every module they import, at any
    depth."""
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        source = (folder / f"{module}.js").read_text(encoding="utf-8")
        for target in _IMPORT.findall(source):
            resolved = (folder / module).parent / target
            todo.append(resolved.resolve().relative_to(folder.resolve()).as_posix())
    return seen


def _engine_modules(names: Iterable[str]) -> set[str]:
    """The engine modules ``names`` and every engine module they use, at any depth."""
    seen: set[str] = set()
    todo = [name for name in names if name in sys.modules]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for value in vars(sys.modules[name]).values():
            used = value.__name__ if isinstance(value, ModuleType) else getattr(
                value, "__module__", None)
            if isinstance(used, str) and used.startswith("rpg.") and used in sys.modules:
                todo.append(used)
    return seen


def page_catalog(folder: Path, modules: Iterable[str]) -> dict[str, str]:
    """The Czech templates a page's calculators render: those of the engine modules their
    scripts mirror (``pravidla/wilderness.js`` ↔ ``rpg.pravidla.wilderness``) and of every engine
    module those use, with the core's and the page's own; the other rulebooks' stay out, so a
    page downloads what it shows."""
    procedures()  # every rulebook imported
    needed = _engine_modules(f"rpg.{module.replace('/', '.')}"
                             for module in imported(folder, modules))
    left_out: set[str] = set()
    for name, module in list(sys.modules.items()):
        if name.startswith("rpg.") and not name.startswith("rpg.core") and name not in needed:
            left_out.update(getattr(module, "MESSAGES", {}))
    return {key: text for key, text in czech_catalog().items() if key not in left_out}


def camel(path: str) -> str:
    """A procedure's function name in its module: ``fast-travel-split`` → ``fastTravelSplit``."""
    head, *rest = path.rsplit("/", 1)[-1].split("-")
    return head + "".join(part.title() for part in rest)


def entry(folder: Path, calculators: Mapping[str, str]) -> str:
    """A page's entry: the page script and, for each of the page's procedures (path → module),
    its function and its module's ``enhance`` when it has one, with the templates they render.
    Importing names, not whole modules, lets esbuild leave out what no calculator uses."""
    ui = (folder / "core" / "ui.js").as_posix()
    lines = [f"import {{ start }} from {json.dumps(ui)};"]
    procedures_: list[str] = []
    enhancers: dict[str, str] = {}
    data = engine_data()
    for index, (path, module) in enumerate(sorted(calculators.items())):
        file = folder / f"{module}.js"
        source = file.read_text(encoding="utf-8")
        if re.search(rf"export (function|const) {camel(path)}\b", source):
            name = json.dumps(file.as_posix())
            lines.append(f"import {{ {camel(path)} as p{index} }} from {name};")
            procedures_.append(f'"{path}": p{index}')
        elif path in data.get(module, {}).get("odds", {}):  # a row of odds: no code of its own
            odds = (folder / "pravidla" / "odds.js").as_posix()
            if not any("oddsRow" in line for line in lines):
                lines.append(f"import {{ oddsRow }} from {json.dumps(odds)};")
            procedures_.append(f'"{path}": oddsRow("{module}", "{path}")')
        else:
            raise RuntimeError(f"{module}.js has no calculator {camel(path)} for {path}")
        if module not in enhancers and "export function enhance" in source:
            enhancers[module] = f"e{len(enhancers)}"
            lines.append(f"import {{ enhance as {enhancers[module]} }} from "
                         f"{json.dumps(file.as_posix())};")
    table = ", ".join(f'"{module}": {name}' for module, name in enhancers.items())
    words = json.dumps(page_catalog(folder, set(calculators.values()) | {"pravidla/odds"}),
                       ensure_ascii=False, separators=(",", ":"))
    lines.append(f'start({{ {", ".join(procedures_)} }}, {{ {table} }}, {words});')
    return "\n".join(lines) + "\n"


def script_name(page_url: str) -> str:
    """The file of a page's calculators: ``pravidla/boj/`` → ``pravidla-boj.js``."""
    return (page_url.strip("/").replace("/", "-") or "index") + ".js"


def bundled(folder: Path, pages: Mapping[str, Mapping[str, str]], rules: dict[str, Any],
            written: Mapping[str, str] | None = None,
            entries: Iterable[str] = ()) -> dict[str, bytes]:
    """Each page's script (file name → content) and the chunks they share, minified: a page
    (its script's name → its procedures, path → module below ``folder`` without ``.js``)
    downloads its own calculators, the page script, the rule data and its templates, and no
    other page's. esbuild splits what several pages use into shared chunks, which the browser
    keeps once. ``written``: more generated modules (file name → source) and ``entries`` the
    scripts among them (the verification page's, :mod:`rulesite.verify`), sharing the chunks."""
    compact: dict[str, Any] = {"ensure_ascii": False, "separators": (",", ":")}
    generated = {name: entry(folder, calculators) for name, calculators in pages.items()}
    return esbuild(folder, {**generated, **(written or {})}, [*pages, *entries],
                   [f"--define:CALCULATOR_RULES={json.dumps(rules, **compact)}"])


def esbuild(folder: Path, written: Mapping[str, str], entries: Iterable[str],
            options: Iterable[str] = ()) -> dict[str, bytes]:
    """The scripts of ``entries`` and their chunks (file name → content), minified ES modules
    bundled by esbuild from ``folder``: ``written`` are generated modules (file name → source,
    the entries among them), which import by absolute path; ``options`` are esbuild's more."""
    if not ESBUILD.is_file():
        raise RuntimeError(f"{ESBUILD.name} is missing from node_modules: run scripts/setup")
    with tempfile.TemporaryDirectory() as work:
        generated, out = Path(work) / "entries", Path(work) / "out"
        generated.mkdir()
        for name, source in written.items():
            (generated / name).write_text(source, encoding="utf-8")
        subprocess.run(
            [str(ESBUILD), "--bundle", "--splitting", "--format=esm", "--minify",
             f"--outdir={out}", "--entry-names=[name]", "--chunk-names=chunk-[hash]",
             *options, "--legal-comments=none", "--charset=utf8", "--log-level=warning",
             *sorted(str(generated / name) for name in entries)],
            cwd=folder, check=True, capture_output=True)
        return {file.name: file.read_bytes() for file in sorted(out.iterdir())}


def one_script(source: Path, out: Path) -> None:
    """``source`` and everything it imports (npm packages from ``node_modules`` too) as one
    minified ES module at ``out``: a page's script that uses a package, loaded by itself."""
    if not ESBUILD.is_file():
        raise RuntimeError(f"{ESBUILD.name} is missing from node_modules: run scripts/setup")
    out.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [str(ESBUILD), str(source), "--bundle", "--format=esm", "--minify", "--target=es2022",
         "--platform=browser", "--legal-comments=none", "--charset=utf8", "--log-level=warning",
         f"--outfile={out}"],
        cwd=ROOT, check=True, capture_output=True)


def downloads(shipped: Mapping[str, bytes], script: str) -> list[str]:
    """The files a page with ``script`` downloads: it and every chunk it imports, at any depth."""
    seen: list[str] = []
    todo = [script]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            todo.extend(re.findall(r'(?:from|import)\s*"\./([^"]+)"', shipped[name].decode()))
    return seen
