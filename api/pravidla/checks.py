"""Skill checks, saving throws, magic items and x-in-y chances.

[Ověření dovedností, Záchranné hody, Jiné metody, Pasti, Putující monstra]
"""

from __future__ import annotations
