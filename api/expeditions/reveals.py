"""The GM's reveals: the epoch's key (``reveal-key``) and one secret roll (``reveal-entry``).

Both are entries of the log that change no records (no undo takes them back, no redo re-applies
them): ``reveal-key`` writes the current epoch's key and commits to the next epoch's, after which
anyone can check every seed the server drew in that epoch; ``reveal-entry`` publishes a hidden
entry's nonce and full form, which its stub's ``sealed`` covers.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from api import fields as f
from api.apierror import abort_api
from api.expeditions import chain, schemas
from api.expeditions.chain import Spot
from api.expeditions.store import MAX_ENTRIES, Written
from api.expeditions.views import BEARER, WRITE_NOTE, blp, write
from api.formats import card_response
from rpg.core.catalog import msg
from rpg.core.text import LANGUAGES


class RevealKeyInput(schemas.ActionBase):
    """Reveal the current epoch's key; the next epoch begins."""


class RevealEntryInput(schemas.ActionBase):
    """Reveal one secret roll."""

    entry = f.bounded_int(1, MAX_ENTRIES, required=True, metadata={
        "description": "The seq of the hidden entry to reveal."})


def _said(kind: str, texts: dict[str, Any]) -> dict[str, Any]:
    return {lang: {"title": msg(f"expedition.{kind}.title").in_(lang),
                   "text": texts[lang], "events": [], "answers": []} for lang in LANGUAGES}


def key_said(epoch: int, from_seq: int) -> dict[str, Any]:
    """The words of ``reveal-key`` for the epoch ``epoch``, which began at ``from_seq``."""
    return _said("reveal-key", {lang: msg("expedition.reveal-key.text", epoch=epoch,
                                          next=epoch + 1, from_seq=from_seq).in_(lang)
                                for lang in LANGUAGES})


def entry_said(seq: int, said: dict[str, Any]) -> dict[str, Any]:
    """The words of ``reveal-entry`` for the hidden entry ``seq``, which reads ``said``."""
    return _said("reveal-entry", {lang: msg("expedition.reveal-entry.text", seq=seq,
                                            title=said[lang]["title"],
                                            said=said[lang]["text"]).in_(lang)
                                  for lang in LANGUAGES})


def reveal_key(state: dict[str, Any], spot: Spot) -> Written:
    """The entry revealing the key of ``spot``'s epoch and committing to the next one's."""
    key = chain.new_key()
    return Written("reveal-key", state, {}, key_said(spot.epoch, spot.epoch_from), extra={
        "revealed": {"epoch": spot.epoch, "key": spot.key.hex()},
        "commitment": chain.commitment(spot.epoch + 1, key, spot.seq + 1)}, new_key=key)


def reveal_entry(state: dict[str, Any], spot: Spot, seq: int) -> Written:
    """The entry publishing the hidden entry ``seq`` (a 422 if it is none, or revealed)."""
    target = spot.cite(seq) if seq < spot.seq else None
    if target is None or target.full_form is None:
        abort_api(422, msg("expedition.reveal-entry.not-hidden", seq=seq), field="entry")
    if seq in spot.cited("reveal-entry"):
        abort_api(422, msg("expedition.reveal-entry.again", seq=seq), field="entry")
    return Written("reveal-entry", state, {"entry": seq}, entry_said(seq, target.said), extra={
        "reveals": {"seq": seq, "nonce": target.nonce, "entry": target.full_form}})


@blp.route("/<public_id>/reveal-key")
class RevealKey(MethodView):
    """Reveal the epoch's key (the GM's link)."""

    @blp.arguments(RevealKeyInput, location="json")
    @blp.response(200, schemas.ActedSchema)
    @blp.doc(security=BEARER, operationId="revealExpeditionKey",
             summary="Reveal the current epoch's key",
             description="Writes the key of the current epoch into the log (`revealed`) and "
                         "the next epoch's commitment (`commitment`): every seed the server "
                         "drew in the ended epoch can now be checked by anyone." + WRITE_NOTE)
    @blp.alt_response(200, response=card_response())
    def post(self, args: dict[str, Any], public_id: str) -> Response:
        return write(public_id, args["version"], reveal_key, args.get("format"))


@blp.route("/<public_id>/reveal-entry")
class RevealEntry(MethodView):
    """Reveal one secret roll (the GM's link)."""

    @blp.arguments(RevealEntryInput, location="json")
    @blp.response(200, schemas.ActedSchema)
    @blp.doc(security=BEARER, operationId="revealExpeditionEntry",
             summary="Reveal a secret roll",
             description="Publishes a hidden entry's full form and nonce (`reveals`), which "
                         "its stub's `sealed` covers; its drawn seeds verify once its epoch's "
                         "key is revealed." + WRITE_NOTE)
    @blp.alt_response(200, response=card_response())
    def post(self, args: dict[str, Any], public_id: str) -> Response:
        return write(public_id, args["version"],
                     lambda state, spot: reveal_entry(state, spot, args["entry"]),
                     args.get("format"))


