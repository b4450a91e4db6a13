"""The site's own stylesheets are whole: every rule closes where it should.

A rule left open (a merge once dropped one brace of ``expedition.css``) does not break the build
or the page: the browser nests every later rule inside it, where none of them matches, and the
pages lose their styles silently. Comments and strings are skipped (a brace in ``content: "{"``
is no block).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STYLESHEETS = sorted(Path("docs/stylesheets").glob("*.css"))
#: A comment, or a string in either quotes (with its escapes).
SKIPPED = re.compile(r"/\*.*?\*/|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", re.S)


def unbalanced(css: str) -> int | None:
    """The line of the first brace that closes nothing, or of the first block never closed."""
    text = SKIPPED.sub(lambda found: "\n" * found.group(0).count("\n"), css)
    opened: list[int] = []
    for line, content in enumerate(text.splitlines(), start=1):
        for character in content:
            if character == "{":
                opened.append(line)
            elif character == "}":
                if not opened:
                    return line
                opened.pop()
    return opened[0] if opened else None


def test_the_check_finds_a_rule_left_open_and_a_stray_brace() -> None:
    assert unbalanced(".a {\n  color: red;\n}\n") is None
    assert unbalanced(".a {\n  color: red;\n\n.b {\n}\n") == 1
    assert unbalanced(".a {}\n}\n") == 2
    assert unbalanced('.a::before { content: "{"; }\n/* { */\n') is None


@pytest.mark.parametrize("path", STYLESHEETS, ids=lambda path: path.name)
def test_every_rule_of_the_stylesheet_is_closed(path: Path) -> None:
    assert STYLESHEETS
    assert unbalanced(path.read_text(encoding="utf-8")) is None
