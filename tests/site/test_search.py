"""The built site's search: its own worker, which imports Material's and has it build the index
at the first query (docs/javascripts/search-worker.js, rulesite/search.py; its behaviour in a
browser is in test_site_browser.py), and an index of the rules without the calculators' forms."""

from __future__ import annotations

import json
import re
from pathlib import Path

from site_html import offline_urls, theme_config

from rulesite.search import SEARCH_WORKER


def test_every_page_starts_the_sites_search_worker(site_dir: Path) -> None:
    pages = sorted(site_dir.rglob("*.html"))
    started = {}
    for page in pages:
        config = theme_config(page.read_text(encoding="utf-8"))
        if config:
            url = config["search"]
            # Relative to the page; the 404 page's, which any missing path shows, to the root.
            base = site_dir if url.startswith("/") else page.parent
            worker = (base / url.lstrip("/")).resolve()
            started[page.relative_to(site_dir).as_posix()] = worker
    assert {"404.html", "index.html", "pravidla/unava/index.html"} <= set(started)
    assert set(started.values()) == {(site_dir / SEARCH_WORKER).resolve()}


def test_the_search_worker_imports_materials_and_is_kept_offline(site_dir: Path) -> None:
    source = (site_dir / SEARCH_WORKER).read_text(encoding="utf-8")
    assert "__MATERIAL_WORKER__" not in source
    (material,) = re.findall(r'^const MATERIAL_WORKER = "([^"]+)";$', source, re.M)
    assert re.fullmatch(r"search\.[0-9a-f]+\.min\.js", material)
    assert ((site_dir / SEARCH_WORKER).parent / material).is_file()
    urls = offline_urls(site_dir)
    assert SEARCH_WORKER in urls
    assert f"{SEARCH_WORKER.rsplit('/', 1)[0]}/{material}" in urls


def test_the_index_has_each_calculators_title_and_none_of_its_form(site_dir: Path) -> None:
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = " ".join(doc["text"] for doc in index["docs"]
                    if doc["location"].startswith("pravidla/unava/"))
    assert "Kalkulačka: Únava" in text
    # The form's labels and its button ran together in a result ("…kostkyVlastní kostkyHodit").
    assert "Vlastní kostky" not in text and "Hodit" not in text
