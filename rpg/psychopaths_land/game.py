"""Země psychopatů: action points, combat in its four modes, and what a round allows.

[Fáze kola] the active player rolls 2d6 and keeps one die as action points; exploration and
movement are barred with a psychopath in the inventory; combat follows when the player holds an
unfought psychopath or stands with another player, the psychopath first. [Boj] both sides roll a
d6 and add their madness; cards move the totals step by step; the higher total wins and the
difference is the fame moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, Roll, plus
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both, quoting

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "psychopaths-land/action-points.title": Text("Akční body", "Action points"),
    "psychopaths-land/combat.title": Text("Boj", "Combat"),
    "psychopaths-land/combat.chance": Text("Šance, že vyhraje útočník", "Chance the attacker wins"),
    "psychopaths-land/turn-check.title": Text("Co lze v kole", "What the round allows"),
})

DIE = 6
#: Madness (šílenost) is a score added to the d6; cards are net modifiers of a total.
MADNESS_MIN, MADNESS_MAX = 0, 100
CARDS_MIN, CARDS_MAX = -20, 20
#: Action points left in a round: the kept die, give or take what cards add.
ACTION_POINTS_MIN, ACTION_POINTS_MAX = 0, 100
MOVE_COST = 1
#: [Průběh boje] cards each participant may play in one step of the combat.
DUELLIST_CARDS = 3
BYSTANDER_CARDS = 1
#: [Odvetný souboj] fame the winner gains on top when the active player loses a revenge duel.
REVENGE_BONUS = 2

KEEP = ("higher", "lower")
MODES = ("players", "psychopath", "psychopath-holder", "revenge")
SIDES = ("attacker", "defender")
WINNERS = ("attacker", "defender", "draw")
EFFECTS = ("psychopath-killed", "psychopath-to-deck-bottom", "psychopath-to-inventory",
           "psychopath-card-lost")

Keep = Literal["higher", "lower"]
Mode = Literal["players", "psychopath", "psychopath-holder", "revenge"]
Side = Literal["attacker", "defender"]
Winner = Literal["attacker", "defender", "draw"]

#: The rule sentences an input can break, quoted in the errors (Czech as the rules word them).
ONE_REVENGE_PER_PHASE = Text(
    "„V jedné fázi lze vyvolat jen jeden odvetný souboj.“",
    "“Only one revenge duel may be called in one phase.”")
ACTIVE_PLAYER_ONLY_IN_REVENGE = Text(
    "„Je-li aktivní hráč poražen, získá vítěz 2 body slávy navíc.“",
    "“If the active player is defeated, the winner gains 2 more fame.”")
NO_EXPLORATION = Text(
    "„Hráč s psychopatem v inventáři nemůže prozkoumávat.“",
    "“A player with a psychopath in the inventory cannot explore.”")
NO_MOVEMENT = Text(
    "„Hráč s psychopatem v inventáři se nemůže pohybovat.“",
    "“A player with a psychopath in the inventory cannot move.”")
NO_FIELD_TWICE = Text(
    "„Hráč nemůže v jednom kole navštívit dvakrát stejné pole.“",
    "“A player cannot visit the same field twice in one round.”")
PAYS_ONE_POINT = Text("„Hráč zaplatí 1 akční bod“", "“The player pays 1 action point”")
UNFOUGHT_PSYCHOPATH = Text(
    "„Aktivní hráč v inventáři psychopata, se kterým v tomto kole ještě nebojoval.“",
    "“The active player has in the inventory a psychopath not yet fought this round.”")


def signed(value: int) -> str:
    """``+3`` or ``−3`` with a true minus sign, as the texts write modifiers."""
    return f"{value:+d}".replace("-", "−")


# --- action points -------------------------------------------------------------------------


def points_cs(n: int) -> str:
    """``n`` action points in Czech, with the plural Czech wants: 1 bod, 2 body, 5 bodů."""
    return f"{n} " + ("akční bod" if n == 1 else "akční body" if 2 <= n <= 4 else "akčních bodů")


def points_en(n: int) -> str:
    """``n`` action points in English."""
    return f"{n} action point" + ("" if n == 1 else "s")


@dataclass(frozen=True, slots=True)
class ActionPointsResult:
    """``result`` of ``action-points``: both dice; the kept one, or ``None`` while undecided."""

    dice: tuple[int, int] = field(metadata={"description": "[a, b]"})
    keep: Keep | None
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
        shown = f"2d6 = {first} a {second}", f"2d6 = {first} and {second}"
        if len(choices) == 1:
            verdict = Text(f"obě kostky stejné → {points_cs(first)}",
                           f"both dice alike → {points_en(first)}")
        else:
            verdict = Text(f"hráč si vybere {choices[0]}, nebo {points_cs(choices[1])}",
                           f"the player picks {choices[0]} or {points_en(choices[1])}")
    else:
        kept = max(pair) if keep == "higher" else min(pair)
        rolled = Roll("action-points", "2d6kh1" if keep == "higher" else "2d6kl1", pair, kept)
        shown = f"2d6 = {first} a {second}", f"2d6 = {first} and {second}"
        verdict = Text(
            ("ponechá vyšší" if keep == "higher" else "ponechá nižší") + f" → {points_cs(kept)}",
            ("keeps the higher" if keep == "higher" else "keeps the lower")
            + f" → {points_en(kept)}")
    text = Text(f"Akční body: {shown[0]}, {verdict.cs}.",
                f"Action points: {shown[1]}, {verdict.en}.")
    result = ActionPointsResult(pair, keep, kept, choices)
    return Outcome("psychopaths-land/action-points", (rolled,), result, None, text,
                   RULES["psychopaths-action-points"])


# --- combat --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fame:
    """Signed fame changes of the two duellists (the psychopath has none: always 0)."""

    attacker: int
    defender: int = field(metadata={"description": "Always 0 for a psychopath."})


@dataclass(frozen=True, slots=True)
class CardLimits:
    """[Průběh boje] cards each may play in one step: duellists up to 3, bystanders 1 each."""

    attacker: int
    defender: int = field(
        metadata={"description": "0 for a psychopath: its total is changed only by others' cards."})
    bystander: int = field(
        metadata={"description": "Each non-fighting player on the same or a neighbouring field."})
    plays_first: Side | None = field(
        metadata={
            "description": (
                "Who plays cards first in the next step: the lower total (between players), the "
                "fighting player (against a psychopath); null on equal totals between players (the"
                " rules do not say)."),
        })
    note: Text


@dataclass(frozen=True, slots=True)
class CombatResult:
    """``result`` of ``psychopaths-land/combat``."""

    mode: Mode
    attacker_roll: int
    defender_roll: int
    attacker_total: int
    defender_total: int
    winner: Winner
    fame_moved: int = field(metadata={"description": "|attacker total − defender total|."})
    fame: Fame
    revenge_available: bool = field(
        metadata={
            "description": "The defeated defender may call a revenge duel (players mode only).",
        })
    effects: tuple[str, ...]
    card_limits: CardLimits


@lru_cache(maxsize=1024)
def attacker_win_chance(lead: int) -> Fraction:
    """P(d6 + lead > d6): the attacker's chance when its fixed part leads by ``lead``.

    The difference of two d6 takes the value k (−5..5) in 6 − |k| of the 36 pairs; the attacker
    wins when k > −lead.
    """
    ways = sum(DIE - abs(k) for k in range(-(DIE - 1), DIE) if k + lead > 0)
    return Fraction(ways, DIE * DIE)


_MODE_NAMES = {
    "players": ("Boj mezi hráči", "Combat between players"),
    "psychopath": ("Boj s psychopatem", "Combat with a psychopath"),
    "psychopath-holder": ("Útok na hráče s psychopatem", "Attack on a psychopath's holder"),
    "revenge": ("Odvetný souboj", "Revenge duel"),
}

_EFFECT_TEXT = {
    "psychopath-killed": ("psychopat je zabit a odložen", "the psychopath is killed and discarded"),
    "psychopath-to-deck-bottom": ("psychopat jde na spodek balíčku událostí",
                                  "the psychopath goes to the bottom of the event deck"),
    "psychopath-to-inventory": ("hráč si dá kartu psychopata do inventáře",
                                "the player puts the psychopath card in the inventory"),
    "psychopath-card-lost": ("napadený přichází o kartu psychopata",
                             "the defender loses the psychopath card"),
}


def _card_limits(mode: Mode, attacker_total: int, defender_total: int) -> CardLimits:
    if mode == "psychopath":
        # Only the fighting player plays up to 3 cards (on either total); the psychopath none.
        return CardLimits(DUELLIST_CARDS, 0, BYSTANDER_CARDS, "attacker", both(
            "Bojující hráč může použít až 3 karty na svůj nebo psychopatův výsledek, pak se "
            "provedou schopnosti psychopata; každý nebojující hráč na stejném nebo sousedním "
            "poli 1 kartu.",
            "The fighting player may play up to 3 cards on either total, then the psychopath's "
            "abilities apply; each bystander on the same or a neighbouring field 1 card."))
    first: Side | None = (
        None if attacker_total == defender_total
        else "attacker" if attacker_total < defender_total else "defender")
    return CardLimits(DUELLIST_CARDS, DUELLIST_CARDS, BYSTANDER_CARDS, first, both(
        "Hráč s menším součtem může použít až 3 karty, pak druhý bojující až 3; každý "
        "nebojující hráč na stejném nebo sousedním poli 1 kartu; opakuje se, dokud kdokoli "
        "chce hrát karty.",
        "The player with the lower total may play up to 3 cards, then the other duellist up to "
        "3; each bystander on the same or a neighbouring field 1 card; repeat while anyone "
        "wants to play cards."))


def _fame(
    mode: Mode, winner: Winner, moved: int, active_player: Side
) -> tuple[Fame, tuple[str, ...]]:
    """Fame changes and card effects of a finished combat, as [Boj] rules them per mode."""
    if winner == "draw":
        effects = ("psychopath-to-inventory",) if mode == "psychopath" else ()
        return Fame(0, 0), effects
    loser: Side = "defender" if winner == "attacker" else "attacker"
    gain, loss = moved, -moved
    effects: tuple[str, ...] = ()
    if mode == "psychopath":
        if winner == "attacker":
            return Fame(moved, 0), ("psychopath-killed",)
        return Fame(-moved, 0), ("psychopath-to-deck-bottom",)
    if mode == "psychopath-holder" and loser == "defender":
        loss, effects = 0, ("psychopath-card-lost",)
    if mode == "revenge" and loser == active_player:
        gain += REVENGE_BONUS
    changes = {winner: gain, loser: loss}
    return Fame(changes["attacker"], changes["defender"]), effects


@procedure("psychopaths-land/combat", result=CombatResult, rule="psychopaths-combat",
           samples=({"attacker_madness": 2, "defender_madness": 1},))
def combat(
    source: DiceSource,
    *,
    mode: Mode = "players",
    attacker_madness: int = 0,
    defender_madness: int = 0,
    attacker_cards: int = 0,
    defender_cards: int = 0,
    active_player: Side = "attacker",
    revenge_used: bool = False,
) -> Outcome:
    """[Boj] d6 + madness + cards for each side; the higher total wins the difference in fame.

    ``mode``: ``players``; ``psychopath`` (the defender is the psychopath); ``psychopath-holder``
    (the defender holds a psychopath: no revenge, a defeated holder loses the card instead of
    fame); ``revenge`` (no further revenge; a defeated active player gives the winner +2 fame).
    Dice: the attacker's d6, then the defender's.
    """
    if mode == "revenge" and revenge_used:
        raise RuleError(quoting(
            "Odvetný souboj už v této fázi proběhl: {q} Vypni 'revenge_used', nebo hraj jiný "
            "režim.",
            "A revenge duel was already called in this phase: {q} Turn 'revenge_used' off or "
            "pick another mode.", ONE_REVENGE_PER_PHASE), field="revenge_used")
    if mode != "revenge" and active_player != "attacker":
        raise RuleError(quoting(
            "'active_player' rozhoduje jen v odvetném souboji ({q}); mimo něj je aktivní hráč "
            "útočník – nastav mode 'revenge', nebo 'active_player' vynech.",
            "'active_player' matters only in a revenge duel ({q}); otherwise the active player "
            "is the attacker – set mode 'revenge' or leave 'active_player' out.",
            ACTIVE_PLAYER_ONLY_IN_REVENGE), field="active_player")

    attacker_die = source.die(DIE, "attacker")
    defender_die = source.die(DIE, "defender")
    rolls = (Roll("attacker", "1d6", (attacker_die,), attacker_die),
             Roll("defender", "1d6", (defender_die,), defender_die))
    attacker_total = attacker_die + attacker_madness + attacker_cards
    defender_total = defender_die + defender_madness + defender_cards
    winner: Winner = ("draw" if attacker_total == defender_total
                      else "attacker" if attacker_total > defender_total else "defender")
    moved = abs(attacker_total - defender_total)
    fame, effects = _fame(mode, winner, moved, active_player)
    revenge = mode == "players" and winner == "attacker" and not revenge_used
    limits = _card_limits(mode, attacker_total, defender_total)
    chance = attacker_win_chance(attacker_madness + attacker_cards
                                 - defender_madness - defender_cards)

    def side(die: int, madness: int, cards: int, total: int) -> str:
        return f"1d6 = {die}" + plus(madness, die + madness) + plus(cards, total)

    shown_attacker = side(attacker_die, attacker_madness, attacker_cards, attacker_total)
    shown_defender = side(defender_die, defender_madness, defender_cards, defender_total)
    opponent = ("psychopat", "psychopath") if mode == "psychopath" else ("obránce", "defender")
    if winner == "draw":
        verdict = ("remíza", "a draw")
    elif winner == "attacker":
        verdict = (f"vítězí útočník o {moved}", f"the attacker wins by {moved}")
    else:
        verdict = (f"vítězí {opponent[0]} o {moved}", f"the {opponent[1]} wins by {moved}")

    def fame_words(lang: int) -> str:
        names = (("útočník", "obránce"), ("attacker", "defender"))[lang]
        parts = [f"{name} {signed(value)}" for name, value in zip(
            names, (fame.attacker, fame.defender), strict=True) if value]
        if not parts:
            return ("sláva se nemění", "no fame changes")[lang]
        return ("sláva: ", "fame: ")[lang] + ", ".join(parts)

    extras_cs = [fame_words(0)] + [_EFFECT_TEXT[e][0] for e in effects]
    extras_en = [fame_words(1)] + [_EFFECT_TEXT[e][1] for e in effects]
    if revenge:
        extras_cs.append("poražený obránce může vyvolat odvetný souboj")
        extras_en.append("the defeated defender may call a revenge duel")
    name = _MODE_NAMES[mode]
    text = Text(
        f"{name[0]}: {shown_attacker} proti {shown_defender} → {verdict[0]}; "
        f"{', '.join(extras_cs)}.",
        f"{name[1]}: {shown_attacker} vs {shown_defender} → {verdict[1]}; "
        f"{', '.join(extras_en)}.")
    result = CombatResult(mode, attacker_die, defender_die, attacker_total, defender_total,
                          winner, moved, fame, revenge, effects, limits)
    return Outcome("psychopaths-land/combat", rolls, result, chance, text,
                   RULES["psychopaths-combat"])


# --- turn check ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """The planned move to ``field``: legal or not, and why not (a stable code)."""

    field: str
    legal: bool
    reason: Literal["psychopath-in-inventory", "no-action-points", "already-visited"] | None
    cost: int
    action_points_left: int


@dataclass(frozen=True, slots=True)
class TurnCheckResult:
    """``result`` of ``psychopaths-land/turn-check``: what the rules allow the active player now."""

    exploration_allowed: bool
    movement_allowed: bool
    move: Move | None = field(
        metadata={"description": "The move to target_field, or null when none is given."})
    combat: bool = field(metadata={"description": "The combat phase takes place."})
    combat_order: tuple[str, ...] = field(
        metadata={"description": "Combats due, first first: the psychopath has priority."})
    combat_first: Literal["psychopath", "player"] | None
    may_repeat_movement: bool = field(
        metadata={
            "description": (
                "Action points remain (after the move) and no psychopath in the inventory: the "
                "movement phase, then combat, may be repeated."),
        })
    action_points_lost_at_end: int
    end_of_round_order: Literal["active-player"] = field(
        metadata={"description": "Who orders the end-of-round card effects."})
    notes: tuple[Text, ...] = field(
        metadata={"description": "The rule sentences that decided, quoted."})


@procedure("psychopaths-land/turn-check", result=TurnCheckResult, rule="psychopaths-round",
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
        raise RuleError(quoting(
            "Nebojovaný psychopat musí být v inventáři: {q} Zapni 'psychopath_in_inventory', "
            "nebo vypni 'unfought_psychopath'.",
            "An unfought psychopath must be in the inventory: {q} Turn "
            "'psychopath_in_inventory' on or 'unfought_psychopath' off.",
            UNFOUGHT_PSYCHOPATH), field="unfought_psychopath")
    seen = {field.strip().casefold() for field in visited}
    notes: list[Text] = []
    exploration = not psychopath_in_inventory and action_points >= MOVE_COST
    movement = not psychopath_in_inventory and action_points >= MOVE_COST
    if psychopath_in_inventory:
        notes += [NO_EXPLORATION, NO_MOVEMENT]
    elif action_points < MOVE_COST:
        notes.append(quoting("Bez akčních bodů nelze platit průzkum ani pohyb: {q}.",
                             "With no action points, neither exploration nor movement can be "
                             "paid for: {q}.", PAYS_ONE_POINT))

    move = None
    left = action_points
    if target_field is not None:
        reason = ("psychopath-in-inventory" if psychopath_in_inventory
                  else "no-action-points" if action_points < MOVE_COST
                  else "already-visited" if target_field.strip().casefold() in seen else None)
        legal = reason is None
        if legal:
            left = action_points - MOVE_COST
        elif reason == "already-visited":
            notes.append(quoting("Na pole {f} se pohnout nelze: {q}",
                                 "No move to field {f}: {q}", NO_FIELD_TWICE, f=target_field))
        move = Move(target_field, legal, reason, MOVE_COST, left)

    order = tuple(kind for kind, due in (("psychopath", unfought_psychopath),
                                         ("player", other_player_on_field)) if due)
    if len(order) == 2:
        notes.append(Text("„Souboj s psychopatem má přednost.“",
                          "“Combat with the psychopath comes first.”"))
    repeat = not psychopath_in_inventory and left >= MOVE_COST

    def yes(flag: bool, lang: int) -> str:
        return (("ano", "ne"), ("yes", "no"))[lang][0 if flag else 1]

    def plan(lang: int) -> str:
        if move is None:
            return ""
        if lang == 0:
            return (f"; pohyb na pole {move.field} lze, zbude {points_cs(left)}" if move.legal
                    else f"; pohyb na pole {move.field} nelze")
        return (f"; a move to field {move.field} is legal, {points_en(left)} left" if move.legal
                else f"; a move to field {move.field} is illegal")

    fight_cs = {"psychopath": "s psychopatem", "player": "s hráčem"}
    fight_en = {"psychopath": "the psychopath", "player": "the player"}
    combat_cs = ", pak ".join(fight_cs[k] for k in order) if order else "ne"
    combat_en = ", then ".join(fight_en[k] for k in order) if order else "no"
    text = Text(
        f"Kolo: průzkum {yes(exploration, 0)}, pohyb {yes(movement, 0)}{plan(0)}; "
        f"boj: {combat_cs}. Na konci kola propadnou zbývající akční body ({left}) a efekty "
        f"karet proběhnou v pořadí, které určí aktivní hráč.",
        f"Round: exploration {yes(exploration, 1)}, movement {yes(movement, 1)}{plan(1)}; "
        f"combat: {combat_en}. At the end of the round the remaining action points ({left}) are "
        f"lost and card effects resolve in the order the active player sets.")
    result = TurnCheckResult(exploration, movement, move, bool(order), order,
                             order[0] if order else None, repeat, left, "active-player",
                             tuple(notes))
    return Outcome("psychopaths-land/turn-check", (), result, None, text,
                   RULES["psychopaths-round"])
