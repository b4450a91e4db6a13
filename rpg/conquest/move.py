"""Dobývání soustav, [Pohyb]: a unit's move on the hex map, valid or the first step that breaks
a rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rpg.conquest.game import outcome, quote, unit_name, unit_named
from rpg.core.catalog import Field, Join, Message, messages, msg
from rpg.core.citations import cite
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

cite("conquest-move", "Pohyb", "pravidla-hry", rulebook="dobyvani-soustav")

Hex = tuple[int, int]

#: [Pohyb] a hex's six neighbours in axial coordinates ``[q, r]``: one step of a move.
HEX_NEIGHBOURS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: The sentences of [Pohyb] a move can break, in the rules' order (each quoted as the catalog's
#: ``conquest.quote.<rule>``).
MOVE_RULES = ("movement", "one-ship-per-hex", "no-passing")
MoveRule = Literal["movement", "one-ship-per-hex", "no-passing"]
#: A hex's coordinates, a path's hexes (its start and each step: the fastest unit moves 4, a
#: path may go on to show where it breaks a rule) and the ships on the map: generous bounds, no
#: rule states any.
COORD_MIN, COORD_MAX = -100, 100
PATH_MIN, PATH_MAX = 2, 20
SHIPS_MAX = 100

#: What the calculator needs of this module (``conquest/move.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "neighbours": HEX_NEIGHBOURS, "coord": [COORD_MIN, COORD_MAX], "path": [PATH_MIN, PATH_MAX],
    "ships": SHIPS_MAX,
}

MESSAGES = messages({
    "conquest/move.title": Text("Pohyb jednotky", "Moving a unit"),
    "conquest/move.text": Text(
        "Pohyb – {unit} (pohyblivost {movement}): {path}, {steps}: podle pravidel.",
        "Move – {unit} (movement {movement}): {path}, {steps}: by the rules."),
    "conquest/move.broken": Text(
        "Pohyb – {unit} (pohyblivost {movement}): {path}, {steps}: {step}.\u00a0krok na {hex} "
        "porušuje pravidlo {quote}",
        "Move – {unit} (movement {movement}): {path}, {steps}: step {step} onto {hex} breaks "
        "the rule {quote}"),
    "conquest/move.hex": Text("[{q}, {r}]", "[{q}, {r}]"),
    # The calculator's drawing of the move (its accessible name).
    "conquest/move.map": Text("Mapa hexů: cesta jednotky od startu (0), kroky očíslované, lodě "
                              "tmavě, porušený krok červeně",
                              "Hex map: the unit's path from its start (0), the steps "
                              "numbered, ships dark, the step breaking a rule red"),
    "conquest/move.path-length": Text(
        "Cesta má {low} až {high} hexů (start a každý krok), ne {count}.",
        "A path has {low} to {high} hexes (the start and each step), not {count}."),
    "conquest/move.not-a-hex": Text(
        "{field} má být hex [q, r]: dvě celá čísla od {low} do {high}.",
        "{field} must be a hex [q, r]: two whole numbers from {low} to {high}."),
    "conquest/move.too-many-ships": Text("Lodí může být nejvýše {high}, ne {count}.",
                                         "At most {high} ships, not {count}."),
    "conquest/move.not-adjacent": Text(
        "{step}.\u00a0krok vede z {start} na {end}, a to není sousední hex: cesta jde hex po "
        "hexu.",
        "Step {step} goes from {start} to {end}, which is no neighbouring hex: a path goes hex "
        "by hex."),
    "conquest/move.ship-twice": Text("Hex {hex} je mezi loděmi dvakrát: {quote}",
                                     "Hex {hex} is among the ships twice: {quote}"),
})



@dataclass(frozen=True, slots=True)
class MoveBreach:
    """The first step of a move that breaks a sentence of [Pohyb]."""

    step: int = field(metadata={
        "description": "The step that breaks it: 1 is the move from path[0] to path[1]."})
    hex: Hex = field(metadata={"description": "The hex that step enters, [q, r]."})
    rule: MoveRule = field(metadata={
        "description": "movement (more steps than the unit's Pohyblivost), one-ship-per-hex "
                       "(the move ends on a ship), no-passing (it passes through a ship)."})
    quote: Message = field(metadata={"description": "The sentence broken, quoted."})


@dataclass(frozen=True, slots=True)
class MoveResult:
    """``result`` of ``conquest/move``."""

    unit: str = field(metadata=unit_name("The moving unit, as the table spells it."))
    movement: int = field(metadata={"description": "Its Pohyblivost: hexes it may move."})
    steps: int = field(metadata={"description": "Steps of the path: its hexes less the start."})
    start: Hex = field(metadata={"description": "Where the unit stands, path[0]."})
    end: Hex = field(metadata={"description": "Where the path ends."})
    valid: bool = field(metadata={"description": "The whole move keeps every rule of [Pohyb]."})
    broken: MoveBreach | None = field(metadata={
        "description": "The first step that breaks a rule, and which; null when valid."})


def _hex(value: Any, field: str) -> Hex:
    """``value`` as a hex ``(q, r)``: two whole numbers within the map's bounds."""
    if (isinstance(value, list | tuple) and len(value) == 2
            and all(isinstance(c, int) and not isinstance(c, bool)
                    and COORD_MIN <= c <= COORD_MAX for c in value)):
        return value[0], value[1]
    raise RuleError(msg("conquest/move.not-a-hex", field=Field(field), low=COORD_MIN,
                        high=COORD_MAX), field=field)


def written_hex(place: Hex) -> Message:
    """A hex as the input writes it: ``[1, -2]``."""
    return msg("conquest/move.hex", q=place[0], r=place[1])


def neighbours(a: Hex, b: Hex) -> bool:
    """Whether ``b`` is one of the six hexes around ``a``."""
    return (b[0] - a[0], b[1] - a[1]) in HEX_NEIGHBOURS


@procedure("conquest/move", rolls=False, result=MoveResult, rule="conquest-move",
           samples=({"unit": "Frigate", "path": [[0, 0], [1, 0], [2, -1]],
                     "ships": [[2, 0]]},))
def move(source: DiceSource, *, unit: str, path: Sequence[Any],
         ships: Sequence[Any] = ()) -> Outcome:
    """[Pohyb] a unit's move on the hex map: ``path`` its hexes from where it stands, each step
    to a neighbouring hex (axial ``[q, r]``); ``ships`` the hexes where other ships stand (the
    start may be listed: it is the moving ship itself). "Jednotka se posune až o tolik hexů,
    kolik je její pohyblivost", "Na jednom hexu nikdy nesmí stát více lodí", "Nelze se
    pohybovat přes lodě (ani vlastní)": the move is valid, or the result names its first step
    that breaks one, and which. A path that is no path (a jump, a hex off the map) is refused.
    """
    mover = unit_named(unit)
    if not PATH_MIN <= len(path) <= PATH_MAX:
        raise RuleError(msg("conquest/move.path-length", low=PATH_MIN, high=PATH_MAX,
                            count=len(path)), field="path")
    hexes = [_hex(place, f"path.{index}") for index, place in enumerate(path)]
    for step in range(1, len(hexes)):
        if not neighbours(hexes[step - 1], hexes[step]):
            raise RuleError(msg("conquest/move.not-adjacent", step=step,
                                start=written_hex(hexes[step - 1]),
                                end=written_hex(hexes[step])), field=f"path.{step}")
    if len(ships) > SHIPS_MAX:
        raise RuleError(msg("conquest/move.too-many-ships", high=SHIPS_MAX, count=len(ships)),
                        field="ships")
    occupied: set[Hex] = set()
    for index, place in enumerate(ships):
        ship = _hex(place, f"ships.{index}")
        if ship in occupied:
            raise RuleError(msg("conquest/move.ship-twice", hex=written_hex(ship),
                                quote=quote("one-ship-per-hex")), field=f"ships.{index}")
        occupied.add(ship)
    occupied.discard(hexes[0])  # the moving ship itself
    steps = len(hexes) - 1
    broken: MoveBreach | None = None
    for step in range(1, steps + 1):
        place = hexes[step]
        rule: MoveRule | None = (
            "movement" if step > mover.movement
            else "one-ship-per-hex" if place in occupied and step == steps
            else "no-passing" if place in occupied else None)
        if rule is not None:
            broken = MoveBreach(step, place, rule, quote(rule))
            break
    said = {"unit": mover.name, "movement": mover.movement,
            "path": Join(tuple(map(written_hex, hexes)), " → "),
            "steps": msg("conquest.hexes", n=steps)}
    text = (msg("conquest/move.text", **said) if broken is None else
            msg("conquest/move.broken", **said, step=broken.step, hex=written_hex(broken.hex),
                quote=broken.quote))
    result = MoveResult(mover.name, mover.movement, steps, hexes[0], hexes[-1], broken is None,
                        broken)
    return outcome("move", result, text, "conquest-move")
