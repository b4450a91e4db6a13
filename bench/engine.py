"""The engine alone: `rpg.core.notation` against the `d20` library; every procedure cold vs cached.

    .venv/bin/python -m pip install -e ".[bench]"   # d20, only for this benchmark
    .venv/bin/python bench/engine.py

Rolls: microseconds per roll of ``1d20+5``, ``4d6kh3``, ``10d6``
(``rpg.core.notation.parse(expr).roll`` with a seeded source, parse cached as in the API, against
``d20.roll(expr)``). Procedures: each one of the registry, run with its first sample input and its
text written, first with every ``functools`` cache of the engine cleared (cold: the chance
computed) and then again with the same inputs (cached).
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would shadow the standard library's ``http``: keep this folder off the path.
sys.path[:] = [entry for entry in sys.path
               if Path(entry or ".").resolve() != Path(__file__).resolve().parent]

import importlib  # noqa: E402
import pkgutil  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

EXPRESSIONS = ("1d20+5", "4d6kh3", "10d6")


def per_call_us(call: Callable[[], Any], repeat: int = 5, number: int = 2_000) -> float:
    """The best of ``repeat`` runs of ``number`` calls, in microseconds per call."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for _ in range(number):
            call()
        best = min(best, (time.perf_counter() - started) / number)
    return best * 1e6


def rolls() -> None:
    from rpg.core import notation
    from rpg.core.dice import SeededDice

    try:
        import d20
    except ImportError:
        d20 = None
        print("note: d20 is not installed (pip install -e '.[bench]'): rpg.core.notation alone")
    class Endless(SeededDice):
        """One generator for every roll, as the API has one per request, without its budget."""

        def die(self, faces: int, label: str) -> int:
            return self._rng.randrange(faces) + 1

    source = Endless(1)
    print(f"{'expression':<10} {'rpg µs/roll':>12} {'d20 µs/roll':>12} {'rpg/d20':>8}")
    for expr in EXPRESSIONS:

        def ours_roll(expr: str = expr) -> object:
            return notation.parse(expr).roll(source, "roll")

        def their_roll(expr: str = expr) -> object:
            return d20.roll(expr)

        ours = per_call_us(ours_roll)
        if d20 is None:
            print(f"{expr:<10} {ours:>12.1f}")
            continue
        random.seed(1)
        theirs = per_call_us(their_roll)
        print(f"{expr:<10} {ours:>12.1f} {theirs:>12.1f} {ours / theirs:>8.2f}")


def engine_caches() -> list[Any]:
    """Every ``functools`` cache in the engine's modules."""
    import rpg

    caches: list[Any] = []
    for info in pkgutil.walk_packages(rpg.__path__, "rpg."):
        module = importlib.import_module(info.name)
        caches.extend(value for value in vars(module).values() if hasattr(value, "cache_clear"))
    return caches


def procedures() -> None:
    """Every procedure of the registry, on its first sample input: cold against cached."""
    from rpg.core.dice import SeededDice
    from rpg.core.registry import procedures as registry

    caches = engine_caches()
    print(f"\n{len(caches)} engine caches; µs per procedure call (dice, chance, text)")
    print(f"{'procedure':<34} {'cold µs':>10} {'cached µs':>10} {'speed-up':>9}")
    for path, procedure in sorted(registry().items()):
        inputs = dict(procedure.samples[0])

        def run(inputs: dict[str, Any] = inputs, procedure: Any = procedure) -> None:
            outcome = procedure.run(SeededDice(1), **inputs)
            outcome.text.in_("cs")

        cold = []
        for _ in range(20):
            for cache in caches:
                cache.cache_clear()
            started = time.perf_counter()
            run()
            cold.append(time.perf_counter() - started)
        warm = per_call_us(run, repeat=3, number=500)
        cold_us = statistics.median(cold) * 1e6
        print(f"{path:<34} {cold_us:>10.1f} {warm:>10.1f} {cold_us / warm:>8.1f}×")


def main() -> None:
    print(f"Python {sys.version.split()[0]}")
    rolls()
    procedures()


if __name__ == "__main__":
    main()
