"""Země psychopatů's procedures and their schemas: action points, combat, round phases."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.procedures import register
from api.psychopaths_land import blp
from rpg.psychopaths_land import game as pl


class PsychopathsActionPointsInput(Schema):
    """Inputs of ``psychopaths-land/action-points``."""

    keep = f.choice(pl.KEEP, metadata={
        "description": "Which die the player keeps; omitted: the player has not chosen yet "
                       "(action_points is null and choices lists the options)."})


class PsychopathsCombatInput(Schema):
    """Inputs of ``psychopaths-land/combat``."""

    mode = f.choice(pl.MODES, load_default="players", metadata={
        "description": "players; psychopath (the defender is the psychopath); "
                       "psychopath-holder (the defender holds a psychopath); revenge."})
    attacker_madness = f.bounded_int(pl.MADNESS_MIN, pl.MADNESS_MAX, load_default=0, metadata={
        "description": "The attacker's madness (šílenost)."})
    defender_madness = f.bounded_int(pl.MADNESS_MIN, pl.MADNESS_MAX, load_default=0, metadata={
        "description": "The defender's madness; in psychopath mode the psychopath's."})
    attacker_cards = f.bounded_int(pl.CARDS_MIN, pl.CARDS_MAX, load_default=0, metadata={
        "description": "Net effect of all cards played so far on the attacker's total."})
    defender_cards = f.bounded_int(pl.CARDS_MIN, pl.CARDS_MAX, load_default=0, metadata={
        "description": "Net effect of all cards played so far on the defender's total."})
    active_player = f.choice(pl.SIDES, load_default="attacker", metadata={
        "description": "Revenge mode only: which duellist is the active player (if the active "
                       "player loses, the winner gains 2 more fame)."})
    revenge_used = f.Bool(load_default=False, metadata={
        "description": "A revenge duel was already called in this phase (before this combat)."})


class PsychopathsTurnCheckInput(Schema):
    """Inputs of ``psychopaths-land/turn-check``."""

    psychopath_in_inventory = f.Bool(load_default=False)
    action_points = f.bounded_int(
        pl.ACTION_POINTS_MIN, pl.ACTION_POINTS_MAX, load_default=0, metadata={
            "description": "Action points the active player has left now."})
    visited = f.csv_list(f.name(), metadata={
        "description": "Fields already visited this round, the starting field included "
                       "(matched case-insensitively)."})
    target_field = f.name(metadata={"description": "The field the player wants to move to."})
    other_player_on_field = f.Bool(load_default=False, metadata={
        "description": "The active player stands on a field with another player."})
    unfought_psychopath = f.Bool(load_default=False, metadata={
        "description": "The inventory holds a psychopath not yet fought this round."})


register(
    blp, "psychopaths-land/action-points", input_schema=PsychopathsActionPointsInput,
    summary="Action points (Určení počtu akčních bodů)",
    description="2d6; the player keeps one die. Chance: null.",
)
register(
    blp, "psychopaths-land/combat", input_schema=PsychopathsCombatInput,
    summary="Combat (Boj)",
    description="d6 + madness + cards for the attacker, then the defender; the higher total "
                "wins and the difference is the fame moved, as each mode rules. Reports the "
                "card limits of one step. Chance: P(the attacker wins) with these inputs.",
)
register(
    blp, "psychopaths-land/turn-check", input_schema=PsychopathsTurnCheckInput,
    summary="Round phases (Fáze kola)",
    description="Which phases the active player may play now, whether a move is legal (1 AP, "
                "no field twice a round), which combat comes first, and what the end of the "
                "round does. Nothing is rolled; chance: null.",
)
