"""Olgoj Chorchoj: the board game's action tokens and the Engineering action (no dice)."""
