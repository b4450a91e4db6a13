"""Movement and the other combat situations of "Pravidla a procedury".

[Pohyb], [Šplhání], [Plavání], [Sprint], [Shození na zem], [Slepota], [Útěk] and [Strategický
pohyb] (of [Vázání v boji na blízko]), [Připravená akce], [Hození zbraně] with [Neefektivní
vzdálenost u hozených zbraní], [Reflexivní blokování štítem], and the 50 %
mishaps of [Vázání v boji na blízko], [Držení kouzla] and [Nestabilní povrchy]. Every sentence
is the catalog's (``MESSAGES``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from rpg.core.catalog import Message, messages, msg
from rpg.core.citations import RULES, cite
from rpg.core.dice import DiceSource, roll, written
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.odds import Odds

MovementMode = Literal[
    "walk", "climb", "swim", "difficult", "sprint", "stand-up", "blind", "disengage", "strategic"]
MAX_MOVEMENT_M = 1000
BLIND_DIRECTED_M = 1  # [Slepota] a blind creature moves at most 1 m in a chosen direction

cite("sprint", "Sprint", "ostatni-bojove-situace")
cite("knocked-down", "Shození na zem", "ostatni-bojove-situace")
cite("blindness", "Slepota", "ostatni-bojove-situace")


@dataclass(frozen=True, slots=True)
class MovementRule:
    """How far a mode of movement takes a creature, as a share of its hybnost, and the rule it
    cites; its name and note are the catalog's ``movement.name.<mode>`` and
    ``movement.note.<mode>``."""

    mode: str
    share: Fraction
    action_free: bool
    rule: str


MOVEMENT_RULES: dict[str, MovementRule] = {
    rule.mode: rule for rule in (
        MovementRule("walk", Fraction(1), True, "movement"),
        MovementRule("climb", Fraction(1, 2), True, "climbing"),
        MovementRule("swim", Fraction(1, 2), True, "swimming"),
        MovementRule("difficult", Fraction(1, 2), True, "movement"),
        MovementRule("sprint", Fraction(2), False, "sprint"),
        MovementRule("stand-up", Fraction(0), True, "knocked-down"),
        MovementRule("blind", Fraction(1), True, "blindness"),
        # [Útěk] "obětuje v daném kole svou akci. Může se pak pohybovat svou plnou rychlostí"
        MovementRule("disengage", Fraction(1), False, "melee-engaged"),
        # [Strategický pohyb] "Stvoření se může pohnout pouze po obvodu svých soupeřů. Nesmí se
        # však od nich vzdálit": its movement, along the perimeter; the action stays free.
        MovementRule("strategic", Fraction(1), True, "melee-engaged"),
    )
}

#: [Hození zbraně] effective range = Síla (zone Poblíž); [Neefektivní vzdálenost u hozených
#: zbraní] "Neefektivní vzdálenost je pak dvojnásobek Síly."
THROWN_ZONE = "poblize"
INEFFECTIVE_FACTOR = 2
#: Ability scores (Síla) and a shield's OČ: generous bounds where the rules state none.
SCORE_MIN, SCORE_MAX = 1, 100

cite("thrown-ineffective", "Neefektivní vzdálenost u hozených zbraní", "souboje")


def thrown_ranges(strength: int) -> tuple[int, int]:
    """The effective and the ineffective distance of a throw, in metres: "Síla nositele tedy
    určuje efektivní vzdálenost. Neefektivní vzdálenost je pak dvojnásobek Síly." The one source
    of both ``thrown-range`` and a thrown weapon's ``attack``."""
    return strength, INEFFECTIVE_FACTOR * strength
DAMAGE_DICE_MAX = 200

MishapKind = Literal[
    "ranged-engaged", "item-engaged", "spell-engaged", "held-spell-hit", "spell-unstable"]
MISHAP_CHANCE_PERCENT = 50
#: The 50 % chances the rules name, one row of odds each (x % on a d100): the catalog's
#: ``<key>.head`` is the situation, ``<key>.happens`` its consequence.
MISHAPS: dict[str, Odds] = {
    kind: Odds(f"mishap.{kind}", MISHAP_CHANCE_PERCENT, 100, rule) for kind, rule in (
        ("ranged-engaged", "melee-engaged"),
        ("item-engaged", "melee-engaged"),
        ("spell-engaged", "melee-engaged"),
        ("held-spell-hit", "held-spell"),
        ("spell-unstable", "unstable-ground"),
    )
}

MESSAGES = messages({
    "movement.title": Text("Pohyb v kole", "Movement in a round"),
    "movement.text": Text("{name} ({movement} m): {metres} m, {action}{moved}. {note}",
                          "{name} ({movement} m): {metres} m, {action}{moved}. {note}"),
    "movement.moved": Text("; v tomto kole už {moved} m, zbývá {left}",
                           "; {moved} m moved already this round, {left} left"),
    "movement.left": Text("{metres} − {moved} = {left} m", "{metres} − {moved} = {left} m"),
    "movement.left-clamped": Text("{metres} − {moved} → 0 m", "{metres} − {moved} → 0 m"),
    "movement.action-free": Text("akce volná", "action free"),
    "movement.no-action": Text("bez akce", "no action"),
    "movement.name.walk": Text("Pohyb", "Movement"),
    "movement.name.climb": Text("Šplhání", "Climbing"),
    "movement.name.swim": Text("Plavání", "Swimming"),
    "movement.name.difficult": Text("Obtížný terén", "Difficult terrain"),
    "movement.name.sprint": Text("Sprint", "Sprint"),
    "movement.name.stand-up": Text("Vstávání ze země", "Standing up"),
    "movement.name.blind": Text("Slepý pohyb", "Moving blind"),
    "movement.name.disengage": Text("Útěk", "Disengaging"),
    "movement.name.strategic": Text("Strategický pohyb", "Strategic movement"),
    "movement.note.walk": Text("Pohyb do vzdálenosti hybnosti a jedna akce.",
                               "Move up to the movement and take one action."),
    "movement.note.climb": Text("Šplhat lze polovinou své hybnosti.",
                                "Climbing is at half the movement."),
    "movement.note.swim": Text(
        "Při plavání je maximální rychlost postavy polovina její hybnosti.",
        "Swimming is at most half the movement."),
    "movement.note.difficult": Text("Pohyb obtížným terénem stojí dvojnásobek hybnosti.",
                                    "Difficult terrain costs double the movement."),
    "movement.note.sprint": Text("Sprint: obětuje akci a pohne se až dvojnásobkem hybnosti.",
                                 "Sprint: gives up the action to move up to twice the movement."),
    "movement.note.stand-up": Text(
        "Vstávání stojí celý pohyb kola; do konce kola leží: jeho útoky mají nevýhodu, "
        "útoky na blízko proti němu výhodu.",
        "Standing up costs the round's whole movement; it stays prone this round: its "
        "attacks have disadvantage, melee attacks against it advantage."),
    "movement.note.blind": Text(
        "Slepý: zvoleným směrem nejvýše {directed} m, rychlejší pohyb je náhodným směrem.",
        "Blind: at most {directed} m in a chosen direction; faster movement goes a random way."),
    "movement.note.disengage": Text(
        "Útěk z vázání v boji na blízko: obětuje akci a pohne se plnou rychlostí mimo dosah "
        "nepřítele.",
        "Disengaging from melee: gives up the action to move at full speed out of the enemy's "
        "reach."),
    "movement.note.strategic": Text(
        "Strategický pohyb ve vázání v boji na blízko: jen po obvodu soupeřů, vzdálit se od "
        "nich nesmí.",
        "Strategic movement while engaged in melee: only along the opponents' perimeter, never "
        "away from them."),
    "thrown-range.title": Text("Dostřel hozené zbraně", "Thrown weapon range"),
    "thrown-range.text": Text(
        "Hod zbraní se Sílou {strength}: efektivní vzdálenost {effective} m, neefektivní "
        "{ineffective} m (Poblíž); k poškození přičti modifikátor síly.",
        "Thrown weapon at Strength {strength}: effective range {effective} m, ineffective "
        "{ineffective} m (near); add the strength modifier to the damage."),
    "thrown-range.damage-note": Text("K poškození se přičítá modifikátor síly.",
                                     "Add the strength modifier to the damage."),
    "shield-block.title": Text("Reflexivní blok štítem", "Reflexive shield block"),
    "shield-block.text": Text(
        "Blok štítem: −{blocked} {blocked:kostka|kostky|kostek} poškození, štítu zbývá "
        "OČ {left}{destroyed}.",
        "Shield block: −{blocked} damage dice, the shield has AC {left} left{destroyed}."),
    "shield-block.destroyed": Text(" → štít je zničen", " → the shield is destroyed"),
    "shield-block.untrained": Text("Postava netrénovaná se štítem nemůže blokovat: {rule}",
                                   "Untrained with the shield, no block: {rule}"),
    "shield-block.surprised": Text("Překvapená postava nemůže blokovat: {rule}",
                                   "A surprised character cannot block: {rule}"),
    "shield-block.used": Text("Blok už v tomto kole proběhl: {rule}",
                              "Already blocked this round: {rule}"),
    "shield-block.too-many-dice": Text(
        "Štít s OČ {ac} nezablokuje {blocked} {blocked:kostku|kostky|kostek}: {rule}",
        "A shield of AC {ac} cannot block {blocked} dice: {rule}"),
    "shield-block.beyond-attack": Text(
        "Útok má jen {dice} {dice:kostku|kostky|kostek} poškození, nelze zablokovat "
        "{blocked}.",
        "The attack has only {dice} damage dice; {blocked} cannot be blocked."),
    "shield-block.rule-untrained": Text(
        "„Postavy netrénované se štítem … ním nemohou reflexivně blokovat.“",
        "“Characters untrained with a shield … cannot block with it reflexively.”"),
    "shield-block.rule-surprised": Text(
        "„Instantní akce nelze použít pokud je postava překvapená.“",
        "“Instant actions cannot be used while the character is surprised.”"),
    "shield-block.rule-once": Text(
        "„Jejich použití je však omezeno na 1x za kolo.“",
        "“Their use is limited to once a round.”"),
    "shield-block.rule-dice": Text(
        "„… zredukovat jej o 1 kostku poškození za každé obětované OČ štítu.“",
        "“… reduce it by 1 damage die for each point of shield AC sacrificed.”"),
    "mishap.title": Text("Nehoda (50\u00a0%)", "Mishap (50%)"),
    "mishap.chance": Text("Šance, že nastane", "Chance it happens"),
    "mishap.nothing": Text("vyšlo to", "it works"),
    "mishap.ranged-engaged.head": Text("Útok na dálku ve vázání v boji na blízko",
                                       "A ranged attack while engaged in melee"),
    "mishap.ranged-engaged.happens": Text("útok selhal a automaticky mine",
                                          "the attack fails and misses"),
    "mishap.item-engaged.head": Text("Použití předmětu ve vázání v boji na blízko",
                                     "Using an item while engaged in melee"),
    "mishap.item-engaged.happens": Text(
        "předmět se nepoužije a upadne na zem (některé předměty se mohou rozbít)",
        "the item is not used and falls to the ground (some items may break)"),
    "mishap.spell-engaged.head": Text("Čarování kouzla ve vázání v boji na blízko",
                                      "Casting a spell while engaged in melee"),
    "mishap.spell-engaged.happens": Text("kouzlo je ztraceno (včetně ceny za sesílání)",
                                         "the spell is lost (its casting cost too)"),
    "mishap.held-spell-hit.head": Text("Zásah postavy držící kouzlo",
                                       "A hit on a character holding a spell"),
    "mishap.held-spell-hit.happens": Text("držené kouzlo je ztraceno", "the held spell is lost"),
    "mishap.spell-unstable.head": Text("Kouzlo (ne instantní akce) na nestabilním povrchu",
                                       "A spell (not an instant action) on unstable ground"),
    "mishap.spell-unstable.happens": Text("kouzlo selhalo", "the spell fails"),
})

#: What the calculators need of this module (``pravidla/situations.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "movement": {mode: [float(rule.share), rule.action_free]
                 for mode, rule in MOVEMENT_RULES.items()},
    "blind_directed_m": BLIND_DIRECTED_M, "thrown_zone": THROWN_ZONE,
    "ineffective_factor": INEFFECTIVE_FACTOR,
    "mishaps": {kind: [odds.x, odds.y] for kind, odds in MISHAPS.items()},
}


# --- movement ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MovementResult:
    """``result`` of ``movement``: metres this round (exact halves, not rounded)."""

    mode: str
    metres: float = field(metadata={"description": "Metres this round by the mode, exact."})
    directed_metres: float = field(
        metadata={"description": "Metres in a chosen direction (blind: at most 1)."})
    random_direction: bool
    action_free: bool
    prone: bool
    note: Message
    metres_left: float = field(metadata={
        "description": "`metres` − `already_moved_m`, never below 0: what is left of this "
                       "round's movement ([Připravená akce] caps the round's total)."})


@procedure("movement", rolls=False, result=MovementResult, rule="movement",
           samples=({"movement": 6, "mode": "climb"},
                    {"movement": 6, "mode": "walk", "already_moved_m": 2}))
def movement(
    source: DiceSource, *, movement: float, mode: MovementMode = "walk",
    already_moved_m: float = 0,
) -> Outcome:
    """[Pohyb] metres a creature covers this round, and whether its action is still free.

    ``already_moved_m`` is what it moved earlier this round (before a readied action, say): the
    round's total stays within the mode's metres, so what is left never goes below 0.
    """
    rule = MOVEMENT_RULES[mode]
    # Halving and doubling a float are exact: no rounding, as the contract asks.
    metres = movement * float(rule.share)
    blind = mode == "blind"
    directed = min(BLIND_DIRECTED_M, metres) if blind else metres
    left = max(0.0, metres - already_moved_m)  # a clamp: more moved than the mode allows
    note = msg(f"movement.note.{mode}", **({"directed": BLIND_DIRECTED_M} if blind else {}))
    result = MovementResult(
        mode, metres, directed, blind, rule.action_free, mode == "stand-up", note, left)
    moved: Message | str = ""
    if already_moved_m:
        left_shown = (msg("movement.left", metres=metres, moved=already_moved_m, left=left)
                      if already_moved_m <= metres else msg(
                          "movement.left-clamped", metres=metres, moved=already_moved_m))
        moved = msg("movement.moved", moved=already_moved_m, left=left_shown)
    text = msg("movement.text", name=msg(f"movement.name.{mode}"), movement=movement,
               metres=metres, action=msg("movement.action-free" if rule.action_free
                                         else "movement.no-action"), moved=moved, note=note)
    return Outcome("movement", (), result, None, text, RULES[rule.rule])


# --- thrown-range --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThrownRangeResult:
    """``result`` of ``thrown-range``."""

    effective_range_m: int
    ineffective_range_m: int
    zone: str
    damage_note: Message


@procedure("thrown-range", rolls=False, result=ThrownRangeResult, rule="thrown-weapon",
           samples=({"strength": 12},))
def thrown_range(source: DiceSource, *, strength: int) -> Outcome:
    """[Hození zbraně] effective range = Síla, ineffective range = 2 × Síla (zone Poblíž)."""
    effective, ineffective = thrown_ranges(strength)
    result = ThrownRangeResult(effective, ineffective, THROWN_ZONE,
                               msg("thrown-range.damage-note"))
    text = msg("thrown-range.text", strength=strength, effective=effective,
               ineffective=ineffective)
    return Outcome("thrown-range", (), result, None, text, RULES["thrown-weapon"])


# --- shield-block --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShieldBlockResult:
    """``result`` of ``shield-block``."""

    dice_removed: int
    shield_ac_left: int
    destroyed: bool


@procedure("shield-block", result=ShieldBlockResult, rule="shield-block", rolls=False,
           samples=({"shield_ac": 2, "dice_blocked": 1},))
def shield_block(
    source: DiceSource,
    *,
    shield_ac: int,
    dice_blocked: int,
    trained: bool = True,
    surprised: bool = False,
    used_this_round: bool = False,
    damage_dice: int | None = None,
) -> Outcome:
    """[Reflexivní blokování štítem] remove damage dice, one shield AC point each."""
    if not trained:
        raise RuleError(msg("shield-block.untrained", rule=msg("shield-block.rule-untrained")),
                        field="trained")
    if surprised:
        raise RuleError(msg("shield-block.surprised", rule=msg("shield-block.rule-surprised")),
                        field="surprised")
    if used_this_round:
        raise RuleError(msg("shield-block.used", rule=msg("shield-block.rule-once")),
                        field="used_this_round")
    if dice_blocked > shield_ac:
        raise RuleError(msg("shield-block.too-many-dice", ac=shield_ac, blocked=dice_blocked,
                            rule=msg("shield-block.rule-dice")), field="dice_blocked")
    if damage_dice is not None and dice_blocked > damage_dice:
        raise RuleError(msg("shield-block.beyond-attack", dice=damage_dice,
                            blocked=dice_blocked), field="dice_blocked")
    left = shield_ac - dice_blocked
    result = ShieldBlockResult(dice_blocked, left, left == 0)
    text = msg("shield-block.text", blocked=dice_blocked, left=left,
               destroyed=msg("shield-block.destroyed") if left == 0 else "")
    return Outcome("shield-block", (), result, None, text, RULES["shield-block"])


# --- mishap --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MishapResult:
    """``result`` of ``mishap``."""

    roll: int
    happens: bool
    consequence: Message


@procedure("mishap", result=MishapResult, rule="melee-engaged",
           samples=({"kind": "ranged-engaged"},))
def mishap(source: DiceSource, *, kind: MishapKind) -> Outcome:
    """A 50 % mishap: its kind's row of odds, d100, 1–50 it happens.

    Written as every row of odds is (``odds.text``: the situation, the odds, the die); the
    roll keeps the procedure's label, ``mishap``, whatever the kind.
    """
    odds = MISHAPS[kind]
    rolled = roll(source, "mishap", 1, odds.y)
    happens = rolled.total <= odds.x
    consequence = msg(f"{odds.key}.happens")
    text = msg("odds.text", head=msg(f"{odds.key}.head"), odds=msg("odds.percent", x=odds.x),
               dice=written(rolled), sign="≤" if happens else ">", x=odds.x,
               outcome=consequence if happens else msg("mishap.nothing"))
    result = MishapResult(rolled.total, happens, consequence)
    return Outcome("mishap", (rolled,), result, Fraction(odds.x, odds.y), text,
                   RULES[odds.rule])
