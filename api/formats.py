"""The non-JSON answers: plain text for phones and curl, Markdown for Discord, HTML for a VTT.

A result and an error become the same :class:`Card` (a header, the sentence, the chance labelled
with what it is the chance of, the rule cited), written in the answer's language and then in the
format asked for. A card opened directly in a browser (a phone following a link) is wrapped in a
small page that reads at a phone's size; a VTT macro fetching it gets the bare fragment for its
chat.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from html import escape
from typing import Any

from flask import request
from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Request

from api.language import query_value
from rpg.core.catalog import messages, msg
from rpg.core.text import Text, number

FORMATS = ("json", "text", "md", "html")
MIMETYPES = {
    "text": "text/plain",
    "md": "text/markdown",
    "html": "text/html",
}

#: What each chat-card format is, for the OpenAPI document.
_CARD_DESCRIPTIONS = {
    "text": "format=text (or Accept: text/plain): the sentence alone, the chance on a second "
            "line.",
    "md": "format=md: a Discord message (Markdown; the user's text escaped).",
    "html": "format=html: a card for a VTT chat. A browser opening the URL itself "
            "(Sec-Fetch-Dest: document) gets text/html for format=text too: a page around the "
            "card, with its own Content-Security-Policy.",
}


def card_response() -> dict[str, Any]:
    """The chat-card formats of an answer, for the OpenAPI document: each Content-Type with what
    it holds, merged into the JSON answer's own entry by flask-smorest's ``alt_response(200,
    response=...)`` (it reads the entry's ``content_type``, here the JSON one it merges into)."""
    return {"content": {MIMETYPES[fmt]: {"schema": {"type": "string", "description": text}}
                        for fmt, text in _CARD_DESCRIPTIONS.items()},
            "content_type": "application/json"}


MESSAGES = messages({
    "api.card.header": Text("PJ", "GM"),
    "api.card.rule": Text("Pravidlo", "Rule"),
    "api.card.error": Text("Chyba {status}", "Error {status}"),
    "api.card.chance": Text("{label}: {percent}", "{label}: {percent}"),
    "api.card.chance-default": Text("Šance", "Chance"),
})


@dataclass(frozen=True, slots=True)
class Card:
    """What a chat card shows, every word already in the answer's language."""

    lang: str
    procedure: str | None
    title: str
    text: str
    chance: str | None = None
    rule_title: str | None = None
    rule_url: str | None = None
    error: bool = False


def percent(chance: float, lang: str) -> str:
    """A probability as a percentage to one decimal: ``58,3 %`` in Czech, ``58.3%`` in English."""
    value = number(round(chance * 100, 1), lang)
    return f"{value}\u00a0%" if lang == "cs" else f"{value}%"


def chance_line(label: str | None, chance: float, lang: str) -> str:
    """``Šance, že drží: 58,3 %``: the chance with what it is the chance of."""
    shown = label or msg("api.card.chance-default").in_(lang)
    return msg("api.card.chance", label=shown, percent=percent(chance, lang)).in_(lang)


def requested_format(body_format: str | None = None, req: Request | None = None) -> str:
    """``json``, ``text``, ``md`` or ``html`` for ``req`` (default: Flask's current request):
    the ``format`` input, else the Accept header."""
    fmt = query_value("format", req) or body_format
    if fmt in FORMATS:
        return fmt
    return accepted_format((request if req is None else req).environ)


def accepted_format(environ: dict[str, Any]) -> str:
    """``text`` when the request's ``Accept`` prefers plain text to JSON, else ``json``."""
    accept = environ.get("HTTP_ACCEPT")
    # Without an Accept header, or with a catch-all, JSON: no header to parse.
    if not accept or accept in ("*/*", "application/json"):
        return "json"
    best = parse_accept_header(accept, MIMEAccept).best_match(["application/json", "text/plain"])
    return "text" if best == "text/plain" else "json"


def opened_in_browser(req: Request | None = None) -> bool:
    """A person followed a link (``Sec-Fetch-Dest: document``), not a script fetching (``req``,
    default: Flask's current request)."""
    return (request if req is None else req).environ.get("HTTP_SEC_FETCH_DEST") == "document"


def as_text(card: Card) -> str:
    """The sentence alone (an error: its message), one line; the chance on a second line."""
    lines = [card.text]
    if card.chance:
        lines.append(card.chance)
    return "\n".join(lines) + "\n"


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_~|>#\[\]()<])")
#: What makes a line a list item (a number's ``)`` is escaped as any bracket is).
_LIST_MARKER = re.compile(r"^(\d{1,9})?([-+.])(?= |$)")
_MENTION = re.compile(r"@(everyone|here)", re.IGNORECASE)
#: Runs of whitespace, a non-breaking space ("50 %") excepted: it keeps a number by its unit.
_WHITESPACE = re.compile(r"[^\S\u00a0]+")


def markdown_escaped(text: str) -> str:
    """Text that Discord (or any Markdown) shows as it is: no formatting, no link, no mention,
    one line.

    A side's or a character's name is the user's: ``@everyone`` would ping a whole server,
    ``[x](https://…)`` forge a link, a newline and ``#`` forge a heading, and ``- `` or ``1. ``
    a list where the text begins a line.
    """
    flat = _WHITESPACE.sub(" ", text).strip()
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", flat)
    escaped = _LIST_MARKER.sub(r"\1\\\2", escaped)
    escaped = _MENTION.sub("@\u200b\\1", escaped)
    return escaped.replace("://", ":\u200b//")


def as_markdown(card: Card) -> str:
    """A chat message: the title in bold, the sentence, then the chance and the rule's link."""
    head = f"**{markdown_escaped(card.title)}** · {markdown_escaped(card.text)}"
    tail = []
    if card.chance:
        tail.append(markdown_escaped(card.chance))
    if card.rule_title and card.rule_url:
        tail.append(f"[{markdown_escaped(card.rule_title)}](<{card.rule_url}>)")
    return head + ("\n" + " · ".join(tail) if tail else "") + "\n"


#: The few styles a card needs, on its elements as a VTT's own chat cards carry them: inserted
#: into a page that has no stylesheet of ours (Foundry's ``ChatMessage.create({content})``, a
#: macro's chat) it keeps its frame, header and spacing. The classes stay for a VTT's own CSS.
CARD_STYLES = {
    "card": "border:1px solid #8d6e63;border-radius:.5rem;padding:.75rem 1rem;margin:.25rem 0",
    "error": "border:1px solid #c62828;border-radius:.5rem;padding:.75rem 1rem;margin:.25rem 0",
    "header": "color:#795548;font-size:.85em;text-transform:uppercase;margin-right:.4em",
    "title": "font-size:1.15em;font-weight:bold",
    "text": "margin:.6em 0",
    "aside": "margin:.3em 0;color:#5d4037",
}


def as_html(card: Card) -> str:
    """A small card for a VTT chat (Foundry's ``ChatMessage.create({content})``), styled inline
    (:data:`CARD_STYLES`)."""
    kind, frame = (("rpg-result rpg-result--error", "error") if card.error
                   else ("rpg-result", "card"))
    procedure = (f' data-procedure="{escape(card.procedure)}"' if card.procedure else "")
    header = msg("api.card.header").in_(card.lang)
    style = {key: f' style="{value}"' for key, value in CARD_STYLES.items()}
    parts = [
        f'<div class="{kind}" lang="{card.lang}"{procedure}{style[frame]}>',
        f'<header><span class="rpg-header"{style["header"]}>{escape(header)}</span> '
        f'<strong class="rpg-title"{style["title"]}>{escape(card.title)}</strong></header>',
        f'<p class="rpg-text"{style["text"]}>{escape(card.text)}</p>',
    ]
    if card.chance:
        parts.append(f'<p class="rpg-chance"{style["aside"]}>{escape(card.chance)}</p>')
    if card.rule_title and card.rule_url:
        label = msg("api.card.rule").in_(card.lang)
        parts.append(f'<p class="rpg-rule"{style["aside"]}>{escape(label)}: '
                     f'<a href="{escape(card.rule_url)}">{escape(card.rule_title)}</a></p>')
    parts.append("</div>")
    return "".join(parts) + "\n"


_PAGE_STYLE = (
    "body{font:1.1rem/1.5 system-ui,sans-serif;margin:1rem;max-width:40rem}"
    "pre{white-space:pre-wrap;font:inherit}"
    "h1{font-size:1.6rem;margin:.2em 0 .4em}h2{font-size:1.2rem;color:#5d4037;margin:1.4em 0 .4em}"
    ".rpg-index{padding:0;list-style:none;margin:0}.rpg-index li{margin:0 0 .9rem}"
    ".rpg-index small{font-size:.9rem;color:#5d4037}.rpg-index small a{color:inherit}"
    ".rpg-try{display:inline-block;font-size:1.15em;padding:.35em 0;font-weight:600}"
)


def _sha256(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


#: The policy of a page made here: no script, only its own style sheet and a card's inline
#: styles (each by its hash), framed by nobody.
PAGE_POLICY = (
    f"default-src 'none'; style-src {_sha256(_PAGE_STYLE)} 'unsafe-hashes' "
    + " ".join(sorted({_sha256(value) for value in CARD_STYLES.values()}))
    + "; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")


def page(title: str, body: str, lang: str) -> str:
    """A whole page around a card or text, readable on a phone (viewport, normal font size)."""
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_PAGE_STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )
