"""Země psychopatů: the round phases (action points, what a round allows) and combat."""

# Importing the rulebook declares its procedures (rpg.core.registry), in the rulebook's order:
# the round's phases, then combat.
from rpg.psychopaths_land import round_phases  # noqa: F401, I001
from rpg.psychopaths_land import combat  # noqa: F401
