"""Movement and the other combat situations of "Pravidla a procedury".

[Pohyb], [Šplhání], [Plavání], [Sprint], [Shození na zem], [Slepota], [Hození zbraně],
[Reflexivní blokování štítem], and the 50 % mishaps of [Vázání v boji na blízko],
[Držení kouzla] and [Nestabilní povrchy].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, roll
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both, number, plural_cs

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "movement.title": Text("Pohyb v kole", "Movement in a round"),
    "thrown-range.title": Text("Dostřel hozené zbraně", "Thrown weapon range"),
    "shield-block.title": Text("Reflexivní blok štítem", "Reflexive shield block"),
    "mishap.title": Text("Nehoda (50 %)", "Mishap (50 %)"),
    "mishap.chance": Text("Šance, že nastane", "Chance it happens"),
})

MovementMode = Literal["walk", "climb", "swim", "difficult", "sprint", "stand-up", "blind"]
MAX_MOVEMENT_M = 1000
BLIND_DIRECTED_M = 1  # [Slepota] a blind creature moves at most 1 m in a chosen direction


@dataclass(frozen=True, slots=True)
class MovementRule:
    """How far a mode of movement takes a creature, as a share of its hybnost."""

    mode: str
    share: Fraction
    action_free: bool
    note: Text


MOVEMENT_RULES: dict[str, MovementRule] = {
    rule.mode: rule for rule in (
        MovementRule("walk", Fraction(1), True, Text(
            "Pohyb do vzdálenosti hybnosti a jedna akce.",
            "Move up to the movement and take one action.")),
        MovementRule("climb", Fraction(1, 2), True, Text(
            "Šplhat lze polovinou své hybnosti.", "Climbing is at half the movement.")),
        MovementRule("swim", Fraction(1, 2), True, Text(
            "Při plavání je maximální rychlost postavy polovina její hybnosti.",
            "Swimming is at most half the movement.")),
        MovementRule("difficult", Fraction(1, 2), True, Text(
            "Pohyb obtížným terénem stojí dvojnásobek hybnosti.",
            "Difficult terrain costs double the movement.")),
        MovementRule("sprint", Fraction(2), False, Text(
            "Sprint: obětuje akci a pohne se až dvojnásobkem hybnosti.",
            "Sprint: gives up the action to move up to twice the movement.")),
        MovementRule("stand-up", Fraction(0), True, Text(
            "Vstávání stojí celý pohyb kola; do konce kola leží: jeho útoky mají nevýhodu, "
            "útoky na blízko proti němu výhodu.",
            "Standing up costs the round's whole movement; it stays prone this round: its "
            "attacks have disadvantage, melee attacks against it advantage.")),
        MovementRule("blind", Fraction(1), True, Text(
            "Slepý: zvoleným směrem nejvýše 1 m, rychlejší pohyb je náhodným směrem.",
            "Blind: at most 1 m in a chosen direction; faster movement goes a random way.")),
    )
}


MOVEMENT_NAMES: dict[str, Text] = {
    "walk": Text("Pohyb", "Movement"),
    "climb": Text("Šplhání", "Climbing"),
    "swim": Text("Plavání", "Swimming"),
    "difficult": Text("Obtížný terén", "Difficult terrain"),
    "sprint": Text("Sprint", "Sprint"),
    "stand-up": Text("Vstávání ze země", "Standing up"),
    "blind": Text("Slepý pohyb", "Moving blind"),
}


@dataclass(frozen=True, slots=True)
class MovementResult:
    """``result`` of ``movement``: metres this round (exact halves, not rounded)."""

    mode: str
    metres: float = field(metadata={"description": "Metres this round, exact."})
    directed_metres: float = field(
        metadata={"description": "Metres in a chosen direction (blind: at most 1)."})
    random_direction: bool
    action_free: bool
    prone: bool
    note: Text


@procedure("movement", result=MovementResult, rule="movement",
           samples=({"movement": 6, "mode": "climb"},))
def movement(source: DiceSource, *, movement: float, mode: MovementMode = "walk") -> Outcome:
    """[Pohyb] metres a creature covers this round, and whether its action is still free."""
    rule = MOVEMENT_RULES[mode]
    # Halving and doubling a float are exact: no rounding, as the contract asks.
    metres = movement * float(rule.share)
    directed = min(BLIND_DIRECTED_M, metres) if mode == "blind" else metres
    result = MovementResult(
        mode, metres, directed, mode == "blind", rule.action_free, mode == "stand-up", rule.note)
    names = MOVEMENT_NAMES[mode]
    action = (Text("akce volná", "action free") if rule.action_free
              else Text("bez akce", "no action"))
    text = Text(*(
        f"{names.in_(lang)} ({number(movement, lang)} m): {number(metres, lang)} m, "
        f"{action.in_(lang)}. {rule.note.in_(lang)}"
        for lang in ("cs", "en")))
    cited = {"climb": "climbing", "swim": "swimming"}.get(mode, "movement")
    return Outcome("movement", (), result, None, text, RULES[cited])


@dataclass(frozen=True, slots=True)
class ThrownRangeResult:
    """``result`` of ``thrown-range``."""

    effective_range_m: int
    ineffective_range_m: int
    zone: str
    damage_note: Text


@procedure("thrown-range", result=ThrownRangeResult, rule="thrown-weapon",
           samples=({"strength": 12},))
def thrown_range(source: DiceSource, *, strength: int) -> Outcome:
    """[Hození zbraně] effective range = Síla, ineffective range = 2 × Síla (zone Poblíž)."""
    result = ThrownRangeResult(strength, 2 * strength, "poblize", Text(
        "K poškození se přičítá modifikátor síly.", "Add the strength modifier to the damage."))
    text = both(
        "Hod zbraní se Sílou {s}: efektivní vzdálenost {s} m, neefektivní {d} m (Poblíž); "
        "k poškození přičti modifikátor síly.",
        "Thrown weapon at Strength {s}: effective range {s} m, ineffective {d} m (near); "
        "add the strength modifier to the damage.", s=strength, d=2 * strength)
    return Outcome("thrown-range", (), result, None, text, RULES["thrown-weapon"])


@dataclass(frozen=True, slots=True)
class ShieldBlockResult:
    """``result`` of ``shield-block``."""

    dice_removed: int
    shield_ac_left: int
    destroyed: bool


RULE_SHIELD_UNTRAINED = Text(
    "„Postavy netrénované se štítem … ním nemohou reflexivně blokovat.“",
    "“Characters untrained with a shield … cannot block with it reflexively.”")
RULE_INSTANT_SURPRISED = Text(
    "„Instantní akce nelze použít pokud je postava překvapená.“",
    "“Instant actions cannot be used while the character is surprised.”")
RULE_INSTANT_ONCE = Text(
    "„Jejich použití je však omezeno na 1x za kolo.“",
    "“Their use is limited to once a round.”")
RULE_SHIELD_DICE = Text(
    "„… zredukovat jej o 1 kostku poškození za každé obětované OČ štítu.“",
    "“… reduce it by 1 damage die for each point of shield AC sacrificed.”")


@procedure("shield-block", result=ShieldBlockResult, rule="shield-block",
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
        raise RuleError(Text("Netrénovaný se štítem nemůže blokovat: " + RULE_SHIELD_UNTRAINED.cs,
                             "Untrained with the shield, no block: " + RULE_SHIELD_UNTRAINED.en),
                        field="trained")
    if surprised:
        raise RuleError(Text("Překvapená postava nemůže blokovat: " + RULE_INSTANT_SURPRISED.cs,
                             "A surprised character cannot block: " + RULE_INSTANT_SURPRISED.en),
                        field="surprised")
    if used_this_round:
        raise RuleError(Text("Blok už v tomto kole proběhl: " + RULE_INSTANT_ONCE.cs,
                             "Already blocked this round: " + RULE_INSTANT_ONCE.en),
                        field="used_this_round")
    if dice_blocked > shield_ac:
        dice_cs = plural_cs(dice_blocked, "kostku", "kostky", "kostek")
        raise RuleError(Text(
            f"Štít s OČ {shield_ac} nezablokuje {dice_blocked} {dice_cs}: " + RULE_SHIELD_DICE.cs,
            f"A shield of AC {shield_ac} cannot block {dice_blocked} dice: " + RULE_SHIELD_DICE.en),
            field="dice_blocked")
    if damage_dice is not None and dice_blocked > damage_dice:
        raise RuleError(both(
            "Útok má jen {n} {dice} poškození, nelze zablokovat {b}.",
            "The attack has only {n} damage dice; {b} cannot be blocked.",
            n=damage_dice, b=dice_blocked,
            dice=plural_cs(damage_dice, "kostku", "kostky", "kostek")), field="dice_blocked")
    left = shield_ac - dice_blocked
    result = ShieldBlockResult(dice_blocked, left, left == 0)
    dice_cs = plural_cs(dice_blocked, "kostka", "kostky", "kostek")
    text = both(
        "Blok štítem: −{b} {dice} poškození, štítu zbývá OČ {left}{broken}.",
        "Shield block: −{b} damage dice, the shield has AC {left} left{broken_en}.",
        b=dice_blocked, dice=dice_cs, left=left, broken=" → štít je zničen" if left == 0 else "",
        broken_en=" → the shield is destroyed" if left == 0 else "")
    return Outcome("shield-block", (), result, None, text, RULES["shield-block"])


MishapKind = Literal[
    "ranged-engaged", "item-engaged", "spell-engaged", "held-spell-hit", "spell-unstable"]


@dataclass(frozen=True, slots=True)
class Mishap:
    """A 50 % chance of failure the rules name, and its consequence."""

    kind: str
    rule: str
    situation: Text
    consequence: Text


MISHAP_CHANCE_PERCENT = 50
MISHAPS: dict[str, Mishap] = {
    mishap.kind: mishap for mishap in (
        Mishap("ranged-engaged", "melee-engaged",
               Text("útok na dálku ve vázání v boji na blízko",
                    "a ranged attack while engaged in melee"),
               Text("útok selhal a automaticky mine", "the attack fails and misses")),
        Mishap("item-engaged", "melee-engaged",
               Text("použití předmětu ve vázání v boji na blízko",
                    "using an item while engaged in melee"),
               Text("předmět se nepoužije a upadne na zem (některé předměty se mohou rozbít)",
                    "the item is not used and falls to the ground (some items may break)")),
        Mishap("spell-engaged", "melee-engaged",
               Text("čarování kouzla ve vázání v boji na blízko",
                    "casting a spell while engaged in melee"),
               Text("kouzlo je ztraceno (včetně ceny za sesílání)",
                    "the spell is lost (its casting cost too)")),
        Mishap("held-spell-hit", "held-spell",
               Text("zásah postavy držící kouzlo", "a hit on a character holding a spell"),
               Text("držené kouzlo je ztraceno", "the held spell is lost")),
        Mishap("spell-unstable", "unstable-ground",
               Text("kouzlo (ne instantní akce) na nestabilním povrchu",
                    "a spell (not an instant action) on unstable ground"),
               Text("kouzlo selhalo", "the spell fails")),
    )
}


@dataclass(frozen=True, slots=True)
class MishapResult:
    """``result`` of ``mishap``."""

    roll: int
    happens: bool
    consequence: Text


@procedure("mishap", result=MishapResult, rule="melee-engaged",
           samples=({"kind": "ranged-engaged"},))
def mishap(source: DiceSource, *, kind: MishapKind) -> Outcome:
    """A 50 % mishap: d100, 1–50 it happens."""
    entry = MISHAPS[kind]
    rolled = roll(source, "mishap", 1, 100)
    happens = rolled.total <= MISHAP_CHANCE_PERCENT
    verdict = entry.consequence if happens else Text("vyšlo to", "it works")
    text = Text(
        f"{entry.situation.cs[0].upper()}{entry.situation.cs[1:]}: 1d100 = {rolled.total} "
        f"{'≤' if happens else '>'} {MISHAP_CHANCE_PERCENT} → {verdict.cs}.",
        f"{entry.situation.en[0].upper()}{entry.situation.en[1:]}: 1d100 = {rolled.total} "
        f"{'≤' if happens else '>'} {MISHAP_CHANCE_PERCENT} → {verdict.en}.")
    result = MishapResult(rolled.total, happens, entry.consequence)
    return Outcome("mishap", (rolled,), result, Fraction(MISHAP_CHANCE_PERCENT, 100), text,
                   RULES[entry.rule])

