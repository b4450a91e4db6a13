"""Checks of the Czech the site and the API show, shared by the tests that read it."""

from __future__ import annotations

import re

#: Verbs in the second person plural ("vy"): the pages address the GM and the players as "ty".
PLURAL_ADDRESS = re.compile(
    r"\b(\w+(?:ujte|ejte|ěte|ete|ite|íte|ňte|ďte|ťte|šte|žte|rte|ste|pte|jte)|vy|vás|vám|vaše?)\b",
    re.IGNORECASE)
#: The attributes of a page's markup that a reader sees or hears.
SHOWN = re.compile(r'\b(?:title|placeholder|aria-label|alt)="([^"]*)"')
