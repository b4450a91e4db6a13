"""Attacks [Útok obecně, Hody na útok, Ostatní bojové situace]."""

from __future__ import annotations
