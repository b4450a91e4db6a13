"""Dobývání soustav: the space war game's units, attacks, credits and scoring (no dice)."""
