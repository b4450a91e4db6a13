"""The expedition's modules import one another in one direction only: the action kernel
(``rpg.expedition.kernel``) below the modules that declare actions, ``rpg.expedition.actions``
above them. Every import is read, a function's own included (a lazy import hides a circle, it does
not remove it)."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import rpg.expedition

PACKAGE = "rpg.expedition"
FOLDER = Path(rpg.expedition.__file__).parent


def module_name(path: Path) -> str:
    """``rpg.expedition.kernel`` for ``kernel.py``; the package itself for ``__init__.py``."""
    return PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"


def imported(source: str, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``source`` imports, anywhere in it: ``import a.b``,
    ``from a.b import c`` and ``from a import b`` where ``a.b`` is one of ``modules``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found & modules


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    files = sorted(FOLDER.glob("*.py"))
    modules = {module_name(path) for path in files}
    return {module_name(path): imported(path.read_text(encoding="utf-8"), modules) - {
        module_name(path)} for path in files}


def test_the_reader_sees_every_kind_of_import() -> None:
    modules = {"p", "p.a", "p.b", "p.c", "p.d"}
    source = ("import p.a\nfrom p.b import thing\nfrom p import c\n"
              "def later():\n    from p.d import other\n")
    assert imported(source, modules) == {"p", "p.a", "p.b", "p.c", "p.d"}


def test_a_circle_is_found() -> None:
    with pytest.raises(CycleError):
        tuple(TopologicalSorter({"a": {"b"}, "b": {"c"}, "c": {"a"}}).static_order())


def test_the_expedition_imports_in_one_direction() -> None:
    graph = import_graph()
    assert graph[f"{PACKAGE}.actions"] >= {f"{PACKAGE}.{name}" for name in (
        "kernel", "checks", "combat", "journey", "records", "wounds")}
    for declaring in ("checks", "combat", "journey", "records", "wounds"):
        assert f"{PACKAGE}.kernel" in graph[f"{PACKAGE}.{declaring}"]
    try:
        order = tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"the expedition's modules import in a circle: {' → '.join(error.args[1])}")
    assert order.index(f"{PACKAGE}.kernel") < order.index(f"{PACKAGE}.actions")
