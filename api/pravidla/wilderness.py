"""Camping and travel [Přenocování v divočině, Cestování po světě, Rychlé cestování]."""

from __future__ import annotations
