"""Search without diacritics, rules stated as bold lead paragraphs found on their own, and the
offline copy's list of files.

- Search: every rule stated as a bold lead paragraph (``**Pád z výšky:**``, anchored on the page)
  becomes a search entry of its own, so a search lands on the rule itself. Every entry gets
  ``ascii_title`` and ``ascii_text`` fields (title and text without diacritics, indexed but
  never shown): Czech has no lunr pipeline, and a GM typing on a phone skips the diacritics.
- On demand: Material's search worker builds lunr's index as soon as a page loads. Every page
  instead starts the site's worker (``docs/javascripts/search-worker.js``, written beside
  Material's with its file name), which has Material's worker build the index at the first
  query.
- Offline: ``sw.js`` gets the list of every file of the build to precache, and a version derived
  from their contents, so a new build replaces the old cache.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# Files the browser never needs offline: source maps, the sitemap, lunr's other languages, the
# worker itself (the browser keeps it), the tools' pages under nastroje/ (the API's interactive
# reference with its OpenAPI document, the deployment and measurement pages, the VTT
# integrations' install pages: read at a desk with a connection, and each cached by the visit
# that reads it), the expedition's pages and scripts (they need the server; opened offline from
# the cache of a visit they say so), and the VTT integrations' scripts and screenshots. The
# verification page of the expedition's log (vyprava/overeni/) is kept: it checks an exported
# file offline (its script is bundled with the calculators').
SKIP = re.compile(r"(\.map$|^sitemap\.xml|^assets/javascripts/lunr/|^sw\.js$|swagger-ui"
                  r"|^nastroje/|^vyprava/(?!overeni/)"
                  r"|^javascripts/expedition/|^integrace/|^img/integrace/"
                  r"|^javascripts/site-url\.js$)")
#: The site's search worker, built from docs/javascripts/search-worker.js beside Material's.
SEARCH_WORKER = "assets/javascripts/workers/search-on-demand.js"
SEARCH_WORKER_SOURCE = "javascripts/search-worker.js"
_MATERIAL_WORKER = re.compile(r'("search": "[^"]*assets/javascripts/workers/)'
                              r'search\.[0-9a-f]+\.min\.js"')
_TAG = re.compile(r"<[^>]+>")
_LEAD = re.compile(r'<p id="([^"]+)"><strong>(.*?)</strong>(.*?)</p>', re.S)


def fold(text: str) -> str:
    """Text without diacritics: ``"Pád z výšky"`` → ``"Pad z vysky"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def lead_entries(page_url: str, content: str) -> list[dict[str, Any]]:
    """The page's bold lead rules as search entries of their own."""
    return [
        {
            "location": f"{page_url}#{anchor}",
            "title": _TAG.sub("", title).strip().rstrip(":"),
            "text": text.strip(),
        }
        for anchor, title, text in _LEAD.findall(content)
    ]


def head_links(root: str) -> str:
    """The manifest and theme colour every page links, so a phone can add the site; ``root`` is
    the way from the page to the site's root (:func:`page_root`, :func:`not_found_root`)."""
    return (
        f'<link rel="manifest" href="{root}manifest.webmanifest">'
        '<meta name="theme-color" content="#6d4c41">'
        f'<link rel="apple-touch-icon" href="{root}img/icon-192.png">'
    )


def page_root(page_url: str) -> str:
    """From a page to the site's root: ``../`` for each folder of its address."""
    return "../" * page_url.count("/") if page_url else ""


def not_found_root(site_url: str | None) -> str:
    """From the 404 page to the site's root: the site's own path, as MkDocs gives that page's
    ``base_url`` (it is served at any missing address, so no relative way holds)."""
    path = urlsplit(site_url or "/").path
    return path if path.endswith("/") else path + "/"


def on_demand(output: str) -> str:
    """The page with its search worker the site's (the index built at the first query)."""
    output, count = _MATERIAL_WORKER.subn(
        rf'\1{SEARCH_WORKER.rsplit("/", 1)[1]}"', output, count=1)
    if count != 1:
        raise RuntimeError("no Material search worker in the page's __config to stand in for")
    return output


def write_search_worker(docs: Path, site: Path) -> None:
    """The site's search worker beside Material's, which it imports by name."""
    material = [path.name for path in (site / SEARCH_WORKER).parent.glob("search.*.min.js")]
    if len(material) != 1:
        raise RuntimeError(f"expected one Material search worker, found {material}")
    source = (docs / SEARCH_WORKER_SOURCE).read_text(encoding="utf-8")
    (site / SEARCH_WORKER).write_text(source.replace("__MATERIAL_WORKER__", material[0]),
                                      encoding="utf-8")


def fold_index(site: Path, leads: dict[str, list[dict[str, Any]]]) -> None:
    """Add the lead rules and the ASCII fields to the built search index."""
    index_path = site / "search" / "search_index.json"
    index = json.loads(index_path.read_text(encoding="utf-8"))
    docs = []
    for doc in index["docs"]:
        docs.append(doc)
        # A page's first entry has the page's own location; its lead rules follow it.
        docs += leads.pop(doc["location"], [])
    for doc in docs:
        doc["ascii_title"] = fold(doc["title"])
        doc["ascii_text"] = fold(_TAG.sub(" ", doc["text"]))
    index["docs"] = docs
    index_path.write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")


def offline_files(site: Path) -> list[str]:
    """Every file of the build a reader may need offline, relative to the site's root."""
    return sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*")
        if path.is_file() and not SKIP.search(path.relative_to(site).as_posix())
    )


def write_worker(site: Path) -> None:
    """Write the precache list and the build's version into the service worker."""
    files = offline_files(site)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((site / name).read_bytes())
    # Directory URLs are what readers open; the server maps them to index.html.
    urls = ["./" if f == "index.html" else f.removesuffix("index.html") for f in files]
    worker = site / "sw.js"
    source = worker.read_text(encoding="utf-8")
    source = source.replace("__VERSION__", digest.hexdigest()[:12])
    source = source.replace("__PRECACHE__", json.dumps(urls, indent=1))
    worker.write_text(source, encoding="utf-8")
