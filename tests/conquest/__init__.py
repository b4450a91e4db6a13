"""Tests of Dobývání soustav."""
