"""No internal link of the built site is broken: every target file and every anchor exists, and
every page, the 404 page too, links the web app manifest and its icon."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from site_html import theme_config

from rulesite.search import not_found_root

BASE = "http://site.invalid"
#: The links a phone reads to add the site to its home screen (rulesite/search.py).
_HEAD_LINK = re.compile(r'<link rel="(manifest|apple-touch-icon)" href="([^"]+)">')


def _target(site_dir: Path, path: str) -> Path:
    file = site_dir / path.lstrip("/")
    return file / "index.html" if path.endswith("/") else file


def test_no_broken_internal_links(site_dir, pages):
    broken = []
    for page in pages.values():
        for link in page.links:
            url = urljoin(BASE + page.path, link)
            if not url.startswith(BASE):
                continue  # another site, or mailto:
            parts = urlsplit(url)
            path = unquote(parts.path)
            if not _target(site_dir, path).is_file():
                broken.append(f"{page.path}: {link}")
                continue
            if parts.fragment and path in pages and unquote(parts.fragment) not in pages[path].ids:
                broken.append(f"{page.path}: {link} (no anchor)")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_source_links_are_rewritten_to_the_site(pages):
    for page in pages.values():
        for link in page.links:
            assert "/rules/#" not in link, f"{page.path}: {link}"
            assert "the-psychopaths-land" not in link, f"{page.path}: {link}"


def test_glossary_links_point_to_glossary_entries(pages):
    glossary = pages["/zeme-psychopatu/rejstrik/"]
    linked = {
        link.split("#", 1)[1]
        for link in pages["/zeme-psychopatu/faze-kola/"].links
        if link.startswith("../rejstrik/#")
    }
    assert {"akcni-bod", "psychopat", "inventar"} <= linked
    assert linked <= glossary.ids


def test_every_page_and_the_404_page_link_the_manifest_and_its_icon(site_dir: Path) -> None:
    linked = {}
    for file in sorted(site_dir.rglob("*.html")):
        html = file.read_text(encoding="utf-8")
        if theme_config(html) is None:
            continue  # not a page of the theme (the API reference's frame)
        served = file.relative_to(site_dir).as_posix()
        # The 404 page is shown at any missing address, however deep.
        address = "/chybi/i/tady/" if served == "404.html" else "/" + served.removesuffix(
            "index.html")
        links = dict(_HEAD_LINK.findall(html))
        linked[served] = {rel: _target(site_dir, unquote(urlsplit(urljoin(BASE + address,
                                                                          href)).path))
                          for rel, href in links.items()}
    assert {"404.html", "index.html", "pravidla/unava/index.html"} <= set(linked)
    wanted = {"manifest": site_dir / "manifest.webmanifest",
              "apple-touch-icon": site_dir / "img" / "icon-192.png"}
    assert all(path.is_file() for path in wanted.values())
    assert {served: links for served, links in linked.items() if links != wanted} == {}


@pytest.mark.parametrize(("site_url", "root"), [
    (None, "/"), ("", "/"), ("https://example.org", "/"), ("https://example.org/hra/", "/hra/"),
    ("https://example.org/hra", "/hra/")])
def test_the_404_page_reaches_the_root_from_the_sites_own_path(site_url: str | None,
                                                                root: str) -> None:
    assert not_found_root(site_url) == root
