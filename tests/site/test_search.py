"""The built site's search: its own worker, which imports Material's and has it build the index
at the first query (docs/javascripts/search-worker.js, rulesite/search.py; its behaviour in a
browser is in test_site_browser.py), and an index of the rules without the calculators' forms."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from site_html import offline_urls, theme_config

from rpg.core.citations import RULES
from rpg.core.registry import Procedure, procedures
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


#: Each calculator on the built pages: its procedure's path and its form's markup.
_FORM = re.compile(r'<section\b[^>]*\bdata-procedure="([^"]+)"[^>]*>.*?<form\b[^>]*>(.*?)</form>',
                   re.S)
_LABEL = re.compile(r"<(?:label|button)\b[^>]*>([^<]+)<")


def _calculators() -> list[Procedure]:
    return [procedure for procedure in procedures().values() if procedure.calculator]


@pytest.mark.parametrize("procedure", _calculators(), ids=lambda procedure: procedure.path)
def test_the_index_has_each_calculators_title_and_none_of_its_form(
        site_dir: Path, procedure: Procedure) -> None:
    page = RULES[procedure.rule].page.lstrip("/")
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = " ".join(doc["text"] for doc in index["docs"] if doc["location"].startswith(page))
    assert f"Kalkulačka: {procedure.title.in_('cs')}" in text
    # Indexed, the form's labels and its button ran together in a result ("Počet stěn
    # kostkyVlastní kostky…Hodit"): no two of them follow each other in the page's entries.
    html = (site_dir / page / "index.html").read_text(encoding="utf-8")
    (form,) = [form for path, form in _FORM.findall(html) if path == procedure.path]
    words = [label.strip() for label in _LABEL.findall(form)]
    assert len(words) >= 2
    assert not [pair for pair in itertools.pairwise(words) if "".join(pair) in text]
