"""Země psychopatů: the board game's action points, round phases and combat."""

# Importing the rulebook declares its procedures (rpg.core.registry).
from rpg.psychopaths_land import game  # noqa: F401
