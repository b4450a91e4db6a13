"""Combat procedures [Souboje]: ``morale``, ``initiative``, ``range-zone``; and the sides of a
conflict, shared with the encounters."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import combat


class MoraleInput(Schema):
    """Inputs of ``morale``."""

    morale = f.bounded_int(combat.MORALE_MIN, combat.MORALE_MAX, required=True,
                           label="Morálka stvoření", metadata={
                               "description": "The creature's morale (Morálka)."})
    successes = f.bounded_int(0, combat.MORALE_SUCCESSES_TO_DEATH, load_default=0,
                              label="Úspěšná ověření morálky v tomto setkání", metadata={
                                  "description": "Successful morale checks already made in "
                                                 "this encounter."})


register(
    blp, "morale", input_schema=MoraleInput,
    summary="Morale check (Morálka)",
    description="2d6 at or under the morale holds; a second hold in one encounter means the "
                "creature fights to the death. Chance: P(holds).",
)


# --- the sides of a conflict: initiative, surprise, the whole encounter ----------------------

def sides_field() -> f.CsvList:
    """The sides of a conflict: 2..10 distinct names, the players and their enemies by default
    (named in the answer's language: ``input`` echoes them so)."""
    return f.csv_list(f.name(), combat.SIDES_MIN, combat.SIDES_MAX, label="Strany (čárkami)",
                      load_default=lambda: list(combat.DEFAULT_SIDES), metadata={
                          "description": "The sides of the conflict: 2..10 distinct names. "
                                         "Default: the players and their enemies, named in the "
                                         "answer's language (hráči, nepřátelé; players, "
                                         "enemies), and named either way in other inputs.",
                          "example": [side.cs for side in combat.DEFAULT_SIDES]})


def named_sides_field(description: str, label: str) -> f.CsvList:
    """Some of the listed sides (surprised ones, carriers of light): each must be in ``sides``."""
    return f.csv_list(f.name(), 0, combat.SIDES_MAX, label=label, load_default=list, metadata={
        "description": description})


def players_field() -> fields.String:
    """The players' side: one of ``sides``, the first one when omitted."""
    return f.name(label="Strana hráčů", metadata={
        "description": "The players' side (one of `sides`; default the first): ties of "
                       "initiative go to it.",
        "x-placeholder": "první ze stran"})


class PlayersDefault:
    """Echoes the players' side in ``input`` even when it was left to its default."""

    @post_load
    def _players_default(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        data["players"] = combat.players_side(data.get("sides") or [], data.get("players"))
        return data


# --- initiative ------------------------------------------------------------------------------

class InitiativeInput(PlayersDefault, Schema):
    """Inputs of ``initiative``."""

    sides = sides_field()
    players = players_field()
    surprised = named_sides_field(
        "Surprised sides (each one of `sides`): they skip the roll and the first round; when "
        "every side is surprised, every side rolls and none is skipped.",
        label="Překvapené strany (čárkami)")


register(
    blp, "initiative", input_schema=InitiativeInput,
    summary="Initiative (Iniciativa)",
    description="1d10 for each side that is not surprised, in list order; highest acts first. "
                "A tie with the players' side goes to the players, a tie between other sides "
                "keeps the listed order. Chance: null.",
)


# --- range-zone ------------------------------------------------------------------------------

class RangeZoneInput(Schema):
    """Inputs of ``range-zone``."""

    distance_m = f.bounded_number(0, combat.MAX_DISTANCE_M, required=True,
                                  label="Vzdálenost k cíli (m)", metadata={
                                      "description": "Distance to the target in metres; a "
                                                     "started metre counts as whole."})


register(
    blp, "range-zone", input_schema=RangeZoneInput,
    summary="Range zone (Zóny dosahu)",
    description="The abstract zone of a distance (blízko 0–5 m, poblíž 6–25, daleko 26–50, "
                "velmi daleko 51–100, extrémně daleko 101+), how long reaching it takes and "
                "which attacks are possible. No dice; chance: null.",
)
