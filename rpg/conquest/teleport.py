"""Dobývání soustav, [Displacer]: the timeline of a teleport."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from rpg.conquest.game import at_least, outcome, quote
from rpg.core.catalog import Message, messages, msg
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

#: [Displacer] teleporting costs 2 actions: flipped the next turn, removed the one after, and
#: in that turn's phase 3 (unit actions) it acts again.
TELEPORT_ACTIONS = 2
TELEPORT_FLIP_AFTER = 1
TELEPORT_REMOVED_AFTER = 2
UNIT_ACTIONS_PHASE = 3
#: Turns are counted from this one.
TURN_MIN = 1

#: What the calculator needs of this module (``conquest/teleport.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "teleport_actions": TELEPORT_ACTIONS, "flip_after": TELEPORT_FLIP_AFTER,
    "removed_after": TELEPORT_REMOVED_AFTER, "unit_actions_phase": UNIT_ACTIONS_PHASE,
}

MESSAGES = messages({
    "conquest/teleport.title": Text("Teleport Displaceru", "Displacer teleport"),
    "conquest/teleport.text": Text(
        "Teleport v tahu {turn}: v tahu {flip} se žeton otočí, v tahu {removed} se odstraní a "
        "Displacer zase jedná.{handed}",
        "Teleport in turn {turn}: the token flips in turn {flip}, is removed in turn {removed} "
        "and the Displacer acts again.{handed}"),
    "conquest/teleport.handed-over": Text(
        " Do jiného sektoru: Displacer převezmou místní hráči.",
        " To another sector: the local players take the Displacer over."),
    "conquest/teleport.teleported": Text(
        "Tah {turn}: Displacer se teleportuje (stojí {actions} {actions:akci|akce|akcí}); nelze "
        "na něj zaútočit.",
        "Turn {turn}: the Displacer teleports (it costs {actions} {actions:action|actions}); it "
        "cannot be attacked."),
    "conquest/teleport.token-flipped": Text(
        "Tah {turn}: teleportační žeton se otočí barvou nahoru; Displacer nemůže jednat.",
        "Turn {turn}: the teleport token flips colour up; the Displacer cannot act."),
    "conquest/teleport.token-removed": Text(
        "Tah {turn}: žeton se odstraní a ve {phase}.\u00a0fázi (akce jednotek) s Displacerem lze "
        "táhnout.",
        "Turn {turn}: the token is removed and in phase {phase} (unit actions) the Displacer "
        "acts again."),
    "conquest/teleport.damaged": Text(
        "Displacer má {damage} poškození: {quote} Nejdřív ho oprav (regenerace).",
        "The Displacer has {damage} damage: {quote} Repair it first (regeneration)."),
    "conquest/teleport.no-checkpoint": Text(
        "Do jiného sektoru bez checkpointu tam teleport nejde: {quote}",
        "No teleport to another sector without a checkpoint there: {quote}"),
})


@dataclass(frozen=True, slots=True)
class TeleportEvent:
    """One step of a teleport's timeline, in the faction's own turns."""

    turn: int = field(metadata={"description": "The faction's turn of this step."})
    event: Literal["teleported", "token-flipped", "token-removed"] = field(
        metadata={"description": "What happens in that turn."})
    text: Message = field(metadata={"description": "The step, worded."})


@dataclass(frozen=True, slots=True)
class TeleportResult:
    """``result`` of ``conquest/teleport``."""

    turn: int = field(metadata={"description": "The turn of the teleport, as given."})
    flip_turn: int = field(metadata={"description": "The turn its teleport token flips colour up."})
    removed_turn: int = field(metadata={"description": "The turn its token is removed."})
    acts_again_turn: int = field(
        metadata={"description": "In this turn's phase 3 the Displacer acts again."})
    untargetable_until_turn: int = field(
        metadata={"description": "It cannot be attacked until its token is removed in this turn."})
    handed_over: bool = field(
        metadata={"description": "Teleported to another sector: the local players take it over."})
    timeline: tuple[TeleportEvent, ...] = field(
        metadata={"description": "The three steps, in order."})


@procedure("conquest/teleport", rolls=False, result=TeleportResult, rule="conquest-special",
           samples=({"turn": 3},))
def teleport(
    source: DiceSource,
    *,
    turn: int,
    damage: int = 0,
    other_sector: bool = False,
    target_sector_checkpoints: int = 0,
) -> Outcome:
    """[Displacer] teleporting in ``turn`` (the faction's own turns): its token flips in the
    next turn, is removed in the one after, and in that turn's third phase the Displacer acts
    again; until then it cannot act nor be attacked. A damaged Displacer cannot teleport; to
    another sector only while holding a checkpoint there, and local players take it over."""
    at_least(turn, TURN_MIN, "turn", "teleport-flip")
    at_least(damage, 0, "damage", "counters")
    # Any damage, even as much as its hit points, breaks this rule: it is the one to quote.
    if damage > 0:
        raise RuleError(msg("conquest/teleport.damaged", damage=damage,
                            quote=quote("damaged-displacer")), field="damage")
    at_least(target_sector_checkpoints, 0, "target_sector_checkpoints", "teleport-sector")
    if other_sector and target_sector_checkpoints < 1:
        raise RuleError(msg("conquest/teleport.no-checkpoint", quote=quote("teleport-sector")),
                        field="target_sector_checkpoints")
    flip, removed = turn + TELEPORT_FLIP_AFTER, turn + TELEPORT_REMOVED_AFTER
    timeline = (
        TeleportEvent(turn, "teleported", msg("conquest/teleport.teleported", turn=turn,
                                              actions=TELEPORT_ACTIONS)),
        TeleportEvent(flip, "token-flipped", msg("conquest/teleport.token-flipped", turn=flip)),
        TeleportEvent(removed, "token-removed", msg("conquest/teleport.token-removed",
                                                    turn=removed, phase=UNIT_ACTIONS_PHASE)),
    )
    text = msg("conquest/teleport.text", turn=turn, flip=flip, removed=removed,
               handed=msg("conquest/teleport.handed-over") if other_sector else "")
    result = TeleportResult(turn, flip, removed, removed, removed, other_sector, timeline)
    return outcome("teleport", result, text, "conquest-special")
