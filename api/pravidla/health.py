"""Fatigue, death and healing [Únava, Mírnější systém smrti, Přirozené léčení]."""

from __future__ import annotations
