"""Dobývání soustav: the space war game's units, attacks, credits and scoring (no dice).

One module per rule (``game``: the unit table, the numbers and the quoted sentences they share).
"""

# Importing the rulebook declares its procedures (rpg.core.registry), in the rulebook's order.
from rpg.conquest import game  # noqa: F401, I001
from rpg.conquest import attack, regen, income, end_of_game  # noqa: F401
from rpg.conquest import coins, buy, capture, teleport, move  # noqa: F401
