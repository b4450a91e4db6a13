"""Nothing of the rules is dropped: every sentence of the source texts is on the site verbatim.

The only differences allowed are the typo corrections listed on the site's page of corrections
(``docs/opravy.md``); the test applies them to the source first, so every other sentence must
appear unchanged. Markup is compared as rendered text (emphasis, links and tables removed,
whitespace normalised), each source text against the pages it is published on.
"""

from __future__ import annotations

import re

import markdown
import pytest
from site_html import ROOT, RULES_DIR, text_blocks

#: Source text → the site paths (prefixes) that publish it.
PUBLISHED = {
    "pravidla-a-procedury.md": "/pravidla/",
    "zeme-psychopatu-faze-kola.md": "/zeme-psychopatu/faze-kola/",
    "zeme-psychopatu-boj.md": "/zeme-psychopatu/boj/",
    "dobyvani-soustav.md": "/dobyvani-soustav/pravidla-hry/",
    "olgoj-chorchoj-zetony-akci.txt": "/olgoj-chorchoj/zetony-akci/",
}
_ROW = re.compile(r"^\| \[[^\]]+\]\(([^)#]+)[^)]*\) \| `([^`]+)` \| `([^`]+)` \|$", re.M)
_FOOTNOTE = re.compile(r"\s*\(Poznámka pod čarou: ([^)]*)\)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_ENUMERATOR = re.compile(r"^\s*\d+[.)]\s+")


def corrections() -> list[tuple[str, str, str]]:
    """(source file, original, corrected) for every row of the corrections page."""
    rows = []
    for link, original, corrected in _ROW.findall((ROOT / "docs" / "opravy.md").read_text()):
        page = "/" + link.removesuffix(".md") + "/"
        source = next(name for name, prefix in PUBLISHED.items() if page.startswith(prefix))
        rows.append((source, original, corrected))
    return rows


def source_sentences(name: str) -> list[str]:
    """The sentences of one source text, corrections applied, as rendered plain text."""
    text = (RULES_DIR / name).read_text(encoding="utf-8")
    for source, original, corrected in corrections():
        if source == name:
            assert original in text, f"correction of {original!r} not found in {name}"
            text = text.replace(original, corrected)
    if name.endswith(".md"):
        text = _FOOTNOTE.sub(lambda m: "\n\n" + m.group(1) + "\n\n", text)
        html = markdown.markdown(text, extensions=["tables", "admonition"])
        blocks = text_blocks(html)
    else:
        blocks = [_ENUMERATOR.sub("", line) for line in text.splitlines()]
    sentences = []
    for block in blocks:
        sentences += [s.strip() for s in _SENTENCE_END.split(" ".join(block.split())) if s.strip()]
    return sentences


def normalise(text: str) -> str:
    """Whitespace collapsed; emphasis asterisks (escaped in the sources) removed."""
    return " ".join(text.replace("*", "").split())


def test_corrections_are_listed():
    assert len(corrections()) >= 40


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_every_sentence_is_published_verbatim(name, pages):
    assert (RULES_DIR / name).is_file(), f"rule text {name} missing from {RULES_DIR}"
    prefix = PUBLISHED[name]
    published = [page.text for path, page in pages.items() if path.startswith(prefix)]
    site_text = normalise(" \n ".join(published))
    missing = [s for s in source_sentences(name) if normalise(s) not in site_text]
    assert not missing, f"{len(missing)} sentences of {name} missing:\n" + "\n".join(missing)
