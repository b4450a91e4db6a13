"""Tests of the engine's core: dice sources, dice notation, text."""
