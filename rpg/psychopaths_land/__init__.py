"""Země psychopatů: the board game's action points, round phases and combat."""
