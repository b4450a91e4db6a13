"""The non-JSON answers: plain text for phones and curl, Markdown for Discord, HTML for a VTT."""

from __future__ import annotations

from html import escape
from typing import Any

FORMATS = ("json", "text", "md", "html")
MIMETYPES = {
    "text": "text/plain",
    "md": "text/markdown",
    "html": "text/html",
}


def as_text(body: dict[str, Any]) -> str:
    """``text`` alone, one line."""
    return body["text"] + "\n"


def as_markdown(body: dict[str, Any], site: str) -> str:
    """A chat message: the rule in bold linking to its section, then the text."""
    rule = body["rule"]
    return f"**[{rule['title']}]({site}{rule['url']})** · {body['text']}\n"


def as_html(body: dict[str, Any], site: str) -> str:
    """A small card for a VTT chat (Foundry's ``ChatMessage.create({content})``)."""
    rule = body["rule"]
    chance = body.get("chance")
    chance_html = (
        f'<span class="rpg-chance">{round(chance * 100, 1):g} %</span>'
        if isinstance(chance, float) else ""
    )
    return (
        f'<div class="rpg-result" data-procedure="{escape(body["procedure"])}">'
        f'<h3><a href="{escape(site + rule["url"])}">{escape(rule["title"])}</a></h3>'
        f"<p>{escape(body['text'])}</p>{chance_html}</div>\n"
    )
