"""The one list of procedures: each declared once, beside its engine function.

An engine function becomes a procedure with :func:`procedure`::

    @procedure("morale", result=MoraleResult, rule="morale", samples=({"morale": 7},))
    def morale(source: DiceSource, *, morale: int, successes: int = 0) -> Outcome: ...

Everything that lists procedures reads :func:`procedures`: the API's routes and its index, the
OpenAPI document, the calculators' placement on the site, the golden vectors, the coverage tests
and the benchmarks. The catalog entries of a procedure are named after its path: ``<path>.title``
(what the procedure is called, for cards, the index and calculators) and ``<path>.chance`` (what
its chance is the chance of, where it has one).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from rpg.core.catalog import Message, catalog, msg
from rpg.core.citations import RULES, Rule
from rpg.core.outcome import Outcome

#: The packages whose import declares every procedure (each rulebook imports its modules).
RULEBOOKS = ("rpg.core.notation", "rpg.pravidla", "rpg.psychopaths_land", "rpg.conquest",
             "rpg.olgoj_chorchoj")

Run = TypeVar("Run", bound=Callable[..., Outcome])


@dataclass(frozen=True, slots=True)
class Procedure:
    """A procedure as every layer sees it.

    ``run`` is the engine function ``(source, **inputs) -> Outcome``; ``result`` the frozen
    dataclass of its ``result`` (the API's result schema is generated from it), or the tuple of
    its shapes (one roll, a group of rolls); ``rule`` the key
    of the rule it cites first (where its calculator stands on the site); ``samples`` inputs that
    answer (the index's example, benchmarks, smoke tests); ``calculator`` whether the site has a
    calculator for it (in ``calculators/<module>.js``, named after the path in camelCase);
    ``next`` the procedures its result may call for next (an encounter after a travel day);
    ``rolls`` whether it ever rolls a die (a calculator that rolls nothing computes, its button
    says so).
    """

    path: str
    run: Callable[..., Outcome]
    result: type | tuple[type, ...]
    rule: str
    samples: tuple[Mapping[str, Any], ...]
    calculator: bool = True
    next: tuple[str, ...] = ()
    rolls: bool = True

    @property
    def module(self) -> str:
        """The engine module, as a path below ``rpg/``: ``pravidla/checks``."""
        return self.run.__module__.removeprefix("rpg.").replace(".", "/")

    @property
    def rulebook(self) -> str:
        """The rulebook package: ``pravidla``, ``conquest``, ``core`` (the dice notation)."""
        return self.module.split("/")[0]

    @property
    def cited(self) -> Rule:
        """The rule the procedure cites first."""
        return RULES[self.rule]

    @property
    def title(self) -> Message:
        """What the procedure is called (``Ověření morálky`` / ``Morale check``)."""
        return msg(f"{self.path}.title")

    @property
    def chance_label(self) -> Message | None:
        """What its chance is the chance of (``Šance, že drží``), where it has one."""
        key = f"{self.path}.chance"
        return msg(key) if key in catalog() else None


_REGISTRY: dict[str, Procedure] = {}


def procedure(
    path: str,
    *,
    result: type | tuple[type, ...],
    rule: str,
    samples: tuple[Mapping[str, Any], ...] = ({},),
    calculator: bool = True,
    next: tuple[str, ...] = (),
    rolls: bool = True,
) -> Callable[[Run], Run]:
    """Declare the decorated engine function as the procedure ``path``."""
    def declare(run: Run) -> Run:
        if path in _REGISTRY and _REGISTRY[path].run is not run:
            raise ValueError(f"procedure {path!r} is declared twice")
        _REGISTRY[path] = Procedure(path, run, result, rule, tuple(samples), calculator,
                                    tuple(next), rolls)
        return run
    return declare


def load() -> None:
    """Import every rulebook, so every procedure, rule and message is declared."""
    for package in RULEBOOKS:
        importlib.import_module(package)


def procedures() -> Mapping[str, Procedure]:
    """Every procedure of every rulebook, by path: the rulebooks in :data:`RULEBOOKS` order
    (whoever imported them first), each in the order its procedures are declared."""
    load()
    if len(_ORDERED) != len(_REGISTRY):  # sorted once, again only when one is declared
        def rank(item: tuple[str, Procedure]) -> int:
            module = item[1].run.__module__
            return next(i for i, book in enumerate(RULEBOOKS) if module.startswith(book))
        _ORDERED.clear()
        _ORDERED.update(sorted(_REGISTRY.items(), key=rank))  # sorted() is stable
    return _ORDERED


_ORDERED: dict[str, Procedure] = {}
