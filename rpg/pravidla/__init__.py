"""The rules of "Pravidla a procedury": one module per rules area, each procedure a pure function of
(validated inputs, dice source)."""

# Importing the rulebook declares its procedures (rpg.core.registry).
from rpg.pravidla import (  # noqa: F401
    attack,
    checks,
    combat,
    dungeon,
    encounters,
    hazards,
    health,
    situations,
    wilderness,
)
