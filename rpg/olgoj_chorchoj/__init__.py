"""Olgoj Chorchoj: the board game's action tokens and the Engineering action (no dice)."""

# Importing the rulebook declares its procedures (rpg.core.registry).
from rpg.olgoj_chorchoj import action_tokens  # noqa: F401
