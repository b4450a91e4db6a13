"""Reading the built site: ids, links and text of HTML pages; where the repository and rules are."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
#: The rule texts the site publishes, kept unchanged in the repository (``rules/``).
RULES_DIR = ROOT / "rules"

#: Material's settings for a page's script: its search worker, its words (``translations``).
_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)

#: Elements whose start and end separate blocks of text.
BLOCKS = frozenset(
    {
        *("address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt"),
        *("figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr"),
        *("li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td"),
        *("tfoot", "th", "thead", "tr", "ul"),
    }
)


@dataclass
class Page:
    """What the tests need of one built HTML page."""

    path: str
    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)
    text: str = ""


class _PageParser(HTMLParser):
    """Collects ids, link targets and the article's text (blocks separated by newlines)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.chunks: list[str] = []
        self._article = 0
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("name"):
            self.ids.add(attributes["name"])
        for name in ("href", "src"):
            if tag in ("a", "link", "script", "img", "iframe") and attributes.get(name):
                self.links.append(attributes[name])
        if tag == "article":
            self._article += 1
        if tag in ("script", "style"):
            self._skip += 1
        if tag in BLOCKS:
            self.chunks.append("\n")

    def handle_endtag(self, tag):
        if tag == "article":
            self._article -= 1
        if tag in ("script", "style"):
            self._skip -= 1
        if tag in BLOCKS:
            self.chunks.append("\n")

    def handle_data(self, data):
        if self._article and not self._skip:
            self.chunks.append(data)


def text_blocks(html: str) -> list[str]:
    """The text of an HTML fragment's article (or whole fragment), one string per block."""
    parser = _PageParser()
    parser._article = 0 if "<article" in html else 1
    parser.feed(html)
    parser.close()
    return [" ".join(line.split()) for line in "".join(parser.chunks).split("\n") if line.strip()]


def parse_page(path: str, html: str) -> Page:
    """Parse one built page."""
    parser = _PageParser()
    parser.feed(html)
    parser.close()
    text = " ".join("".join(parser.chunks).split())
    return Page(path=path, ids=parser.ids, links=parser.links, text=text)


def theme_config(html: str) -> dict[str, Any] | None:
    """The settings Material wrote into a built page (``__config``), if it wrote any."""
    found = _CONFIG.search(html)
    return json.loads(found.group(1)) if found else None


def offline_urls(site_dir: Path) -> list[str]:
    """The addresses the built site's service worker keeps for offline reading."""
    worker = (site_dir / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"\[\s*\"[^\]]*\]", worker)
    assert found is not None, "no precache list in sw.js"
    return list(json.loads(found.group(0)))
