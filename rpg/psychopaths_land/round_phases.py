"""Země psychopatů, [Fáze kola]: the action points of a round and what the round allows.

[Určení počtu akčních bodů] the active player rolls 2d6 and keeps one die as action points;
exploration and movement are barred with a psychopath in the inventory; combat follows when the
player holds an unfought psychopath or stands with another player, the psychopath first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from rpg.core.catalog import Field, Message, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, Roll
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

DIE = 6
#: Action points left in a round: the kept die, give or take what cards add.
ACTION_POINTS_MIN, ACTION_POINTS_MAX = 0, 100
#: [Pohyb] "Hráč zaplatí 1 akční bod".
MOVE_COST = 1

KEEP = ("higher", "lower")
Keep = Literal["higher", "lower"]
#: [5. Boj] whom the active player fights: an unfought psychopath first, then a player.
Opponent = Literal["psychopath", "player"]
#: Why a move is not allowed.
Refusal = Literal["psychopath-in-inventory", "no-action-points", "already-visited"]

#: What the calculators need of this module (``psychopaths_land/round_phases.js``).
CALCULATOR_DATA = {"die": DIE, "move_cost": MOVE_COST}

MESSAGES = messages({
    "psychopaths-land.action-points": Text("{n} {n:akční bod|akční body|akčních bodů}",
                                           "{n} {n:action point|action points}"),
    # The rule sentences an input can break or that decide, quoted (Czech as the rules word them).
    "psychopaths-land.quote.no-exploration": Text(
        "„Hráč s psychopatem v inventáři nemůže prozkoumávat.“",
        "“A player with a psychopath in the inventory cannot explore.”"),
    "psychopaths-land.quote.no-movement": Text(
        "„Hráč s psychopatem v inventáři se nemůže pohybovat.“",
        "“A player with a psychopath in the inventory cannot move.”"),
    "psychopaths-land.quote.no-field-twice": Text(
        "„Hráč nemůže v jednom kole navštívit dvakrát stejné pole.“",
        "“A player cannot visit the same field twice in one round.”"),
    "psychopaths-land.quote.pays": Text(
        "„Hráč zaplatí {cost} {cost:akční bod|akční body|akčních bodů}“",
        "“The player pays {cost} {cost:action point|action points}”"),
    "psychopaths-land.quote.unfought": Text(
        "„Aktivní hráč v inventáři psychopata, se kterým v tomto kole ještě nebojoval.“",
        "“The active player has in the inventory a psychopath not yet fought this round.”"),
    "psychopaths-land.quote.psychopath-first": Text(
        "„Souboj s psychopatem má přednost.“", "“Combat with the psychopath comes first.”"),

    "psychopaths-land/action-points.title": Text("Akční body", "Action points"),
    "psychopaths-land/action-points.text": Text(
        "Akční body: 2d6 = {first} a {second}, {verdict}.",
        "Action points: 2d6 = {first} and {second}, {verdict}."),
    "psychopaths-land/action-points.alike": Text("obě kostky stejné → {points}",
                                                 "both dice alike → {points}"),
    "psychopaths-land/action-points.pick": Text("hráč si vybere {low}, nebo {points}",
                                                "the player picks {low} or {points}"),
    "psychopaths-land/action-points.higher": Text("ponechá vyšší → {points}",
                                                  "keeps the higher → {points}"),
    "psychopaths-land/action-points.lower": Text("ponechá nižší → {points}",
                                                 "keeps the lower → {points}"),

    "psychopaths-land/turn-check.title": Text("Co lze v kole", "What the round allows"),
    "psychopaths-land/turn-check.text": Text(
        "Kolo: průzkum {exploration}, pohyb {movement}{plan}; boj: {combat}. Na konci kola "
        "{lost} a efekty karet proběhnou v pořadí, které určí aktivní hráč.",
        "Round: exploration {exploration}, movement {movement}{plan}; combat: {combat}. At the "
        "end of the round {lost} and card effects resolve in the order the active player sets."),
    "psychopaths-land/turn-check.lost": Text(
        "{n:propadne|propadnou|propadne} {n} {n:zbývající akční bod|zbývající akční body|"
        "zbývajících akčních bodů}",
        "the {n} remaining {n:action point is|action points are} lost"),
    "psychopaths-land/turn-check.none-left": Text("nezbývá žádný akční bod",
                                                  "no action point remains"),
    "psychopaths-land/turn-check.yes": Text("ano", "yes"),
    "psychopaths-land/turn-check.no": Text("ne", "no"),
    "psychopaths-land/turn-check.move-legal": Text(
        "; pohyb na pole {target} lze, {n:zbude|zbudou|zbude} {n} {n:akční bod|akční body|"
        "akčních bodů}",
        "; a move to field {target} is legal, {n} {n:action point|action points} left"),
    "psychopaths-land/turn-check.move-illegal": Text("; pohyb na pole {target} nelze",
                                                     "; a move to field {target} is illegal"),
    "psychopaths-land/turn-check.psychopath": Text("s psychopatem", "the psychopath"),
    "psychopaths-land/turn-check.player": Text("s hráčem", "the player"),
    "psychopaths-land/turn-check.psychopath-then-player": Text(
        "s psychopatem, pak s hráčem", "the psychopath, then the player"),
    "psychopaths-land/turn-check.no-action-points": Text(
        "Bez akčních bodů nelze platit průzkum ani pohyb: {quote}.",
        "With no action points, neither exploration nor movement can be paid for: {quote}."),
    "psychopaths-land/turn-check.no-move": Text("Na pole {target} se pohnout nelze: {quote}",
                                                "No move to field {target}: {quote}"),
    "psychopaths-land/turn-check.unfought-not-held": Text(
        "Nebojovaný psychopat musí být v inventáři: {quote} Zapni {held}, nebo vypni "
        "{unfought}.",
        "An unfought psychopath must be in the inventory: {quote} Turn {held} on or "
        "{unfought} off."),
})


def points(n: int) -> Message:
    """``n`` action points, with the plural each language wants: 1 akční bod, 2 akční body."""
    return msg("psychopaths-land.action-points", n=n)


# --- action points -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionPointsResult:
    """``result`` of ``action-points``: both dice; the kept one, or ``None`` while undecided."""

    dice: tuple[int, int] = field(metadata={"description": "Both dice, [a, b], as rolled."})
    keep: Keep | None = field(metadata={
        "description": "The die the player keeps, as given; null while the player chooses."})
    action_points: int | None = field(
        metadata={"description": "The kept die, or null when `keep` is omitted."})
    choices: tuple[int, ...] = field(
        metadata={"description": "The distinct values the player may keep, lowest first."})


@procedure(
    "psychopaths-land/action-points", result=ActionPointsResult, rule="psychopaths-action-points",
    samples=({"keep": "higher"},))
def action_points(source: DiceSource, *, keep: Keep | None = None) -> Outcome:
    """[Určení počtu akčních bodů] 2d6; the player keeps one die as the round's action points."""
    first, second = source.die(DIE, "action-points"), source.die(DIE, "action-points")
    pair = (first, second)
    choices = tuple(sorted(set(pair)))
    if keep is None:
        kept = None
        rolled = Roll("action-points", "2d6", pair, first + second)
        verdict = (msg("psychopaths-land/action-points.alike", points=points(first))
                   if len(choices) == 1 else
                   msg("psychopaths-land/action-points.pick", low=choices[0],
                       points=points(choices[1])))
    else:
        kept = max(pair) if keep == "higher" else min(pair)
        rolled = Roll("action-points", "2d6kh1" if keep == "higher" else "2d6kl1", pair, kept)
        verdict = msg(f"psychopaths-land/action-points.{keep}", points=points(kept))
    text = msg("psychopaths-land/action-points.text", first=first, second=second,
               verdict=verdict)
    result = ActionPointsResult(pair, keep, kept, choices)
    return Outcome("psychopaths-land/action-points", (rolled,), result, None, text,
                   RULES["psychopaths-action-points"])


# --- turn check ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """The planned move to ``field``: legal or not, and why not (a stable code)."""

    field: str = dataclasses.field(metadata={"description": "The field to move to, as given."})
    legal: bool = dataclasses.field(metadata={"description": "The move is allowed now."})
    reason: Refusal | None = dataclasses.field(
        metadata={"description": "Why the move is not allowed; null when it is."})
    cost: int = dataclasses.field(metadata={"description": "Action points a move costs (1)."})
    action_points_left: int = dataclasses.field(
        metadata={"description": "Action points left after the move (unchanged if illegal)."})


@dataclass(frozen=True, slots=True)
class TurnCheckResult:
    """``result`` of ``psychopaths-land/turn-check``: what the rules allow the active player now."""

    exploration_allowed: bool = field(metadata={
        "description": "Exploration may be paid for: no psychopath in the inventory and an "
                       "action point left."})
    movement_allowed: bool = field(metadata={
        "description": "A move may be paid for: no psychopath in the inventory and an action "
                       "point left."})
    move: Move | None = field(
        metadata={"description": "The move to target_field, or null when none is given."})
    combat: bool = field(metadata={"description": "The combat phase takes place."})
    combat_order: tuple[Opponent, ...] = field(
        metadata={"description": "Combats due, first first: the psychopath has priority."})
    combat_first: Opponent | None = field(
        metadata={"description": "The combat fought first; null when none is due."})
    may_repeat_movement: bool = field(
        metadata={
            "description": (
                "Action points remain (after the move) and no psychopath in the inventory: the "
                "movement phase, then combat, may be repeated."),
        })
    action_points_lost_at_end: int = field(
        metadata={"description": "Action points left (after the move), lost at the end."})
    end_of_round_order: Literal["active-player"] = field(
        metadata={"description": "Who orders the end-of-round card effects."})
    notes: tuple[Message, ...] = field(
        metadata={"description": "The rule sentences that decided, quoted."})


def _yes(flag: bool) -> Message:
    return msg("psychopaths-land/turn-check.yes" if flag else "psychopaths-land/turn-check.no")


@procedure("psychopaths-land/turn-check", result=TurnCheckResult, rule="psychopaths-round",
           rolls=False,
           samples=({"action_points": 2, "visited": ["Les"], "target_field": "Most"},))
def turn_check(
    source: DiceSource,
    *,
    psychopath_in_inventory: bool = False,
    action_points: int = 0,
    visited: Sequence[str] = (),
    target_field: str | None = None,
    other_player_on_field: bool = False,
    unfought_psychopath: bool = False,
) -> Outcome:
    """[Fáze kola] which phases the active player may play now, whether a move is legal, and
    what the end of the round does. Nothing is rolled.

    ``visited`` lists the fields already visited this round, the starting field included;
    ``unfought_psychopath``: the inventory holds a psychopath not yet fought this round.
    """
    if unfought_psychopath and not psychopath_in_inventory:
        raise RuleError(msg(
            "psychopaths-land/turn-check.unfought-not-held",
            quote=msg("psychopaths-land.quote.unfought"),
            held=Field("psychopath_in_inventory"), unfought=Field("unfought_psychopath")),
            field="unfought_psychopath")
    seen = {name.strip().casefold() for name in visited}
    notes: list[Message] = []
    exploration = not psychopath_in_inventory and action_points >= MOVE_COST
    movement = not psychopath_in_inventory and action_points >= MOVE_COST
    if psychopath_in_inventory:
        notes += [msg("psychopaths-land.quote.no-exploration"),
                  msg("psychopaths-land.quote.no-movement")]
    elif action_points < MOVE_COST:
        notes.append(msg("psychopaths-land/turn-check.no-action-points",
                         quote=msg("psychopaths-land.quote.pays", cost=MOVE_COST)))

    move = None
    left = action_points
    plan: Message | str = ""
    if target_field is not None:
        reason: Refusal | None = (
            "psychopath-in-inventory" if psychopath_in_inventory
            else "no-action-points" if action_points < MOVE_COST
            else "already-visited" if target_field.strip().casefold() in seen else None)
        legal = reason is None
        if legal:
            left = action_points - MOVE_COST
        elif reason == "already-visited":
            notes.append(msg("psychopaths-land/turn-check.no-move", target=target_field,
                             quote=msg("psychopaths-land.quote.no-field-twice")))
        move = Move(target_field, legal, reason, MOVE_COST, left)
        plan = (msg("psychopaths-land/turn-check.move-legal", target=target_field, n=left)
                if legal
                else msg("psychopaths-land/turn-check.move-illegal", target=target_field))

    opponents: tuple[tuple[Opponent, bool], ...] = (("psychopath", unfought_psychopath),
                                                    ("player", other_player_on_field))
    order = tuple(kind for kind, due in opponents if due)
    if len(order) == 2:
        notes.append(msg("psychopaths-land.quote.psychopath-first"))
    repeat = not psychopath_in_inventory and left >= MOVE_COST
    fights = msg("psychopaths-land/turn-check." + ("-then-".join(order) or "no"))
    text = msg("psychopaths-land/turn-check.text", exploration=_yes(exploration),
               movement=_yes(movement), plan=plan, combat=fights,
               lost=(msg("psychopaths-land/turn-check.lost", n=left) if left
                     else msg("psychopaths-land/turn-check.none-left")))
    result = TurnCheckResult(exploration, movement, move, bool(order), order,
                             order[0] if order else None, repeat, left, "active-player",
                             tuple(notes))
    return Outcome("psychopaths-land/turn-check", (), result, None, text,
                   RULES["psychopaths-round"])
