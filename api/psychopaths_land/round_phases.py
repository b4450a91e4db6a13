"""Země psychopatů, [Fáze kola]: the action points of a round and what the round allows."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.procedures import register
from api.psychopaths_land import blp
from rpg.psychopaths_land import round_phases as rp


class PsychopathsActionPointsInput(Schema):
    """Inputs of ``psychopaths-land/action-points``."""

    keep = f.choice(rp.KEEP, words={"higher": "vyšší", "lower": "nižší"},
                    label="Vybraná kostka", metadata={
        "description": "Which die the player keeps; omitted: the player has not chosen yet "
                       "(action_points is null and choices lists the options)."})


class PsychopathsTurnCheckInput(Schema):
    """Inputs of ``psychopaths-land/turn-check``."""

    psychopath_in_inventory = f.flag(label="Psychopat v inventáři")
    action_points = f.bounded_int(
        rp.ACTION_POINTS_MIN, rp.ACTION_POINTS_MAX, load_default=0,
        label="Zbývající akční body", metadata={
            "description": "Action points the active player has left now."})
    visited = f.csv_list(f.name(), label="Už navštívená pole (čárkami, i výchozí)", metadata={
        "description": "Fields already visited this round, the starting field included "
                       "(matched case-insensitively)."})
    target_field = f.name(label="Pole, kam se chce pohnout", metadata={
        "description": "The field the player wants to move to."})
    other_player_on_field = f.flag(label="Na poli stojí jiný hráč", metadata={
        "description": "The active player stands on a field with another player."})
    unfought_psychopath = f.flag(
        label="Psychopat, se kterým v tomto kole ještě nebojoval", metadata={
            "description": "The inventory holds a psychopath not yet fought this round."})


register(
    blp, "psychopaths-land/action-points", input_schema=PsychopathsActionPointsInput,
    summary="Action points (Určení počtu akčních bodů)",
    description="2d6; the player keeps one die. Chance: null.",
)
register(
    blp, "psychopaths-land/turn-check", input_schema=PsychopathsTurnCheckInput,
    summary="Round phases (Fáze kola)",
    description="Which phases the active player may play now, whether a move is legal (1 AP, "
                "no field twice a round), which combat comes first, and what the end of the "
                "round does. Nothing is rolled; chance: null.",
)
