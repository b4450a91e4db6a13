"""Země psychopatů's procedures and their schemas: action points, combat, round phases."""

from __future__ import annotations

from marshmallow import Schema, fields

from api import fields as f
from api.procedures import register
from api.psychopaths_land import blp
from rpg.psychopaths_land import game as pl


class PsychopathsActionPointsInput(Schema):
    """Inputs of ``psychopaths-land/action-points``."""

    keep = f.choice(pl.KEEP, metadata={
        "description": "Which die the player keeps; omitted: the player has not chosen yet "
                       "(action_points is null and choices lists the options)."})


class PsychopathsActionPointsResultSchema(Schema):
    """Result of ``psychopaths-land/action-points``."""

    dice = fields.List(fields.Integer(), required=True, metadata={"description": "[a, b]"})
    keep = f.choice(pl.KEEP, required=True, allow_none=True)
    action_points = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The kept die, or null when `keep` is omitted."})
    choices = fields.List(fields.Integer(), required=True, metadata={
        "description": "The distinct values the player may keep, lowest first."})


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


class PsychopathsFameSchema(Schema):
    """Signed fame changes."""

    attacker = fields.Integer(required=True)
    defender = fields.Integer(required=True, metadata={
        "description": "Always 0 for a psychopath."})


class PsychopathsCardLimitsSchema(Schema):
    """Cards each participant may play in one step of the combat."""

    attacker = fields.Integer(required=True)
    defender = fields.Integer(required=True, metadata={
        "description": "0 for a psychopath: its total is changed only by others' cards."})
    bystander = fields.Integer(required=True, metadata={
        "description": "Each non-fighting player on the same or a neighbouring field."})
    plays_first = f.choice(pl.SIDES, required=True, allow_none=True, metadata={
        "description": "Who plays cards first in the next step: the lower total (between "
                       "players), the fighting player (against a psychopath); null on equal "
                       "totals between players (the rules do not say)."})
    note = fields.String(required=True)


class PsychopathsCombatResultSchema(Schema):
    """Result of ``psychopaths-land/combat``."""

    mode = f.choice(pl.MODES, required=True)
    attacker_roll = fields.Integer(required=True)
    defender_roll = fields.Integer(required=True)
    attacker_total = fields.Integer(required=True)
    defender_total = fields.Integer(required=True)
    winner = f.choice(pl.WINNERS, required=True)
    fame_moved = fields.Integer(required=True, metadata={
        "description": "|attacker total − defender total|."})
    fame = fields.Nested(PsychopathsFameSchema, required=True)
    revenge_available = fields.Boolean(required=True, metadata={
        "description": "The defeated defender may call a revenge duel (players mode only)."})
    effects = fields.List(f.choice(pl.EFFECTS), required=True)
    card_limits = fields.Nested(PsychopathsCardLimitsSchema, required=True)


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


class PsychopathsMoveSchema(Schema):
    """The planned move."""

    field = fields.String(required=True)
    legal = fields.Boolean(required=True)
    reason = f.choice(("psychopath-in-inventory", "no-action-points", "already-visited"),
                      required=True, allow_none=True)
    cost = fields.Integer(required=True)
    action_points_left = fields.Integer(required=True)


class PsychopathsTurnCheckResultSchema(Schema):
    """Result of ``psychopaths-land/turn-check``."""

    exploration_allowed = fields.Boolean(required=True)
    movement_allowed = fields.Boolean(required=True)
    move = fields.Nested(PsychopathsMoveSchema, required=True, allow_none=True, metadata={
        "description": "The move to target_field, or null when none is given."})
    combat = fields.Boolean(required=True, metadata={
        "description": "The combat phase takes place."})
    combat_order = fields.List(f.choice(("psychopath", "player")), required=True, metadata={
        "description": "Combats due, first first: the psychopath has priority."})
    combat_first = f.choice(("psychopath", "player"), required=True, allow_none=True)
    may_repeat_movement = fields.Boolean(required=True, metadata={
        "description": "Action points remain (after the move) and no psychopath in the "
                       "inventory: the movement phase, then combat, may be repeated."})
    action_points_lost_at_end = fields.Integer(required=True)
    end_of_round_order = f.choice(("active-player",), required=True, metadata={
        "description": "Who orders the end-of-round card effects."})
    notes = fields.List(fields.String(), required=True, metadata={
        "description": "The rule sentences that decided, quoted."})


register(
    blp, "psychopaths-land/action-points", input_schema=PsychopathsActionPointsInput,
    result_schema=PsychopathsActionPointsResultSchema, run=pl.action_points,
    summary="Action points (Určení počtu akčních bodů)",
    description="2d6; the player keeps one die. Chance: null.",
)
register(
    blp, "psychopaths-land/combat", input_schema=PsychopathsCombatInput,
    result_schema=PsychopathsCombatResultSchema, run=pl.combat,
    summary="Combat (Boj)",
    description="d6 + madness + cards for the attacker, then the defender; the higher total "
                "wins and the difference is the fame moved, as each mode rules. Reports the "
                "card limits of one step. Chance: P(the attacker wins) with these inputs.",
)
register(
    blp, "psychopaths-land/turn-check", input_schema=PsychopathsTurnCheckInput,
    result_schema=PsychopathsTurnCheckResultSchema, run=pl.turn_check,
    summary="Round phases (Fáze kola)",
    description="Which phases the active player may play now, whether a move is legal (1 AP, "
                "no field twice a round), which combat comes first, and what the end of the "
                "round does. Nothing is rolled; chance: null.",
)
