"""The evening as a chronicle: ``GET /<id>/chronicle``, the expedition as plain Markdown.

A heading with the expedition's name, the clock and the scene, the party, then the log oldest
first: each entry a ``###`` heading (its number and title, marked when it was taken back, or
kept secret) with its text, its events and its dice as a list. Either link reads it, each as
its page reads the log (the players' link: a secret roll as its stub). Every sentence is the
catalog's; everything written is escaped (:func:`api.formats.markdown_escaped`), so a name the
GM typed ("# Eva *x* [a](b)") stays text. The log is read a page at a time in one read, and the
answer is charged to the rate limit by its length, as an import is.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any
from urllib.parse import quote

from flask import Response
from flask.views import MethodView
from marshmallow import RAISE

from api.expeditions import schemas
from api.expeditions.models import EntryRow, ExpeditionRow
from api.expeditions.render import entry_json, state_json
from api.expeditions.store import Role
from api.expeditions.transfer import ENTRIES_PER_UNIT
from api.expeditions.views import BEARER, answered, bearer, blp, store
from api.formats import markdown_escaped
from api.language import request_language
from api.limits import charge_weight
from rpg.core.catalog import messages, msg
from rpg.core.text import Text

MESSAGES = messages({
    "expedition.chronicle.lead": Text(
        "Kronika výpravy · {clock} · {mode} · {supplies} {supplies:zásoba|zásoby|zásob}",
        "Chronicle of the expedition · {clock} · {mode} · {supplies} "
        "{supplies:supply|supplies}"),
    "expedition.chronicle.party": Text("Družina", "The party"),
    "expedition.chronicle.member": Text(
        "{name}: {status}, životy {hp} z {max_hp}, únava {fatigue}",
        "{name}: {status}, {hp} of {max_hp} HP, fatigue {fatigue}"),
    "expedition.chronicle.nobody": Text("V družině nikdo není.", "Nobody is in the party."),
    "expedition.chronicle.log": Text("Deník", "Log"),
    "expedition.chronicle.undone": Text("vzato zpět", "taken back"),
    "expedition.chronicle.hidden": Text("skrytě", "secret"),
    "expedition.chronicle.dice": Text("Kostky:", "Dice:"),
    "expedition.chronicle.file": Text("kronika", "chronicle"),
})

#: What a file name keeps of the expedition's name (letters, digits, spaces, ``-``, ``_``).
_UNSAFE_IN_NAME = re.compile(r"[^\w\s-]")
_SPACES = re.compile(r"[\s-]+")


def _escaped(text: Any) -> str:
    return markdown_escaped(str(text))


def chronicle_head(name: str, state: dict[str, Any], lang: str) -> list[str]:
    """The heading, the clock and the party (``state`` as the reader's link reads it)."""
    lines = [f"# {_escaped(name)}", "", _escaped(msg(
        "expedition.chronicle.lead", clock=state["clock_text"], mode=state["mode_text"],
        supplies=state["supplies"]).in_(lang)), "",
        f"## {msg('expedition.chronicle.party').in_(lang)}", ""]
    for member in state["party"]:
        said = msg("expedition.chronicle.member", name=member["name"],
                   status=member["status_text"], hp=member["hp"], max_hp=member["max_hp"],
                   fatigue=member["fatigue"])
        lines.append(f"- {_escaped(said.in_(lang))}")
    if not state["party"]:
        lines.append(_escaped(msg("expedition.chronicle.nobody").in_(lang)))
    return [*lines, "", f"## {msg('expedition.chronicle.log').in_(lang)}", ""]


def chronicle_entry(entry: dict[str, Any], lang: str, undone: bool) -> list[str]:
    """One entry (as the reader's link reads it; ``undone``: taken back since): its heading,
    text, events and dice."""
    # A secret roll's stub says it is one in its title; the GM's entry says it beside it.
    marks = [msg(f"expedition.chronicle.{mark}").in_(lang) for mark, shown in (
        ("undone", undone), ("hidden", entry["hidden"] and entry["kind"] != "hidden"))
        if shown]
    heading = f"{entry['seq']} · {_escaped(entry['title'])}" + (
        f" ({', '.join(marks)})" if marks else "")
    text = _escaped(entry["text"])
    lines = [f"### {heading}", "", f"~~{text}~~" if undone else text, ""]
    lines += [f"- {_escaped(event)}" for event in entry["events"]]
    if entry["answers"]:
        lines.append(f"- {msg('expedition.chronicle.dice').in_(lang)}")
        lines += [f"  - {_escaped(answer['text'])}" for answer in entry["answers"]]
    if entry["events"] or entry["answers"]:
        lines.append("")
    return lines


def file_names(name: str, lang: str) -> dict[str, str]:
    """The chronicle's file name as ``Content-Disposition`` gives it: ``filename`` in ASCII
    (accents dropped; other letters left out), ``filename*`` in UTF-8 (RFC 5987)."""
    kept = _SPACES.sub("-", _UNSAFE_IN_NAME.sub("", name)).strip("-_")
    prefix = msg("expedition.chronicle.file").in_(lang)
    full = f"{prefix}-{kept}.md" if kept else f"{prefix}.md"
    plain = unicodedata.normalize("NFKD", kept).encode("ascii", "ignore").decode("ascii")
    plain = _SPACES.sub("-", _UNSAFE_IN_NAME.sub("", plain)).strip("-_")
    return {"filename": f"{prefix}-{plain}.md" if plain else f"{prefix}.md",
            "filename*": f"UTF-8''{quote(full, safe='')}"}


@blp.route("/<public_id>/chronicle")
class Chronicle(MethodView):
    """The evening as a Markdown chronicle (either link)."""

    @blp.arguments(schemas.TokenQuery, location="query", unknown=RAISE)
    @blp.response(200, {"type": "string"}, content_type="text/markdown")
    @blp.doc(security=BEARER,
             operationId="expeditionChronicle", summary="The expedition as a Markdown chronicle",
             description="A readable (and printable) record of the evening, as a file to "
                         "download: the name, the clock, the party, then the log oldest first, "
                         "each entry with its text, events and dice; entries taken back are "
                         "marked and struck through. The players' link reads secret rolls as "
                         "their stubs. Whatever was typed is escaped: it stays text. Charged to "
                         "the rate limit as one request per 100 entries.")
    def get(self, _query: dict[str, Any], public_id: str) -> Response:
        lang = request_language()
        lines: list[str] = []

        def write(row: ExpeditionRow, role: Role, page: list[EntryRow],
                  undone: set[int]) -> None:
            if not lines:
                charge_weight(row.version // ENTRIES_PER_UNIT)
                lines.extend(chronicle_head(row.name, state_json(row.state, lang, role), lang))
            for entry in page:
                lines.extend(chronicle_entry(
                    entry_json(entry, lang, role), lang, entry.seq in undone))

        with answered():
            opened = store().chronicle(public_id, bearer(), write)
        response = Response("\n".join(lines).rstrip("\n") + "\n",
                            mimetype="text/markdown")
        response.headers.set("Content-Disposition", "attachment",
                             **file_names(opened.row.name, lang))
        response.headers["Content-Language"] = lang
        response.headers["Cache-Control"] = "private, no-store"
        return response
