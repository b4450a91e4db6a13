"""The dice of one action, which may run several procedures (a day of travel, then camping).

Each procedure an action runs is its own step with its own dice, so that every step of the log
can be replayed alone by the procedure's own endpoint:

- :class:`ActionSeed`: the action's seed derives one seed per step (``random.Random(seed)``
  drawing each step's seed below 2^53, in order), so the action replays from its one seed and each
  step from its own;
- :class:`StepSeeds`: a seed per step, drawn by the server for the entry (the hash chain's
  HMAC under the epoch's key) or recorded by a log being replayed;
- :class:`PhysicalDice`: the dice the table rolled, consumed across the steps in order; each step
  records the dice it used, and dice left over at the end are refused.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from rpg.core.dice import DiceSource, ReplayDice, SeededDice

#: Step seeds stay below 2^53, as the API's drawn seeds do (a browser can send them back).
STEP_SEED_LIMIT = 2**53


class ActionDice(ABC):
    """Where the steps of one action take their dice from; ``origin`` says it in the log:
    ``drawn`` (by the server, verifiably), ``seed`` (given by the client), ``dice`` (the
    table's)."""

    origin = "seed"

    @abstractmethod
    def step(self) -> tuple[DiceSource, int | None]:
        """The dice source of the next step, and the seed that replays it (``None``: physical)."""

    def used(self, source: DiceSource) -> tuple[int, ...]:
        """The physical dice ``source`` consumed (nothing for a seeded step: its seed tells)."""
        return ()

    def finish(self) -> None:  # noqa: B027 - only physical dice have anything left to check
        """Called once the action is done."""


class ActionSeed(ActionDice):
    """Seeded steps: the action's seed gives each step a seed of its own.

    ``make`` builds a step's source from its seed (the API's counts against the request's dice
    budget); the default is the plain seeded source.
    """

    def __init__(self, seed: int, make: Callable[[int], DiceSource] = SeededDice) -> None:
        self.seed = seed
        self._seeds = random.Random(seed)
        self._make = make

    def step(self) -> tuple[DiceSource, int | None]:
        seed = self._seeds.randrange(STEP_SEED_LIMIT)
        return self._make(seed), seed


class StepSeeds(ActionDice):
    """Seeded steps, each seed given by ``seed_of(step)`` (the step's index from 0): the seeds
    the server draws for an entry (``origin`` ``drawn``), or the seeds a log recorded, replayed
    (with the origin it recorded)."""

    def __init__(self, seed_of: Callable[[int], int], origin: str,
                 make: Callable[[int], DiceSource] = SeededDice) -> None:
        self._seed_of = seed_of
        self._make = make
        self._steps = 0
        self.origin = origin

    def step(self) -> tuple[DiceSource, int | None]:
        seed = self._seed_of(self._steps)
        self._steps += 1
        return self._make(seed), seed


class _Slice(DiceSource):
    """A step's view of the table's dice: it reads on from where the last step stopped."""

    def __init__(self, table: ReplayDice) -> None:
        super().__init__()
        self.table = table
        self.start = table.drawn

    def _next(self, faces: int, label: str) -> int:
        return self.table.die(faces, label)


class PhysicalDice(ActionDice):
    """The dice the table rolled, in the order the action's steps consume them: one
    :class:`~rpg.core.dice.ReplayDice` across the steps, so every misfit (too many given, one
    missing, one off its die, some left over) is refused as a single procedure's would be."""

    origin = "dice"

    def __init__(self, values: Sequence[int]) -> None:
        self.table = ReplayDice(values)

    def step(self) -> tuple[DiceSource, int | None]:
        return _Slice(self.table), None

    def used(self, source: DiceSource) -> tuple[int, ...]:
        start = source.start if isinstance(source, _Slice) else 0
        return self.table.values[start:start + source.drawn]

    def finish(self) -> None:
        self.table.finish()
