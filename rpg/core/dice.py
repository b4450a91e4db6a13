"""Sources of dice: a seeded generator, or the replay of physical dice a player rolled.

Randomness is passed in, never taken from the global ``random`` module, so every procedure is a
pure function of (inputs, dice source). The seeded source is the API's reproducibility contract:
``random.Random(seed)``, each die drawn as ``randrange(faces) + 1``, in consumption order.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from rpg.core.catalog import Message, messages, msg
from rpg.core.errors import DiceError, TooManyRolls
from rpg.core.text import Text

#: The most dice one procedure may draw from a seeded source (a runaway guard, not a rule).
MAX_DICE_PER_PROCEDURE = 10_000
#: The most physical dice a request may give.
MAX_GIVEN_DICE = 200
#: The largest die the engine knows (``d1000``).
MAX_FACES = 1000

MESSAGES = messages({
    "dice.too-many-drawn": Text("Příliš mnoho kostek: nejvýše {n} na jeden postup.",
                                "Too many dice: at most {n} per procedure."),
    "dice.too-many-given": Text("Zadáno {n} kostek, nejvýše lze {m}.",
                                "{n} dice given, at most {m} are accepted."),
    "dice.missing": Text("Chybí kostka: je potřeba d{faces} pro „{die}“ (kostka č. {pos}).",
                         "Not enough dice: needs a d{faces} for '{die}' (die #{pos})."),
    "dice.off-the-die": Text(
        "Kostka č. {pos} ({die}) je d{faces}: hodnota {value} není mezi 1 a {faces}.",
        "Die #{pos} ({die}) is a d{faces}: {value} is not between 1 and {faces}."),
    # What each die is for, by the label a procedure gives it (``roll(source, "surprise", …)``):
    # the words a person reads when the table's dice are asked for one by one.
    **{f"dice.for-{label}": Text(cs, en) for label, (cs, en) in {
        "action-points": ("akční body", "action points"),
        "attack": ("útok", "attack"),
        "attacker": ("útočník", "attacker"),
        "catch": ("zachycení", "catch"),
        "chance": ("šance", "chance"),
        "damage": ("poškození", "damage"),
        "damage-second": ("poškození, druhý hod", "damage, second roll"),
        "death-save": ("záchrana před smrtí", "death save"),
        "defender": ("obránce", "defender"),
        "distance": ("vzdálenost", "distance"),
        "encounter": ("setkání", "encounter"),
        "encounters": ("setkání na cestě", "encounters on the way"),
        "food": ("jídlo", "food"),
        "forage": ("sběr potravy", "forage"),
        "hunt": ("lov", "hunt"),
        "initiative": ("iniciativa", "initiative"),
        "lost": ("zabloudění", "getting lost"),
        "magic-item": ("magický předmět", "magic item"),
        "mishap": ("nehoda", "mishap"),
        "morale": ("morálka", "morale"),
        "persistent-damage": ("trvalé poškození", "persistent damage"),
        "reaction": ("reakce", "reaction"),
        "roll": ("hod", "roll"),
        "saving-throw": ("záchranný hod", "saving throw"),
        "shelter": ("přístřeší", "shelter"),
        "skill-check": ("dovednost", "skill check"),
        "supplies": ("zásoby", "supplies"),
        "surprise": ("překvapení", "surprise"),
        "survival": ("přežití", "survival"),
        "trap": ("past", "trap"),
        "unconscious": ("bezvědomí", "unconsciousness"),
        "wandering-monsters": ("putující monstra", "wandering monsters"),
        "water": ("voda", "water"),
    }.items()},
    "dice.left-over": Text("Příliš mnoho kostek: zadáno {given}, postup použil {used}.",
                           "Too many dice: {given} given, the procedure used {used}."),
    "dice.over-budget": Text(
        "Příliš mnoho kostek: jeden požadavek smí hodit nejvýše {n} {n:kostku|kostky|kostek};"
        " zmenši počty.",
        "Too many dice: one request may roll at most {n} {n:die|dice}; ask for fewer."),
})


def die_named(label: str) -> Message | str:
    """What the die ``label`` is for, as a message names it (the label itself, for a label
    without words)."""
    key = f"dice.for-{label}"
    return msg(key) if key in MESSAGES else label


@dataclass(frozen=True, slots=True)
class Needed:
    """The die the table's dice lack: its place in the order, its faces and its label."""

    pos: int
    faces: int
    label: str


class DiceSource(ABC):
    """Something that yields die results, one at a time, in the order a procedure needs them.

    ``budget``: the most dice it yields to the one request it serves (the API's budget, refused in
    the request's words); without one, only the engine's runaway guard stops it."""

    def __init__(self, budget: int | None = None) -> None:
        self.drawn = 0
        self.budget = budget

    def die(self, faces: int, label: str) -> int:
        """The next die of ``faces`` sides, for the purpose ``label`` (e.g. ``"morale"``)."""
        if self.budget is not None and self.drawn >= self.budget:
            raise TooManyRolls(msg("dice.over-budget", n=self.budget))
        if self.drawn >= MAX_DICE_PER_PROCEDURE:
            raise TooManyRolls(msg("dice.too-many-drawn", n=MAX_DICE_PER_PROCEDURE))
        value = self._next(faces, label)
        self.drawn += 1
        return value

    @abstractmethod
    def _next(self, faces: int, label: str) -> int: ...

    def finish(self) -> None:  # noqa: B027 - most sources have nothing left to check
        """Called once the procedure is done; a replay complains about dice left over."""


class SeededDice(DiceSource):
    """Dice from ``random.Random(seed)``: the same seed, the same dice, release after release."""

    def __init__(self, seed: int, budget: int | None = None) -> None:
        super().__init__(budget)
        self.seed = seed
        self._rng = random.Random(seed)

    def _next(self, faces: int, label: str) -> int:
        return self._rng.randrange(faces) + 1


class ReplayDice(DiceSource):
    """Physical dice results, consumed in order; every misfit is a clear :class:`DiceError`."""

    def __init__(self, values: Sequence[int], budget: int | None = None) -> None:
        super().__init__(budget)
        if len(values) > MAX_GIVEN_DICE:
            raise DiceError(msg("dice.too-many-given", n=len(values), m=MAX_GIVEN_DICE))
        self.values = tuple(values)

    def _next(self, faces: int, label: str) -> int:
        index = self.drawn
        if index >= len(self.values):
            raise DiceError(msg("dice.missing", faces=faces, die=die_named(label),
                                pos=index + 1), needed=Needed(index + 1, faces, label))
        value = self.values[index]
        if not 1 <= value <= faces:
            raise DiceError(msg("dice.off-the-die", pos=index + 1, die=die_named(label),
                                faces=faces, value=value), needed=Needed(index + 1, faces, label))
        return value

    def finish(self) -> None:
        if self.drawn < len(self.values):
            raise DiceError(msg("dice.left-over", given=len(self.values), used=self.drawn))


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll as the response lists it: what it was for, its notation, the dice and the total."""

    label: str
    notation: str
    results: tuple[int, ...]
    total: int


def roll(source: DiceSource, label: str, count: int, faces: int) -> Roll:
    """Roll ``count`` d``faces`` for ``label``; the total is their sum."""
    results = tuple(source.die(faces, label) for _ in range(count))
    return Roll(label, f"{count}d{faces}", results, sum(results))


def plus(modifier: int, total: int) -> str:
    """A modifier and the total it gives: ``" + 2 = 14"``, ``" − 5 = −3"``; empty for 0."""
    if not modifier:
        return ""
    sign, minus = ("+" if modifier > 0 else "−"), ("−" if total < 0 else "")
    return f" {sign} {abs(modifier)} = {minus}{abs(total)}"


def written(a_roll: Roll) -> str:
    """The dice as the rules write them: ``2d6 = 3 + 4 = 7``, or ``1d20 = 14``."""
    if len(a_roll.results) == 1:
        return f"{a_roll.notation} = {a_roll.total}"
    shown = " + ".join(str(r) for r in a_roll.results)
    return f"{a_roll.notation} = {shown} = {a_roll.total}"

