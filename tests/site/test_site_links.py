"""No internal link of the built site is broken: every target file and every anchor exists."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

BASE = "http://site.invalid"


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
