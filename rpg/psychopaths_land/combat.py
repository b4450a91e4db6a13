"""Země psychopatů, [Boj]: combat in its four modes.

Both sides roll a d6 and add their madness; cards move the totals step by step; the higher total
wins and the difference is the fame moved, as each mode rules it (between players, with a
psychopath, an attack on a psychopath's holder, a revenge duel).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Literal, get_args

from rpg.core.catalog import Choice, Field, Join, Message, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, Roll
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.d20 import Term, minus_sign, written_terms

DIE = 6
#: Madness (šílenost) is a score added to the d6; cards are net modifiers of a total.
MADNESS_MIN, MADNESS_MAX = 0, 100
CARDS_MIN, CARDS_MAX = -20, 20
#: [Průběh boje] cards each participant may play in one step of the combat.
DUELLIST_CARDS = 3
BYSTANDER_CARDS = 1
#: [Odvetný souboj] fame the winner gains on top when the active player loses a revenge duel.
REVENGE_BONUS = 2

Mode = Literal["players", "psychopath", "psychopath-holder", "revenge"]
Side = Literal["attacker", "defender"]
Winner = Literal["attacker", "defender", "draw"]
#: What happens to the psychopath card, as [Průběh boje] rules it per mode.
Effect = Literal["psychopath-killed", "psychopath-to-deck-bottom", "psychopath-to-inventory",
                 "psychopath-card-lost"]
MODES: tuple[str, ...] = get_args(Mode)
SIDES: tuple[str, ...] = get_args(Side)

#: What the calculators need of this module (``psychopaths_land/combat.js``).
CALCULATOR_DATA = {"die": DIE, "duellist_cards": DUELLIST_CARDS,
                   "bystander_cards": BYSTANDER_CARDS, "revenge_bonus": REVENGE_BONUS}

MESSAGES = messages({
    # The rule sentences an input can break, quoted (Czech as the rules word them).
    "psychopaths-land.quote.one-revenge": Text(
        "„V jedné fázi lze vyvolat jen jeden odvetný souboj.“",
        "“Only one revenge duel may be called in one phase.”"),
    "psychopaths-land.quote.revenge-bonus": Text(
        "„Je-li aktivní hráč poražen, získá vítěz {bonus} {bonus:bod|body|bodů} slávy navíc.“",
        "“If the active player is defeated, the winner gains {bonus} more fame.”"),

    "psychopaths-land/combat.title": Text("Boj", "Combat"),
    "psychopaths-land/combat.chance": Text("Šance, že vyhraje útočník",
                                           "Chance the attacker wins"),
    "psychopaths-land/combat.text": Text(
        "{mode}: {attacker} proti {defender} → {verdict}; {extras}.",
        "{mode}: {attacker} vs {defender} → {verdict}; {extras}."),
    "psychopaths-land/combat.die": Text("1d6 = {die}", "1d6 = {die}"),
    "psychopaths-land/combat.side": Text("1d6 = {die}{terms} = {total}",
                                         "1d6 = {die}{terms} = {total}"),
    "psychopaths-land/combat.madness": Text("šílenost", "madness"),
    "psychopaths-land/combat.cards": Text("karty", "cards"),
    "psychopaths-land/combat.mode.players": Text("Boj mezi hráči", "Combat between players"),
    "psychopaths-land/combat.mode.psychopath": Text("Boj s psychopatem",
                                                    "Combat with a psychopath"),
    "psychopaths-land/combat.mode.psychopath-holder": Text(
        "Útok na hráče s psychopatem", "Attack on a psychopath's holder"),
    "psychopaths-land/combat.mode.revenge": Text("Odvetný souboj", "Revenge duel"),
    "psychopaths-land/combat.side.attacker": Text("útočník", "attacker"),
    "psychopaths-land/combat.side.defender": Text("obránce", "defender"),
    "psychopaths-land/combat.side.psychopath": Text("psychopat", "psychopath"),
    "psychopaths-land/combat.side.player": Text("hráč", "player"),
    "psychopaths-land/combat.draw": Text("remíza", "a draw"),
    "psychopaths-land/combat.wins": Text("vítězí {side} o {moved}", "the {side} wins by {moved}"),
    "psychopaths-land/combat.fame": Text("sláva: {changes}", "fame: {changes}"),
    "psychopaths-land/combat.fame-change": Text("{side} {change}", "{side} {change}"),
    "psychopaths-land/combat.fame-bonus": Text(
        "{side} +{moved} + {bonus} (poražen aktivní hráč) = +{total}",
        "{side} +{moved} + {bonus} (the active player lost) = +{total}"),
    "psychopaths-land/combat.no-fame": Text("sláva se nemění", "no fame changes"),
    "psychopaths-land/combat.effect.psychopath-killed": Text(
        "psychopat je zabit a odložen", "the psychopath is killed and discarded"),
    "psychopaths-land/combat.effect.psychopath-to-deck-bottom": Text(
        "psychopat jde na spodek balíčku událostí",
        "the psychopath goes to the bottom of the event deck"),
    "psychopaths-land/combat.effect.psychopath-to-inventory": Text(
        "hráč si dá kartu psychopata do inventáře",
        "the player puts the psychopath card in the inventory"),
    "psychopaths-land/combat.effect.psychopath-card-lost": Text(
        "napadený přichází o kartu psychopata", "the defender loses the psychopath card"),
    "psychopaths-land/combat.revenge-available": Text(
        "poražený obránce může vyvolat odvetný souboj",
        "the defeated defender may call a revenge duel"),
    "psychopaths-land/combat.cards-psychopath": Text(
        "Bojující hráč může použít až {duellist} {duellist:kartu|karty|karet} na svůj nebo "
        "psychopatův výsledek, pak se provedou schopnosti psychopata; každý nebojující hráč na "
        "stejném nebo sousedním poli {bystander} {bystander:kartu|karty|karet}.",
        "The fighting player may play up to {duellist} {duellist:card|cards} on either total, "
        "then the psychopath's abilities apply; each bystander on the same or a neighbouring "
        "field {bystander} {bystander:card|cards}."),
    "psychopaths-land/combat.cards-players": Text(
        "Hráč s menším součtem může použít až {duellist} {duellist:kartu|karty|karet}, pak "
        "druhý bojující až {duellist}; každý nebojující hráč na stejném nebo sousedním poli "
        "{bystander} {bystander:kartu|karty|karet}; opakuje se, dokud kdokoli chce hrát karty.",
        "The player with the lower total may play up to {duellist} {duellist:card|cards}, then "
        "the other duellist up to {duellist}; each bystander on the same or a neighbouring field "
        "{bystander} {bystander:card|cards}; repeat while anyone wants to play cards."),
    "psychopaths-land/combat.revenge-used": Text(
        "Odvetný souboj už v této fázi proběhl: {quote} Vypni {revenge_used}, nebo hraj jiný "
        "režim.",
        "A revenge duel was already called in this phase: {quote} Turn {revenge_used} off or "
        "pick another mode."),
    "psychopaths-land/combat.active-player": Text(
        "{active_player} rozhoduje jen v odvetném souboji ({quote}); jinak je aktivním hráčem "
        "útočník – zvol {mode}: {revenge}, nebo {active_player} vynech.",
        "{active_player} matters only in a revenge duel ({quote}); otherwise the active player "
        "is the attacker – choose {mode}: {revenge}, or leave {active_player} out."),
})


def signed(value: int) -> str:
    """``+3`` or ``−3`` with a true minus sign, as the texts write modifiers."""
    return f"{value:+d}".replace("-", "−")


@dataclass(frozen=True, slots=True)
class Fame:
    """Signed fame changes of the two duellists (the psychopath has none: always 0)."""

    attacker: int = field(metadata={"description": "The attacker's fame change (the player's "
                                                   "against a psychopath)."})
    defender: int = field(metadata={"description": "Always 0 for a psychopath."})


@dataclass(frozen=True, slots=True)
class CardLimits:
    """[Průběh boje] cards each may play in one step: duellists up to 3, bystanders 1 each."""

    attacker: int = field(metadata={"description": "Cards the attacker may play (3)."})
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
    note: Message = field(metadata={"description": "The step's card limits, worded."})


@dataclass(frozen=True, slots=True)
class CombatResult:
    """``result`` of ``psychopaths-land/combat``."""

    mode: Mode = field(metadata={"description": "The kind of combat, as given."})
    attacker_roll: int = field(metadata={"description": "The attacker's d6."})
    defender_roll: int = field(metadata={"description": "The defender's (the psychopath's) d6."})
    attacker_total: int = field(metadata={"description": "d6 + madness + cards."})
    defender_total: int = field(metadata={"description": "d6 + madness + cards."})
    winner: Winner = field(metadata={"description": "The higher total; equal totals: a draw."})
    fame_moved: int = field(metadata={"description": "|attacker total − defender total|."})
    fame: Fame = field(metadata={"description": "Signed fame changes, as the mode rules them."})
    revenge_available: bool = field(
        metadata={
            "description": "The defeated defender may call a revenge duel (players mode only).",
        })
    effects: tuple[Effect, ...] = field(
        metadata={"description": "What happens to the psychopath card (worded in `text`)."})
    card_limits: CardLimits = field(
        metadata={"description": "Who may play how many cards in the next step."})


@lru_cache(maxsize=1024)
def attacker_win_chance(lead: int) -> Fraction:
    """P(d6 + lead > d6): the attacker's chance when its fixed part leads by ``lead``.

    The difference of two d6 takes the value k (−5..5) in 6 − |k| of the 36 pairs; the attacker
    wins when k > −lead.
    """
    ways = sum(DIE - abs(k) for k in range(-(DIE - 1), DIE) if k + lead > 0)
    return Fraction(ways, DIE * DIE)


def _card_limits(mode: Mode, attacker_total: int, defender_total: int) -> CardLimits:
    numbers = {"duellist": DUELLIST_CARDS, "bystander": BYSTANDER_CARDS}
    if mode == "psychopath":
        # Only the fighting player plays up to 3 cards (on either total); the psychopath none.
        return CardLimits(DUELLIST_CARDS, 0, BYSTANDER_CARDS, "attacker",
                          msg("psychopaths-land/combat.cards-psychopath", **numbers))
    first: Side | None = (
        None if attacker_total == defender_total
        else "attacker" if attacker_total < defender_total else "defender")
    return CardLimits(DUELLIST_CARDS, DUELLIST_CARDS, BYSTANDER_CARDS, first,
                      msg("psychopaths-land/combat.cards-players", **numbers))


def _fame(
    mode: Mode, winner: Winner, moved: int, active_player: Side
) -> tuple[Fame, tuple[Effect, ...]]:
    """Fame changes and card effects of a finished combat, as [Boj] rules them per mode."""
    effects: tuple[Effect, ...] = ()
    if winner == "draw":
        if mode == "psychopath":
            effects = ("psychopath-to-inventory",)
        return Fame(0, 0), effects
    loser: Side = "defender" if winner == "attacker" else "attacker"
    gain, loss = moved, -moved
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


def _named(mode: Mode, side: Side) -> Message:
    """A duellist as the rules call them: the attacker and the defender, or against a
    psychopath the player and the psychopath."""
    against_psychopath = {"attacker": "player", "defender": "psychopath"}
    return msg("psychopaths-land/combat.side."
               + (against_psychopath[side] if mode == "psychopath" else side))


def _side(die: int, madness: int, cards: int, total: int) -> Message:
    """One side's d6, every modifier named, and its total: ``1d6 = 4 + 3 (šílenost) − 1
    (karty) = 6``; just ``1d6 = 4`` with none."""
    terms = written_terms([Term(madness, msg("psychopaths-land/combat.madness")),
                           Term(cards, msg("psychopaths-land/combat.cards"))])
    if not terms.items:
        return msg("psychopaths-land/combat.die", die=die)
    return msg("psychopaths-land/combat.side", die=die, terms=terms, total=minus_sign(total))


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
        raise RuleError(msg("psychopaths-land/combat.revenge-used",
                            quote=msg("psychopaths-land.quote.one-revenge"),
                            revenge_used=Field("revenge_used")), field="revenge_used")
    if mode != "revenge" and active_player != "attacker":
        raise RuleError(msg("psychopaths-land/combat.active-player",
                            active_player=Field("active_player"),
                            quote=msg("psychopaths-land.quote.revenge-bonus",
                                      bonus=REVENGE_BONUS),
                            mode=Field("mode"), revenge=Choice("mode", "revenge")),
                        field="active_player")

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

    if winner == "draw":
        verdict = msg("psychopaths-land/combat.draw")
    else:
        verdict = msg("psychopaths-land/combat.wins", side=_named(mode, winner), moved=moved)
    fame_by_side: tuple[tuple[Side, int], ...] = (
        ("attacker", fame.attacker), ("defender", fame.defender))
    changes = tuple(
        msg("psychopaths-land/combat.fame-change", side=_named(mode, who), change=signed(value))
        if value <= moved else  # the revenge duel's bonus, shown as the term it is
        msg("psychopaths-land/combat.fame-bonus", side=_named(mode, who), moved=moved,
            bonus=value - moved, total=value)
        for who, value in fame_by_side if value)
    extras = [msg("psychopaths-land/combat.fame", changes=Join(changes)) if changes
              else msg("psychopaths-land/combat.no-fame")]
    extras += [msg(f"psychopaths-land/combat.effect.{effect}") for effect in effects]
    if revenge:
        extras.append(msg("psychopaths-land/combat.revenge-available"))
    text = msg("psychopaths-land/combat.text", mode=msg(f"psychopaths-land/combat.mode.{mode}"),
               attacker=_side(attacker_die, attacker_madness, attacker_cards, attacker_total),
               defender=_side(defender_die, defender_madness, defender_cards, defender_total),
               verdict=verdict, extras=Join(tuple(extras)))
    result = CombatResult(mode, attacker_die, defender_die, attacker_total, defender_total,
                          winner, moved, fame, revenge, effects, limits)
    return Outcome("psychopaths-land/combat", rolls, result, chance, text,
                   RULES["psychopaths-combat"])
