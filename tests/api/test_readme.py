"""The README says what the running code does: its example answers and its settings."""

from __future__ import annotations

import re
from pathlib import Path

from flask.testing import FlaskClient

README = Path(__file__).resolve().parents[2] / "README.md"
SERVE = README.parent / "api" / "serve.py"

#: A URL answering plain text, then the answer in a ```text block.
_EXAMPLE = re.compile(r"`http://127\.0\.0\.1:8000(/api/v1/[^`]*format=text[^`]*)`[^`]*"
                      r"```text\n(.*?)```", re.S)


def test_the_plain_text_examples_answer_what_the_readme_shows(client: FlaskClient) -> None:
    examples = _EXAMPLE.findall(README.read_text(encoding="utf-8"))
    assert examples, "the README shows no plain-text example"
    for url, shown in examples:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.get_data(as_text=True) == shown, url


def test_every_server_setting_is_in_the_readmes_configuration() -> None:
    text = README.read_text(encoding="utf-8")
    configuration = text[text.index("## Configuration"):text.index("## Libraries, and why")]
    read = set(re.findall(r"\"(RPG_\w+|WEB_CONCURRENCY)\"", SERVE.read_text(encoding="utf-8")))
    assert {"RPG_BIND", "RPG_CERTFILE", "RPG_KEYFILE"} <= read
    assert {name for name in read if f"`{name}`" not in configuration} == set()
