"""Every rule the engine cites (``rpg.core.citations.RULES``) resolves to a page and anchor."""

from __future__ import annotations

import pytest

from rpg.core.citations import CORE_CHAPTERS, RULES, slugify


@pytest.mark.parametrize("key", sorted(RULES))
def test_rule_citation_resolves(key, pages):
    rule = RULES[key]
    assert rule.page in pages, f"{key}: no page {rule.page}"
    assert rule.section in pages[rule.page].ids, f"{key}: no anchor #{rule.section} on {rule.page}"


@pytest.mark.parametrize("chapter", sorted(CORE_CHAPTERS))
def test_every_core_chapter_has_its_page(chapter, pages):
    page = pages[f"/pravidla/{chapter}/"]
    assert slugify(CORE_CHAPTERS[chapter]) in page.ids


def test_bold_lead_rules_get_anchors_named_by_slugify(pages):
    page = pages["/pravidla/nebezpeci-a-nastrahy/"]
    assert {"pad-z-vysky", "tma", "termovize", "hlad-a-zizen", "zadrzeni-dechu"} <= page.ids


def test_footnote_is_a_real_footnote(pages):
    page = pages["/pravidla/overeni-dovednosti/"]
    assert "fn:1" in page.ids
    assert "Poznámka pod čarou" not in page.text
