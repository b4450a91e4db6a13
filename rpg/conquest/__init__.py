"""Dobývání soustav: the space war game's units, attacks, credits and scoring (no dice)."""

# Importing the rulebook declares its procedures (rpg.core.registry).
from rpg.conquest import game  # noqa: F401
