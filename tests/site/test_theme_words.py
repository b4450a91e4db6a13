"""The theme's own words on every built page (Material's Czech, fixed where it erred in
overrides/partials/languages/custom.html) say "ty" and fit any number, as the site's do."""

from __future__ import annotations

import re
from pathlib import Path

from site_html import theme_config

from tests.czech import PLURAL_ADDRESS, SHOWN

#: What the theme writes as text for the reader, besides its attributes (SHOWN): the skip link
#: and the search's first line.
THEME_TEXT = re.compile(r'class="md-(?:skip|search-result__meta)"[^>]*>([^<]*)<')


def test_the_themes_words_say_ty(site_dir: Path) -> None:
    said = {}
    for page in sorted(site_dir.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        config = theme_config(html)
        words = [*config["translations"].values()] if config else []
        words += SHOWN.findall(html) + THEME_TEXT.findall(html)
        plural = sorted({w for text in words for w in PLURAL_ADDRESS.findall(text)})
        if plural:
            said[page.relative_to(site_dir).as_posix()] = plural
    assert said == {}


def test_the_themes_counts_fit_any_number(site_dir: Path) -> None:
    # "# více na této stránce" read "3 více" and "5 více": a count after a colon fits them all.
    config = theme_config((site_dir / "index.html").read_text(encoding="utf-8"))
    assert config is not None
    translations = config["translations"]
    counted = {key: text for key, text in translations.items() if "#" in text}
    assert counted and all(text.endswith(": #") for text in counted.values()), counted
    assert translations["search.result.placeholder"] == "Napiš, co hledáš"
