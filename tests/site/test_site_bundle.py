"""The built site ships the calculators as one minified bundle, rule data inside, in budget."""

from __future__ import annotations

import gzip
from pathlib import Path

BUDGET = 30 * 1024  # bytes gzipped, the calculators' JavaScript and data together


def test_the_calculators_ship_as_one_bundle_and_their_data(site_dir: Path) -> None:
    shipped = site_dir / "javascripts" / "calculators"
    assert sorted(p.name for p in shipped.iterdir()) == ["ui.js"]
    bundle = (shipped / "ui.js").read_text(encoding="utf-8")
    assert "\n//" not in bundle and "/**" not in bundle  # minified: no comments left
    # Every procedure module is inside: no import of a sibling file is left to fetch.
    assert 'import("./' not in bundle and "import(`./" not in bundle
    # The engine's rule data is inside too: nothing is left to fetch.
    assert "CALCULATOR_RULES" not in bundle and "rules.json" not in bundle
    assert '"Dreadnought"' in bundle


def test_the_calculators_stay_within_their_budget(site_dir: Path) -> None:
    shipped = site_dir / "javascripts" / "calculators"
    total = sum(len(gzip.compress(p.read_bytes(), compresslevel=9)) for p in shipped.iterdir())
    assert total <= BUDGET, f"{total} B gzipped, over the {BUDGET} B budget"


#: The most a phone downloads for the offline copy after its first visit (gzipped, as sent).
OFFLINE_BUDGET = 500 * 1024


def test_the_offline_copy_stays_small_and_keeps_the_rules(site_dir: Path) -> None:
    import json
    import re

    worker = (site_dir / "sw.js").read_text(encoding="utf-8")
    urls = json.loads(re.search(r"\[\s*\"[^\]]*\]", worker).group(0))
    files = [site_dir / (url + "index.html" if url.endswith("/") else url)
             for url in urls if url != "./"] + [site_dir / "index.html"]
    total = sum(len(gzip.compress(file.read_bytes(), compresslevel=6)) for file in files)
    assert total <= OFFLINE_BUDGET, f"{total} B gzipped, over {OFFLINE_BUDGET} B"
    # What a phone at the table needs is in it; the API's interactive reference is not.
    assert "javascripts/calculators/ui.js" in urls and "pravidla/unava/" in urls
    assert not [url for url in urls if "swagger" in url or url.endswith("openapi.json")]
