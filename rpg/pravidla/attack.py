"""The attack of "Pravidla a procedury" [Útok obecně, Hody na útok, Ostatní bojové situace].

To hit: a d20 test (:mod:`rpg.pravidla.d20`) with every to-hit modifier collected as a named
:class:`Modifier` and every advantage or disadvantage collected as a named :class:`Edge`, so the
further combat situations (prone, blind, unarmed target...) only add entries to those lists.
Damage: a dice expression (:mod:`rpg.core.notation`), its maximum on a critical hit. Every
sentence is the message catalog's (``attack.*``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from rpg.core.catalog import Choice, Field, Join, Message, catalog, messages, msg, placeholders
from rpg.core.citations import RULES, cite
from rpg.core.dice import DiceSource, Roll
from rpg.core.errors import RollSyntaxError, RuleError, TooManyRolls, check_choice, check_int
from rpg.core.notation import DiceTerm, Expression, RolledExpression, parse
from rpg.core.outcome import Next, Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla import combat, situations
from rpg.pravidla.checks import binomial
from rpg.pravidla.d20 import (
    Term,
    checked_fatigue,
    d20_test,
    dice_mode,
    fatigue_term,
    judged,
    minus_sign,
    success_chance,
    written_terms,
)

#: Target's OČ (obranné číslo).
AC_MIN, AC_MAX = 0, 40
#: [Cíl v úkrytu] partial cover adds +1 to +4 to OČ against missiles only.
COVER_MIN, COVER_MAX = 0, 4
#: [Obklíčení] a creature in melee with at least 3 enemies: each of them has +1 to hit.
SURROUNDED_BONUS = 1
#: [Typy poškození] and [Nezranitelnost].
DEFENSES = ("normal", "resistance", "immunity", "weakness")
Defense = Literal["normal", "resistance", "immunity", "weakness"]
#: "Úspěšný zásah vždy udělí aspoň 1 poškození (pokud cíl není imunní)."
MINIMUM_DAMAGE = 1
#: A group of attackers making the same attack (section 2c, "Groups"), as the checks' groups.
COUNT_MIN, COUNT_MAX = 1, 50
#: [Improvizované zbraně] damage rolled with disadvantage: twice, the lower total kept.
IMPROVISED_DAMAGE_ROLLS = 2

#: [Boj dvěma zbraněmi] both weapons melee and trained: +1 to hit, to damage (and to OČ, the
#: defender's side).
TWO_WEAPONS_BONUS = 1
#: [Neozbrojený boj] "Neozbrojený útok má vždy poškození 1+modifikátor síly."
UNARMED_DAMAGE = 1
#: The strength modifier of an unarmed attack: the spec's default bounds of a modifier.
MODIFIER_MIN, MODIFIER_MAX = -20, 20
#: [Boj pod vodou] weapon kinds: non-piercing melee attacks roll with disadvantage, blunt and
#: slashing damage is halved (rounded down, as resistance is).
WEAPONS = ("piercing", "blunt", "slashing")
Weapon = Literal["piercing", "blunt", "slashing"]
UNDERWATER_HALVED = ("blunt", "slashing")
#: An unarmed blow is a blunt one.
UNARMED_WEAPON = "blunt"

EdgeEffect = Literal["advantage", "disadvantage"]
DiceMode = Literal["advantage", "disadvantage", "normal"]
MODE_NAMES: dict[int, DiceMode] = {1: "advantage", -1: "disadvantage", 0: "normal"}

#: The situation flags of [Ostatní bojové situace], in the order the spec lists them.
SITUATIONS = ("two_weapons", "unarmed", "target_unarmed", "untrained", "attacker_prone",
              "target_prone", "attacker_blind", "target_blind", "unstable", "underwater",
              "helpless", "subdual")
#: The sources of advantage and disadvantage, in the order they are listed: the GM's two, the
#: situations', then the range zone's and a throw's beyond its effective distance (each one's
#: name is the catalog's ``attack.edge.<source>``).
EDGE_SOURCES = ("advantage", "disadvantage", "target_unarmed", "attacker_prone", "target_prone",
                "attacker_blind", "target_blind", "unstable", "underwater", "zone",
                "ineffective")

#: [Zóny dosahu] the classes of weapon the zones tell apart (``weapon`` stays the kind of 2b).
WEAPON_CLASSES = ("melee", "thrown", "small-missile", "medium-missile", "large-missile")
WeaponClass = Literal["melee", "thrown", "small-missile", "medium-missile", "large-missile"]
#: A thrown or missile weapon attacks at range.
RANGED_CLASSES = WEAPON_CLASSES[1:]
MISSILES = WEAPON_CLASSES[2:]
#: [Zóny dosahu] each zone: the classes that may attack a target there, and those of them that
#: attack with disadvantage ("Extrémně daleko": the GM's allowance assumed).
ZONE_REACH: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "blizko": (WEAPON_CLASSES, ()),
    "poblize": (RANGED_CLASSES, ()),
    "daleko": (MISSILES, ("small-missile",)),
    "velmi-daleko": (("medium-missile", "large-missile"), ("medium-missile",)),
    "extremne-daleko": (("large-missile",), ("large-missile",)),
}
#: [Bojové manévry] "na místo poškození svou zbraní": "odstrčení protivníka, shození na zem,
#: přidržení, odzbrojení a další podobné věci" (each one's word and effect are the catalog's
#: ``attack.maneuver.<value>`` and ``attack.maneuver-effect.<value>``).
MANEUVERS = ("push", "knock-down", "grapple", "disarm", "other")
Maneuver = Literal["push", "knock-down", "grapple", "disarm", "other"]
#: The inputs that only change the damage: where no damage is rolled (a manoeuvre, an instant
#: kill) they change nothing and are listed in ``not_applied``.
DAMAGE_ONLY = ("strength_damage", "improvised", "untrained", "subdual", "auto_critical")

cite("maneuvers", "Bojové manévry", "ostatni-bojove-situace")
cite("coup-de-grace", "Coup de grâce", "ostatni-bojove-situace")
cite("surrounding", "Obklíčení", "ostatni-bojove-situace")

#: [Nezranitelná monstra] "Monstra 5. a vyšší úrovně jsou imunní vůči nemagickému poškození.
#: Mohou však být zraněna dalšími monstry 5. nebo vyšší úrovně."
INVULNERABLE_LEVEL = 5
#: A level's bounds (no rule states one; far above any stat block's).
LEVEL_MIN, LEVEL_MAX = 0, 100

# [Obranné číslo]
#: Armour's and a shield's OČ bonus (no rule states a bound; far above any armour's).
ARMOR_MIN, ARMOR_MAX = 0, 20
#: [Netrénovaná brnění] "poskytují jen poloviční bonus k OČ"; [Netrénované štíty] "jen
#: poloviční bonus do OČ ze štítu": half, rounded down (as every halving of the rules).
UNTRAINED_SHARE = 2
#: OČ is never below 0 (fatigue cannot make a target easier than any roll hits).
AC_FLOOR = 0

# [Perzistentní poškození]
#: How many rounds the effect lasts (no rule states a bound).
ROUNDS_MIN, ROUNDS_MAX = 1, 100
#: A round's damage is never negative (the minimum of 1 is a hit's, not an effect's).
ROUND_FLOOR = 0

MESSAGES = messages({
    "attack.title": Text("Útok", "Attack"),
    "attack.chance": Text("Šance na zásah", "Chance to hit"),
    # --- one attack, or a group: the head, each attack, the hits
    "attack.text": Text("{head}: {attack}.{tail}", "{head}: {attack}.{tail}"),
    "attack.group": Text("{head}: {each}. {summary}{tail}", "{head}: {each}. {summary}{tail}"),
    "attack.each": Text("{index}. {attack}", "{index}. {attack}"),
    "attack.summary": Text("Zásahů: {hits} z {count}, poškození celkem {damage}.",
                           "Hits: {hits} of {count}, total damage {damage}."),
    "attack.melee": Text("Útok{count}{edges}", "Attack{count}{edges}"),
    "attack.ranged": Text("Útok na dálku{count}{edges}", "Ranged attack{count}{edges}"),
    "attack.helpless": Text("Útok na bezmocný cíl{count}", "Attack on a helpless target{count}"),
    "attack.times": Text(" ×{count}", " ×{count}"),
    "attack.full-cover": Text(
        "Útok na dálku{count} na cíl v kompletním krytí: střelnou zbraní ho nelze trefit → "
        "vedle, bez hodu.",
        "Ranged attack{count} on a target in full cover: a missile cannot hit it → miss, no "
        "roll."),
    "attack.full-cover-group": Text("{blocked} {summary}", "{blocked} {summary}"),
    # --- the to-hit roll
    "attack.roll": Text("{judged} → {outcome}", "{judged} → {outcome}"),
    "attack.no-roll": Text("zasažen bez hodu na zásah", "hit without a roll to hit"),
    "attack.hit": Text("zásah", "hit"),
    "attack.critical": Text("kritický zásah", "critical hit"),
    "attack.miss": Text("vedle", "miss"),
    "attack.hit-damage": Text("{to_hit}, {damage}", "{to_hit}, {damage}"),
    "attack.ac": Text("OČ {ac}", "AC {ac}"),
    "attack.ac-cover": Text("OČ {ac} + {cover} (krytí) = {target}",
                            "AC {ac} + {cover} (cover) = {target}"),
    "attack.surrounded": Text("obklíčení", "surrounded"),
    "attack.two-weapons": Text("dvě zbraně", "two weapons"),
    "attack.edges": Text(" ({names})", " ({names})"),
    "attack.edges-cancel": Text(" ({names} → výhoda a nevýhoda se ruší)",
                                " ({names} → advantage and disadvantage cancel)"),
    "attack.edge.advantage": Text("výhoda", "advantage"),
    "attack.edge.disadvantage": Text("nevýhoda", "disadvantage"),
    "attack.edge.target_unarmed": Text("neozbrojený cíl", "unarmed target"),
    "attack.edge.attacker_prone": Text("útočník na zemi", "attacker prone"),
    "attack.edge.target_prone": Text("cíl na zemi", "target prone"),
    "attack.edge.attacker_blind": Text("slepý útočník", "blind attacker"),
    "attack.edge.target_blind": Text("slepý cíl", "blind target"),
    "attack.edge.unstable": Text("nestabilní povrch", "unstable ground"),
    "attack.edge.underwater": Text("pod vodou", "under water"),
    "attack.edge.zone": Text("{weapon} na cíl {zone}", "{weapon} at a {zone} target"),
    "attack.edge.ineffective": Text(
        "hod na neefektivní vzdálenost: {distance} m, Síla {strength}",
        "a throw beyond the effective range: {distance} m, Strength {strength}"),
    "attack.zone.blizko": Text("blízko", "close"),
    "attack.zone.poblize": Text("poblíž", "near"),
    "attack.zone.daleko": Text("daleko", "far"),
    "attack.zone.velmi-daleko": Text("velmi daleko", "very far"),
    "attack.zone.extremne-daleko": Text("extrémně daleko", "extremely far"),
    "attack.class.melee": Text("zbraň na blízko", "melee weapon"),
    "attack.class.thrown": Text("hozená zbraň", "thrown weapon"),
    "attack.class.small-missile": Text("malá střelná zbraň", "small missile weapon"),
    "attack.class.medium-missile": Text("střední střelná zbraň", "medium missile weapon"),
    "attack.class.large-missile": Text("velká střelná zbraň", "large missile weapon"),
    "attack.no-roll-critical": Text("zasažen bez hodu na zásah, automaticky kritický zásah",
                                    "hit without a roll to hit, automatically a critical hit"),
    # --- [Coup de grâce] the GM's instant kill; [Bojové manévry] instead of damage
    "attack.instant-kill": Text(
        "{to_hit} → okamžité zabití (povolil PJ): cíl umírá, poškození se nehází",
        "{to_hit} → instant kill (the GM's allowance): the target dies, no damage is rolled"),
    "attack.maneuver-head": Text("{head} – manévr místo poškození ({name})",
                                 "{head} – a manoeuvre instead of damage ({name})"),
    "attack.maneuver-hit": Text("{to_hit}: {effect}", "{to_hit}: {effect}"),
    "attack.maneuver.push": Text("odstrčení", "push"),
    "attack.maneuver.knock-down": Text("shození na zem", "knock down"),
    "attack.maneuver.grapple": Text("přidržení", "grapple"),
    "attack.maneuver.disarm": Text("odzbrojení", "disarm"),
    "attack.maneuver.other": Text("jiný manévr", "another manoeuvre"),
    "attack.maneuver-effect.push": Text("cíl je odstrčen (jak daleko, určí PJ)",
                                        "the target is pushed away (how far is the GM's call)"),
    "attack.maneuver-effect.knock-down": Text(
        "cíl leží na zemi (vstát ho stojí celý pohyb kola; dokud leží, útočí s nevýhodou a "
        "útoky na blízko proti němu mají výhodu)",
        "the target is prone (standing up costs its whole movement of a round; while it lies "
        "its attacks have disadvantage and melee attacks against it advantage)"),
    "attack.maneuver-effect.grapple": Text("cíl je přidržen", "the target is held"),
    "attack.maneuver-effect.disarm": Text("cíl přichází o zbraň", "the target loses its weapon"),
    "attack.maneuver-effect.other": Text("manévr se daří, jeho účinek určí PJ",
                                         "the manoeuvre succeeds, the GM decides its effect"),
    # --- the damage: what was rolled, the terms added, then the halvings and the defense
    "attack.damage-line": Text("{rolled}{terms}{result}{full}{steps}",
                               "{rolled}{terms}{result}{full}{steps}"),
    "attack.sum": Text("{notation} = {parts}", "{notation} = {parts}"),
    "attack.once": Text("{notation} = {total}", "{notation} = {total}"),
    "attack.damage": Text("poškození {shown}", "damage {shown}"),
    "attack.maximum": Text("maximální poškození {shown}", "maximum damage {shown}"),
    "attack.improvised": Text("poškození improvizovanou zbraní {first} a {second} → nižší {kept}",
                              "improvised weapon damage {first} and {second} → lower {kept}"),
    "attack.unarmed": Text("neozbrojený útok {one}{strength}", "unarmed attack {one}{strength}"),
    "attack.strength": Text("modifikátor síly", "strength modifier"),
    "attack.full-damage": Text(" (plné poškození → kritický zásah)",
                               " (full damage → critical hit)"),
    "attack.equals": Text(" = {value}", " = {value}"),
    "attack.at-least": Text(" → {minimum} (zásah vždy aspoň {minimum})",
                            " → {minimum} (a hit always deals at least {minimum})"),
    "attack.underwater": Text(", pod vodou polovina{result}", ", under water half{result}"),
    "attack.resistance": Text(", odolnost: polovina{result}", ", resistance: half{result}"),
    "attack.weakness": Text(", slabost: dvojnásobek{result}", ", weakness: double{result}"),
    "attack.immunity": Text(", imunita: 0", ", immunity: 0"),
    "attack.invulnerable": Text(", nezranitelné monstrum (úroveň {level}): 0",
                                ", invulnerable monster (level {level}): 0"),
    "attack.subdual": Text(
        " Přemožení: klesnou-li tím životy cíle na 0 nebo méně, upadne do bezvědomí nebo se vzdá.",
        " Subdual: if this brings the target to 0 hit points or fewer, it falls unconscious or "
        "surrenders."),
    # --- the refusals: the rule sentence an input contradicts, then what to change
    "attack.refused": Text("{quote} {change}", "{quote} {change}"),
    "attack.quote.blind": Text("„Útoky na dálku nejsou možné.“",
                               "“Ranged attacks are not possible.”"),
    "attack.quote.underwater-ranged": Text(
        "„Útoky na dálku nejsou pod vodní hladinou většinou možné, pokud nejsou použity velmi "
        "specifické zbraně.“",
        "“Ranged attacks are mostly not possible under water, unless very specific weapons are "
        "used.”"),
    "attack.quote.underwater": Text(
        "„Všechny útoky na blízku mimo těch bodných jsou házeny s nevýhodou. Poškození udělená "
        "Tupými nebo sečnými zbraněmi jsou poloviční.“",
        "“All melee attacks except piercing ones are rolled with disadvantage. Damage dealt by "
        "blunt or slashing weapons is halved.”"),
    "attack.quote.two-weapons": Text(
        "„Jsou-li obě zbraně na blízku a postava je s oběma trénovaná, získává bonus +1 do "
        "zásahu, poškození a OČ.“",
        "“If both weapons are melee weapons and the character is trained with both, they gain "
        "+1 to hit, to damage and to OČ.”"),
    "attack.quote.two-weapons-choose": Text(
        "„Pokud postava používá 2 zbraně. Musí si při útoku vybrat, kterou útočí.“",
        "“A character using 2 weapons must choose which one they attack with.”"),
    "attack.quote.unarmed": Text(
        "„Neozbrojený útok má vždy poškození 1+modifikátor síly.“",
        "“An unarmed attack always deals 1 + the strength modifier.”"),
    "attack.quote.full-cover": Text(
        "„Cíle co jsou kompletně schované v úkrytu není možné trefit střelnou zbraní.“",
        "“Targets completely hidden in cover cannot be hit by a missile weapon.”"),
    "attack.quote.zone.poblize": Text(
        "„Na cíle poblíž jsou možné útoky jen hozenými zbraněmi a všemi typy střelných zbraní.“",
        "“Only thrown weapons and missile weapons of every type can attack a near target.”"),
    "attack.quote.zone.daleko": Text(
        "„Na cíle daleko jsou možné pouze útoky střelnými zbraněmi. S tím, že malé střelné "
        "zbraně útočí s nevýhodou.“",
        "“Only missile weapons can attack a far target; small ones attack with "
        "disadvantage.”"),
    "attack.quote.zone.velmi-daleko": Text(
        "„Na cíle velmi daleko jsou možné pouze útoky středními a velkými střelnými zbraněmi. S "
        "tím, že střední střelné zbraně útočí s nevýhodou“",
        "“Only medium and large missile weapons can attack a very far target; medium ones "
        "attack with disadvantage”"),
    "attack.quote.zone.extremne-daleko": Text(
        "„Pokud PJ uváží může povolit útok velkou střelnou zbraní avšak pouze s nevýhodou.“",
        "“At the GM's discretion a large missile weapon may attack, but only with "
        "disadvantage.”"),
    "attack.quote.thrown-ineffective": Text(
        "„Síla nositele tedy určuje efektivní vzdálenost. Neefektivní vzdálenost je pak "
        "dvojnásobek Síly.“",
        "“The thrower's Strength sets the effective range. The ineffective range is then twice "
        "the Strength.”"),
    "attack.quote.coup-de-grace": Text(
        "„PJ může povolit i automatický kritický zásah nebo okamžité zabití.“",
        "“The GM may also allow an automatic critical hit or an instant kill.”"),
    "attack.zone-reach": Text("Cíl je {zone}: {kind} na něj nedosáhne.",
                              "The target is {zone}: a {kind} cannot reach it."),
    "attack.zone-class": Text(
        "Cíl je {zone}: dosah záleží na druhu zbraně, zadej {weapon_class}.",
        "The target is {zone}: the reach depends on the class of weapon, give {weapon_class}."),
    "attack.zone-both": Text("Zadej buď {zone}, nebo {distance_m}, ne obojí.",
                             "Give either {zone} or {distance_m}, not both."),
    "attack.distance": Text("{distance_m} musí být číslo od 0 do {high} metrů, ne {value}.",
                            "{distance_m} must be a number from 0 to {high} metres, not {value}."),
    "attack.melee-ranged": Text("Zbraň na blízko nestřílí: vynech {ranged}, nebo zvol jinou "
                                "{weapon_class}.",
                                "A melee weapon does not shoot: leave out {ranged} or choose "
                                "another {weapon_class}."),
    "attack.thrown-too-far": Text(
        "Cíl je {distance} m daleko: hod se Sílou {strength} doletí nejvýše na {ineffective} m.",
        "The target is {distance} m away: a throw at Strength {strength} reaches {ineffective} m "
        "at most."),
    "attack.strength-thrown": Text(
        "Síla určuje dosah jen hozené zbrani: zvol {weapon_class} {thrown}, nebo vynech "
        "{strength}.",
        "Strength sets the reach of a thrown weapon only: choose {weapon_class} {thrown} or "
        "leave out {strength}."),
    "attack.strength-metres": Text(
        "Dosah hodu podle Síly se měří v metrech: zadej {distance_m}{instead}, nebo vynech "
        "{strength}.",
        "A throw's reach by Strength is measured in metres: give {distance_m}{instead} or "
        "leave out {strength}."),
    "attack.instead-of-zone": Text(" místo {zone}", " instead of {zone}"),
    "attack.instant-kill-helpless": Text(
        "Okamžité zabití je jen pro bezmocný cíl: zapni {helpless}, nebo vynech {instant_kill}.",
        "An instant kill is for a helpless target only: turn on {helpless} or leave out "
        "{instant_kill}."),
    "attack.either": Text("Zvol buď {first}, nebo {second}, ne obojí.",
                          "Choose either {first} or {second}, not both."),
    "attack.auto-critical": Text("Automatický kritický zásah je jen pro bezmocný cíl: zapni "
                                 "{helpless}, nebo vynech {auto_critical}.",
                                 "An automatic critical hit is for a helpless target only: turn "
                                 "on {helpless} or leave out {auto_critical}."),
    "attack.optional-rule": Text("{given} platí jen s volitelným pravidlem nezranitelných "
                                 "monster: zapni {rule}, nebo vynech {given}.",
                                 "{given} only counts with the optional rule of invulnerable "
                                 "monsters: turn on {rule} or leave out {given}."),
    "attack.target-level": Text("S nezranitelnými monstry zadej {target_level} (úroveň cíle).",
                                "With invulnerable monsters give {target_level} (the target's "
                                "level)."),
    "attack.full-cover-melee": Text(
        "Kompletní krytí chrání jen před střelnými zbraněmi: u útoku na blízko vynech "
        "{full_cover}, nebo zapni {ranged}.",
        "Full cover only protects against missiles: leave out {full_cover} for a melee "
        "attack, or turn on {ranged}."),
    "attack.cover-melee": Text(
        "Krytí přidává k OČ jen proti střelným zbraním: u útoku na blízko zadej {cover} 0, "
        "nebo zapni {ranged}.",
        "Cover adds to AC against missiles only: give {cover} 0 for a melee attack, or turn "
        "on {ranged}."),
    "attack.blind-ranged": Text("Slepý útočník může útočit jen na blízko: vynech {ranged}.",
                                "A blind attacker can only attack in melee: leave out {ranged}."),
    "attack.underwater-ranged": Text(
        "Pro zvláštní zbraň, která pod vodou střílí, vynech {underwater}.",
        "For a special weapon that shoots under water, leave out {underwater}."),
    "attack.two-weapons-ranged": Text(
        "Útok na dálku bonus nedostává: vynech {two_weapons}.",
        "A ranged attack gets no bonus: leave out {two_weapons}."),
    "attack.two-weapons-untrained": Text(
        "S netrénovanou zbraní bonus nedostává: vynech {two_weapons}.",
        "With an untrained weapon there is no bonus: leave out {two_weapons}."),
    "attack.two-weapons-unarmed": Text(
        "Neozbrojený útok není útok ani jednou z nich: vynech {two_weapons}, nebo {unarmed}.",
        "An unarmed blow is made with neither: leave out {two_weapons} or {unarmed}."),
    "attack.unarmed-ranged": Text("Neozbrojený útok je útok na blízko: vynech {ranged}.",
                                  "An unarmed attack is a melee attack: leave out {ranged}."),
    "attack.unarmed-damage": Text("Vynech {damage} a zadej {strength_modifier}.",
                                  "Leave out {damage} and give {strength_modifier}."),
    "attack.unarmed-improvised": Text(
        "Bez zbraně není co improvizovat: vynech {given}, nebo {unarmed}.",
        "Without a weapon there is nothing improvised: leave out {given} or {unarmed}."),
    "attack.unarmed-weapon": Text(
        "Úder beze zbraně je tupý: zadej {weapon} {blunt}, nebo vynech.",
        "A blow without a weapon is blunt: give {weapon} {blunt} or leave it out."),
    "attack.damage-missing": Text(
        "Zadej {damage} (např. 1d8+2); bez něj jen neozbrojený útok ({unarmed}).",
        "Give {damage} (e.g. 1d8+2); only an unarmed attack ({unarmed}) goes without."),
    "attack.strength-with-weapon": Text(
        "Se zbraní přičti modifikátor síly do {damage} (např. 1d8+2) a {strength_modifier} "
        "vynech; zvlášť se zadává jen u neozbrojeného útoku a hozené zbraně.",
        "With a weapon add the strength modifier to {damage} (e.g. 1d8+2) and leave out "
        "{strength_modifier}; it is given apart only for an unarmed attack or a thrown weapon."),
    "attack.underwater-weapon": Text(
        "Pod vodou zadej {weapon}: {kinds}.", "Under water give {weapon}: {kinds}."),
    "attack.helpless-full-cover": Text(
        "Ani bezmocný cíl v kompletním krytí nejde střelou zasáhnout: vynech {helpless}, nebo "
        "{full_cover}.",
        "Not even a helpless target in full cover can be hit by a missile: leave out "
        "{helpless} or {full_cover}."),
})

#: What the calculator needs of this module (``pravidla/attack.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "ac": [AC_MIN, AC_MAX], "cover": [COVER_MIN, COVER_MAX],
    "modifier": [MODIFIER_MIN, MODIFIER_MAX], "surrounded": SURROUNDED_BONUS,
    "two_weapons": TWO_WEAPONS_BONUS, "unarmed": UNARMED_DAMAGE,
    "unarmed_weapon": UNARMED_WEAPON, "minimum": MINIMUM_DAMAGE,
    "rolls": IMPROVISED_DAMAGE_ROLLS, "defenses": DEFENSES, "weapons": WEAPONS,
    "halved": UNDERWATER_HALVED, "count": [COUNT_MIN, COUNT_MAX],
    "classes": WEAPON_CLASSES, "reach": ZONE_REACH, "level": [LEVEL_MIN, LEVEL_MAX],
    "invulnerable": INVULNERABLE_LEVEL,
    # [Zóny dosahu] where each zone starts, in whole metres (the combat module's table)
    "zones": [[zone.zone, zone.low] for zone in combat.RANGE_ZONES],
    "distance": combat.MAX_DISTANCE_M,
    "armor": [ARMOR_MIN, ARMOR_MAX], "untrained_share": UNTRAINED_SHARE, "ac_floor": AC_FLOOR,
    "rounds": [ROUNDS_MIN, ROUNDS_MAX], "round_floor": ROUND_FLOOR,
    "maneuvers": MANEUVERS, "damage_only": DAMAGE_ONLY,
    "strength": [situations.SCORE_MIN, situations.SCORE_MAX],
}


@dataclass(frozen=True, slots=True)
class Edge:
    """One source of advantage or disadvantage on the to-hit roll (``"advantage"`` is the GM's)."""

    source: str
    effect: EdgeEffect


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named modifier (``bonus``, ``surrounded``, ``two_weapons``, ``fatigue``)."""

    source: str
    value: int


@dataclass(frozen=True, slots=True)
class AttackResult:
    """``result`` of ``attack``.

    ``natural`` and ``total`` are null when nothing was rolled to hit (a missile against full
    cover, a helpless target); ``target`` is the OČ hit against (with cover); ``base_damage`` is
    the damage before fatigue, the water and the target's defense (null on a miss).
    ``edges`` and ``modifiers`` are the sources that applied to the to-hit roll,
    ``damage_modifiers`` those added to the damage; ``not_applied`` names the situations given
    that change nothing in this attack (a prone target against a missile, any to-hit situation
    against a helpless target).
    """

    natural: int | None = field(
        metadata={"description": "The kept d20; null when nothing was rolled (full cover)."})
    total: int | None
    hit: bool
    critical: bool = field(
        metadata={
            "description": (
                "A natural 20, or a hit whose rolled damage equals the damage expression's "
                "maximum (full damage)."),
        })
    damage: int = field(metadata={"description": "Damage dealt; 0 on a miss."})
    target: int = field(
        metadata={"description": "The OČ hit against: ac, plus cover on a ranged attack."})
    dice_mode: DiceMode = field(
        metadata={"description": "The to-hit roll after advantage and disadvantage cancelled."})
    edges: tuple[Edge, ...] = field(
        metadata={
            "description": (
                "Every source of advantage or disadvantage that applied; any number of advantages "
                "against any number of disadvantages cancel to one die."),
        })
    modifiers: tuple[Modifier, ...] = field(
        metadata={"description": "Every to-hit modifier, fatigue included."})
    base_damage: int | None = field(
        metadata={
            "description": (
                "Damage before fatigue, the water and the target's defense (two weapons' +1 "
                "included); null on a miss."),
        })
    damage_modifiers: tuple[Modifier, ...] = field(
        default=(),
        metadata={
            "description": "Modifiers added to the damage (two_weapons +1); empty on a miss.",
        })
    damage_halved: bool = field(
        default=False,
        metadata={
            "description": "A hit with a blunt or slashing weapon under water: damage halved.",
        })
    helpless: bool = field(
        default=False,
        metadata={
            "description": "The target was helpless: hit without a roll to hit.",
        })
    subdual: bool = field(
        default=False,
        metadata={
            "description": (
                "A non-lethal attack: at 0 HP the target falls unconscious or surrenders."),
        })
    not_applied: tuple[str, ...] = field(
        default=(),
        metadata={
            "description": (
                "Situations given that change nothing in this attack (e.g. target_prone or "
                "surrounded against a missile; every to-hit situation against a helpless target; "
                "invulnerable_monsters when the target is below level 5, the weapon magical or "
                "the attacker a monster of level 5 or more)."),
        })
    zone: str | None = field(
        default=None,
        metadata={
            "description": "The target's range zone (given, or computed from distance_m).",
            "enum": "rpg.pravidla.combat.ZONES",
        })
    invulnerable: bool = field(
        default=False,
        metadata={
            "description": (
                "A hit on an invulnerable monster (the optional rule [Nezranitelná monstra]): "
                "the damage was rolled and came to 0."),
        })
    maneuver: str | None = field(
        default=None,
        metadata={
            "description": (
                "[Bojové manévry] the manoeuvre made instead of damage (no damage rolled or "
                "dealt; the text names its effect on a hit); null: a damaging attack."),
            "enum": "rpg.pravidla.attack.MANEUVERS",
        })
    killed: bool = field(
        default=False,
        metadata={
            "description": (
                "[Coup de grâce] the GM's instant kill of a helpless target: it dies, no damage "
                "is rolled (damage 0)."),
        })


def net_dice_mode(edges: Iterable[Edge]) -> int:
    """Advantage and disadvantage from all sources cancel: any of one against any of the other."""
    effects = {edge.effect for edge in edges}
    return dice_mode("advantage" in effects, "disadvantage" in effects)


def damage_expression(damage: str) -> Expression:
    """The parsed damage expression; a mistake in it is a :class:`RuleError` naming ``damage``."""
    try:
        return parse(damage)
    except RollSyntaxError as error:
        raise RollSyntaxError(error.message, error.position, field="damage") from error
    except TooManyRolls as error:
        raise TooManyRolls(error.message, field="damage") from error


def attack_chance(modifier: int, target: int, mode: int, full_cover: bool,
                  helpless: bool = False) -> Fraction:
    """Exact P(hit): a d20 test (naturals included), 0 against full cover, 1 when helpless."""
    if full_cover:
        return Fraction(0)
    if helpless:
        return Fraction(1)
    return success_chance(modifier, target, mode)


@dataclass(frozen=True, slots=True)
class Situation:
    """The flags of [Ostatní bojové situace] for one attack (all off by default)."""

    two_weapons: bool = False
    unarmed: bool = False
    target_unarmed: bool = False
    untrained: bool = False
    attacker_prone: bool = False
    target_prone: bool = False
    attacker_blind: bool = False
    target_blind: bool = False
    unstable: bool = False
    underwater: bool = False
    helpless: bool = False
    subdual: bool = False


def _naming(key: str, **given: Any) -> Message:
    """The message ``key``: every parameter not ``given`` names the input of that name (the API
    writes ``'cover'``, a calculator its label)."""
    names = {name: Field(name) for name in placeholders(catalog()[key].cs)}
    return msg(key, **{**names, **given})


def _refused(field: str, quote: str, change: str, **given: Any) -> RuleError:
    """A 422 on ``field``: the rule sentence ``quote`` (``attack.quote.*``), then what to change
    (``attack.<change>``, its inputs named by :func:`_naming`)."""
    return RuleError(msg("attack.refused", quote=msg(f"attack.quote.{quote}"),
                         change=_naming(f"attack.{change}", **given)), field=field)


def _validate(*, ac: int, ranged: bool, cover: int, full_cover: bool, defense: str,
              fatigue: int) -> None:
    check_int(ac, AC_MIN, AC_MAX, "ac")
    check_int(cover, COVER_MIN, COVER_MAX, "cover")
    checked_fatigue(fatigue)
    check_choice(defense, DEFENSES, "defense")
    if not ranged and full_cover:
        raise RuleError(_naming("attack.full-cover-melee"), field="full_cover")
    if not ranged and cover:
        raise RuleError(_naming("attack.cover-melee"), field="cover")


def _validate_situation(situation: Situation, *, ranged: bool, full_cover: bool,
                        damage: str | None, improvised: bool, strength_modifier: int,
                        weapon: str | None, thrown: bool, ranged_field: str,
                        damage_rolled: bool = True) -> Weapon | None:
    """Every contradiction between the flags is a 422 quoting the rule it breaks
    (``ranged_field`` names the input that made the attack ranged).

    Returns the weapon kind that counts under water (an unarmed blow is blunt).
    """
    s = situation
    check_int(strength_modifier, MODIFIER_MIN, MODIFIER_MAX, "strength_modifier")
    if weapon is not None:
        check_choice(weapon, WEAPONS, "weapon")
    if ranged and s.attacker_blind:
        raise _refused("attacker_blind", "blind", "blind-ranged", ranged=Field(ranged_field))
    if ranged and s.underwater:
        raise _refused("underwater", "underwater-ranged", "underwater-ranged")
    if ranged and s.two_weapons:
        raise _refused("two_weapons", "two-weapons", "two-weapons-ranged")
    if s.two_weapons and s.untrained:
        raise _refused("two_weapons", "two-weapons", "two-weapons-untrained")
    if s.two_weapons and s.unarmed:
        raise _refused("two_weapons", "two-weapons-choose", "two-weapons-unarmed")
    if s.unarmed:
        if ranged:
            raise _refused("unarmed", "unarmed", "unarmed-ranged", ranged=Field(ranged_field))
        if damage is not None:
            raise _refused("damage", "unarmed", "unarmed-damage")
        if improvised or s.untrained:
            name = "improvised" if improvised else "untrained"
            raise _refused(name, "unarmed", "unarmed-improvised", given=Field(name))
        if weapon not in (None, UNARMED_WEAPON):
            raise _refused("weapon", "unarmed", "unarmed-weapon",
                           blunt=Choice("weapon", UNARMED_WEAPON))
    else:
        if damage is None and damage_rolled:  # a manoeuvre or an instant kill rolls none
            raise RuleError(_naming("attack.damage-missing"), field="damage")
        if strength_modifier and not thrown:  # [Hození zbraně] adds it to the damage
            raise _refused("strength_modifier", "unarmed", "strength-with-weapon")
    if s.underwater and weapon is None and not s.unarmed:
        raise _refused("weapon", "underwater", "underwater-weapon",
                       kinds=Join(tuple(Choice("weapon", kind) for kind in WEAPONS)))
    if s.helpless and ranged and full_cover:
        raise _refused("helpless", "full-cover", "helpless-full-cover")
    return UNARMED_WEAPON if s.unarmed else weapon  # type: ignore[return-value]


def _validate_instant_kill(instant_kill: bool, *, helpless: bool, auto_critical: bool,
                           subdual: bool, maneuver: str | None) -> None:
    """[Coup de grâce] "PJ může povolit i automatický kritický zásah nebo okamžité zabití": an
    instant kill only of a helpless target, and not together with what it excludes."""
    if not instant_kill:
        return
    if not helpless:
        raise _refused("instant_kill", "coup-de-grace", "instant-kill-helpless")
    if auto_critical:
        raise _refused("auto_critical", "coup-de-grace", "either", first=Field("auto_critical"),
                       second=Field("instant_kill"))
    for name, given in (("subdual", subdual), ("maneuver", maneuver is not None)):
        if given:
            raise RuleError(_naming("attack.either", first=Field(name),
                                    second=Field("instant_kill")), field=name)


def _throw(strength: int | None, weapon_class: str | None, distance_m: float | None,
           zone_given: bool) -> Edge | None:
    """[Neefektivní vzdálenost u hozených zbraní] with the thrower's Síla, a throw reaches its
    effective distance (Síla m) as any attack and its ineffective distance (twice Síla) with
    disadvantage; a farther target is refused quoting the rule. Síla judges a throw in metres
    (``distance_m``); without Síla the zones judge it (``None``)."""
    if strength is None:
        return None
    check_int(strength, situations.SCORE_MIN, situations.SCORE_MAX, "strength")
    if weapon_class != "thrown":
        raise RuleError(_naming("attack.strength-thrown", thrown=Choice("weapon_class", "thrown")),
                        field="strength")
    if distance_m is None:
        raise RuleError(_naming("attack.strength-metres", instead=_naming(
            "attack.instead-of-zone") if zone_given else ""), field="strength")
    effective, ineffective = situations.thrown_ranges(strength)
    metres = combat.counted_metres(distance_m)
    if metres <= effective:
        return None
    if metres <= ineffective:
        return Edge("ineffective", "disadvantage")
    raise RuleError(msg("attack.refused", quote=msg("attack.quote.thrown-ineffective"),
                        change=msg("attack.thrown-too-far", distance=distance_m,
                                   strength=strength, ineffective=ineffective)),
                    field="distance_m")


def _weapon_class(weapon_class: str | None, ranged: bool) -> tuple[bool, str]:
    """Whether the attack is ranged (a thrown or missile class implies it), and the input that
    says so."""
    if weapon_class is None:
        return ranged, "ranged"
    check_choice(weapon_class, WEAPON_CLASSES, "weapon_class")
    if weapon_class == "melee" and ranged:
        raise RuleError(_naming("attack.melee-ranged"), field="weapon_class")
    return ranged or weapon_class in RANGED_CLASSES, "ranged" if ranged else "weapon_class"


def _zone(zone: str | None, distance_m: float | None) -> tuple[str | None, str]:
    """The target's range zone, given or computed from ``distance_m`` by [Zóny dosahu] (a
    started metre counts as whole), and the input that gave it."""
    if zone is not None and distance_m is not None:
        raise RuleError(_naming("attack.zone-both"), field="zone")
    if distance_m is None:
        return (None if zone is None else check_choice(zone, combat.ZONES, "zone")), "zone"
    if (isinstance(distance_m, bool) or not isinstance(distance_m, int | float)
            or not math.isfinite(distance_m) or not 0 <= distance_m <= combat.MAX_DISTANCE_M):
        raise RuleError(_naming("attack.distance", high=combat.MAX_DISTANCE_M,
                                value=str(distance_m)), field="distance_m")
    return combat.range_zone_of(distance_m).zone, "distance_m"


def _reach(zone: str | None, zone_field: str, weapon_class: str | None,
           ranged: bool) -> Edge | None:
    """[Zóny dosahu] an attack the zone does not allow is refused quoting the zone's rule; a
    weapon that attacks there with disadvantage gives the edge ``zone``."""
    if zone is None:
        return None
    reach, hampered = ZONE_REACH[zone]
    kind = weapon_class or (None if ranged else "melee")
    where = msg(f"attack.zone.{zone}")
    if kind is None:  # any ranged weapon: allowed only where every class is, unhampered
        if set(RANGED_CLASSES) <= set(reach) and not hampered:
            return None
        raise RuleError(_naming("attack.zone-class", zone=where), field="weapon_class")
    if kind not in reach:
        raise RuleError(msg("attack.refused", quote=msg(f"attack.quote.zone.{zone}"),
                            change=msg("attack.zone-reach", zone=where,
                                       kind=msg(f"attack.class.{kind}"))),
                        field=zone_field if weapon_class is None else "weapon_class")
    return Edge("zone", "disadvantage") if kind in hampered else None


def _invulnerable(on: bool, target_level: int | None, magic_weapon: bool,
                  attacker_monster_level: int | None) -> bool | None:
    """[Nezranitelná monstra] whether the target takes no damage from this attack (``None``:
    the optional rule is off; its inputs without it are refused)."""
    given = {"target_level": target_level is not None, "magic_weapon": magic_weapon,
             "attacker_monster_level": attacker_monster_level is not None}
    if not on:
        for name, present in given.items():
            if present:
                raise RuleError(_naming("attack.optional-rule", given=Field(name),
                                        rule=Field("invulnerable_monsters")), field=name)
        return None
    if target_level is None:
        raise RuleError(_naming("attack.target-level"), field="target_level")
    check_int(target_level, LEVEL_MIN, LEVEL_MAX, "target_level")
    monster = attacker_monster_level is not None and check_int(
        attacker_monster_level, LEVEL_MIN, LEVEL_MAX, "attacker_monster_level"
    ) >= INVULNERABLE_LEVEL
    return target_level >= INVULNERABLE_LEVEL and not magic_weapon and not monster


def _edges(situation: Situation, *, advantage: bool, disadvantage: bool, ranged: bool,
           weapon: str | None, zone: Edge | None, ineffective: Edge | None,
           damage_rolled: bool) -> tuple[tuple[Edge, ...], tuple[str, ...]]:
    """The edges that apply to this attack, and the edge situations given that change nothing
    (under water still halves a helpless target's blunt or slashing damage, where damage is
    rolled)."""
    s = situation
    melee = not ranged
    candidates: list[tuple[bool, bool, Edge]] = [
        (advantage, True, Edge("advantage", "advantage")),
        (disadvantage, True, Edge("disadvantage", "disadvantage")),
        # [Neozbrojený boj] "útoky na blízko proti neozbrojenému cíli jsou vždy s výhodou"
        (s.target_unarmed, melee, Edge("target_unarmed", "advantage")),
        # [Shození na zem] "všechny jeho útoky házeny s nevýhodou"
        (s.attacker_prone, True, Edge("attacker_prone", "disadvantage")),
        # "všechny útoky na blízku proti takovému stvoření jsou házeny s výhodou"
        (s.target_prone, melee, Edge("target_prone", "advantage")),
        # [Slepota] "Sám na blízku útočí s nevýhodou." (ranged is refused)
        (s.attacker_blind, melee, Edge("attacker_blind", "disadvantage")),
        # "všechny útoky na blízku co na něj cílí jsou s výhodou"
        (s.target_blind, melee, Edge("target_blind", "advantage")),
        # [Nestabilní povrchy] "Útoky na dálku: Probíhají s nevýhodou."
        (s.unstable, ranged, Edge("unstable", "disadvantage")),
        # [Boj pod vodou] "Všechny útoky na blízku mimo těch bodných jsou házeny s nevýhodou."
        (s.underwater, melee and weapon != "piercing", Edge("underwater", "disadvantage")),
        # [Zóny dosahu] "malé střelné zbraně útočí s nevýhodou" and the like
        (zone is not None, True, zone or Edge("zone", "disadvantage")),
        # [Neefektivní vzdálenost u hozených zbraní] beyond Síla, up to twice Síla
        (ineffective is not None, True, ineffective or Edge("ineffective", "disadvantage")),
    ]
    applied = tuple(edge for given, applies, edge in candidates
                    if given and applies and not s.helpless)
    halves = s.underwater and weapon in UNDERWATER_HALVED and damage_rolled
    ignored = tuple(edge.source for given, _, edge in candidates[2:] if given
                    and edge not in applied and not (edge.source == "underwater" and halves))
    return applied, ignored


def _modifiers(*, bonus: int, surrounded: bool, two_weapons: bool,
               fatigue: int) -> tuple[Modifier, ...]:
    modifiers = [Modifier("bonus", bonus)]
    if surrounded:
        modifiers.append(Modifier("surrounded", SURROUNDED_BONUS))
    if two_weapons:
        modifiers.append(Modifier("two_weapons", TWO_WEAPONS_BONUS))
    if fatigue:
        modifiers.append(Modifier("fatigue", -fatigue))
    return tuple(modifiers)


#: Each named to-hit modifier's name in a text (fatigue is d20's).
TERM_NAMES = {"surrounded": "attack.surrounded", "two_weapons": "attack.two-weapons",
              "fatigue": "d20.fatigue"}


def _terms(modifiers: Iterable[Modifier]) -> list[Term]:
    """The modifiers as the terms of a total, every one named but the bonus."""
    return [Term(m.value, msg(TERM_NAMES[m.source]) if m.source in TERM_NAMES else None)
            for m in modifiers]


def _as_roll(label: str, expression: Expression, rolled: RolledExpression) -> Roll:
    dice = tuple(die for term in rolled.terms for die in term.dice)
    return Roll(label, expression.notation, dice, rolled.total)


def _signed(parts: list[int]) -> Join:
    """``5 + 2``, ``−1 + 3``: the first part with its sign only when negative, then each part
    with its own sign (zeros too: a ``+0`` the notation wrote is shown)."""
    rest = tuple(msg("d20.minus" if part < 0 else "d20.plus", value=abs(part))
                 for part in parts[1:])
    return Join((minus_sign(parts[0]), *rest), "")


def _written_constant(expression: Expression, total: int) -> Message | str:
    """Damage without dice, written once: ``3``, or ``3+2 = 5`` for several numbers."""
    if len(expression.terms) == 1:
        return minus_sign(total)
    return msg("attack.once", notation=expression.notation, total=minus_sign(total))


def _written_damage(expression: Expression, rolled: RolledExpression) -> tuple[Message | str,
                                                                                bool]:
    """``1d8+2 = 5 + 2``; ``1d8 = 5``; ``3``; dropped dice (``khK``) left out; and whether it
    ends with its value (a sum of several parts does not)."""
    if not expression.dice_count:
        return _written_constant(expression, rolled.total), True
    parts: list[int] = []
    for term, rolled_term in zip(expression.terms, rolled.terms, strict=True):
        if isinstance(term, DiceTerm):
            parts.extend(term.sign * die for die in rolled_term.kept)
        else:
            parts.append(rolled_term.value)
    if len(parts) == 1:
        return msg("attack.once", notation=expression.notation,
                   total=minus_sign(rolled.total)), True
    return msg("attack.sum", notation=expression.notation, parts=_signed(parts)), False


@dataclass(frozen=True, slots=True)
class _ToHit:
    """How an attack's inputs decide its roll to hit (the same for each attack of a group)."""

    ac: int
    cover: int
    ranged: bool
    target: int
    mode: int
    edges: tuple[Edge, ...]
    modifiers: tuple[Modifier, ...]
    helpless: bool
    auto_critical: bool
    blocked: bool
    zone: str | None
    edge_params: Mapping[str, Mapping[str, Any]]

    @property
    def modifier(self) -> int:
        """The to-hit modifiers together."""
        return sum(m.value for m in self.modifiers)


@dataclass(frozen=True, slots=True)
class _DamagePlan:
    """How an attack's inputs decide what a hit does: its damage dice and terms, or a
    manoeuvre, or the GM's instant kill."""

    expression: Expression | None
    terms: tuple[Term, ...]
    fatigue: int
    strength: int
    improvised: bool
    halved: bool
    defense: str
    subdual: bool
    invulnerable: bool
    target_level: int | None
    maneuver: str | None
    instant_kill: bool

    @property
    def rolled(self) -> bool:
        """Whether a hit rolls damage: not a manoeuvre's, not the GM's instant kill."""
        return self.maneuver is None and not self.instant_kill


@dataclass(frozen=True, slots=True)
class _Plan:
    """Everything an attack's inputs decide, the same for each attack of a group."""

    to_hit: _ToHit
    damage: _DamagePlan
    not_applied: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Rolled:
    """What one attack's damage dice (or none) gave, before the terms added to it."""

    base: int
    full: bool
    rolls: tuple[Roll, ...]
    shown: Message
    valued: bool


def _rolled_damage(source: DiceSource, plan: _DamagePlan, critical: bool) -> _Rolled:
    """The damage before any term is added: its dice (twice when improvised, none on a critical
    hit or unarmed), whether it is full damage, and how it is written."""
    expression = plan.expression
    if expression is None:  # [Neozbrojený boj] 1 + the strength modifier, no dice
        strength = msg("d20.named", term=msg("d20.minus" if plan.strength < 0 else "d20.plus",
                                             value=abs(plan.strength)),
                       name=msg("attack.strength"))
        return _Rolled(UNARMED_DAMAGE + plan.strength, False, (),
                       msg("attack.unarmed", one=UNARMED_DAMAGE, strength=strength), False)
    if critical:
        base = expression.maximum
        shown = (msg("attack.once", notation=expression.notation, total=minus_sign(base))
                 if expression.dice_count else _written_constant(expression, base))
        return _Rolled(base, False, (), msg("attack.maximum", shown=shown), True)
    labels = ("damage", "damage-second")[: IMPROVISED_DAMAGE_ROLLS if plan.improvised else 1]
    tries = [expression.roll(source, label) for label in labels]
    rolls = tuple(_as_roll(label, expression, t) for label, t in zip(labels, tries, strict=True)
                  ) if expression.dice_count else ()
    kept = min(tries, key=lambda t: t.total)  # the first on a tie
    # [Kritické zásahy] "útoky za plné poškození": the rolled total at the expression's maximum
    full = bool(expression.dice_count) and kept.total == expression.maximum
    if plan.improvised:
        first, second = (_written_damage(expression, t)[0] for t in tries)
        return _Rolled(kept.total, full, rolls, msg(
            "attack.improvised", first=first, second=second, kept=minus_sign(kept.total)), True)
    shown, valued = _written_damage(expression, kept)
    return _Rolled(kept.total, full, rolls, msg("attack.damage", shown=shown), valued)


def _damage(source: DiceSource, plan: _DamagePlan, critical: bool
            ) -> tuple[int, int, bool, tuple[Roll, ...], Message]:
    """Damage of a hit: the rolled damage plus its terms (two weapons, fatigue), the water's
    halving, the target's defense, then at least 1 unless immune. Returns the damage dealt, the
    base before fatigue, the water and the defense, whether full damage made it critical, the
    rolls and the text; a clamped value is written as a clamp (``1 − 3 → 1``)."""
    rolled = _rolled_damage(source, plan, critical)
    base = rolled.base + sum(term.value for term in plan.terms)
    damage = summed = base - plan.fatigue
    steps: list[tuple[str, int]] = []
    if plan.halved:
        damage //= 2
        steps.append(("attack.underwater", damage))
    if plan.defense == "resistance":
        damage //= 2
        steps.append(("attack.resistance", damage))
    elif plan.defense == "weakness":
        damage *= 2
        steps.append(("attack.weakness", damage))
    immune = plan.defense == "immunity" or plan.invulnerable
    clamped = not immune and damage < MINIMUM_DAMAGE
    final = 0 if immune else max(damage, MINIMUM_DAMAGE)

    def result(value: int, last: bool) -> Message:
        if last and clamped:
            return msg("attack.at-least", minimum=MINIMUM_DAMAGE)
        return msg("attack.equals", value=minus_sign(value))

    terms = written_terms((*plan.terms, fatigue_term(plan.fatigue)))
    shown_sum: Message | str = ""
    if terms.items or not rolled.valued or (clamped and not steps):
        shown_sum = result(summed, not steps)
    written_steps: list[Message] = [msg(key, result=result(value, index == len(steps) - 1))
                                    for index, (key, value) in enumerate(steps)]
    if plan.defense == "immunity":
        written_steps.append(msg("attack.immunity"))
    if plan.invulnerable:
        written_steps.append(msg("attack.invulnerable", level=plan.target_level))
    text = msg("attack.damage-line", rolled=rolled.shown, terms=terms, result=shown_sum,
               full=msg("attack.full-damage") if rolled.full else "",
               steps=Join(tuple(written_steps), ""))
    return final, base, rolled.full, rolled.rolls, text


def _edges_text(edges: tuple[Edge, ...], mode: int,
                params: Mapping[str, Mapping[str, Any]]) -> Message | str:
    """`` (cíl na zemi)``, `` (útočník na zemi, cíl na zemi → výhoda a nevýhoda se ruší)`` or
    nothing (the GM's own advantage shows in the dice); ``params`` word an edge by its source
    (the zone's, the throw's)."""
    if all(e.source in ("advantage", "disadvantage") for e in edges):
        return ""
    names = Join(tuple(msg(f"attack.edge.{e.source}", **params.get(e.source, {}))
                       for e in edges))
    return msg("attack.edges" if mode else "attack.edges-cancel", names=names)


@dataclass(frozen=True, slots=True)
class AttackSummary:
    """How a group's attacks went."""

    count: int
    successes: int = field(metadata={"description": "How many attacks hit."})
    damage: int = field(metadata={"description": "The damage of every attack together."})


@dataclass(frozen=True, slots=True)
class AttackGroup:
    """``result`` of ``attack`` with ``count`` 2 or more."""

    each: tuple[AttackResult, ...] = field(metadata={"description": "Every attack's result."})
    summary: AttackSummary
    successes_distribution: tuple[Fraction, ...] = field(metadata={
        "description": "count + 1 exact probabilities: item k is P(k hits)."})


def _one(source: DiceSource, plan: _Plan) -> tuple[AttackResult, tuple[Roll, ...], Message]:
    """One attack of the plan: its result, its rolls and its text (without the head)."""
    hitting, hurting = plan.to_hit, plan.damage

    def result(natural: int | None, total: int | None, hit: bool, critical: bool = False,
               dealt: int = 0, base: int | None = None, killed: bool = False) -> AttackResult:
        damage_modifiers = tuple(m for m in hitting.modifiers if m.source == "two_weapons")
        return AttackResult(
            natural=natural, total=total, hit=hit, critical=critical, damage=dealt,
            target=hitting.target, dice_mode=MODE_NAMES[hitting.mode], edges=hitting.edges,
            modifiers=hitting.modifiers, base_damage=base,
            damage_modifiers=damage_modifiers if hit and hurting.rolled else (),
            damage_halved=hurting.halved and hit, helpless=hitting.helpless,
            subdual=hurting.subdual, not_applied=plan.not_applied, zone=hitting.zone,
            invulnerable=hurting.invulnerable and hit, maneuver=hurting.maneuver, killed=killed)

    if hitting.helpless:  # [Coup de grâce] no roll to hit; the GM may allow a critical hit
        natural = total = None
        critical = hitting.auto_critical and hurting.rolled
        to_hit = msg("attack.no-roll-critical" if critical else "attack.no-roll")
        rolls: tuple[Roll, ...] = ()
    else:
        test = d20_test(source, "attack", modifier=hitting.modifier, target=hitting.target,
                        mode=hitting.mode)
        rolls = (test.roll,)
        natural, total = test.natural, test.total
        against = (msg("attack.ac-cover", ac=hitting.ac, cover=hitting.cover,
                       target=hitting.target)
                   if hitting.ranged and hitting.cover else msg("attack.ac", ac=hitting.ac))
        critical = test.critical == "success"
        to_hit = msg("attack.roll", judged=judged(test, _terms(hitting.modifiers), against),
                     outcome=msg("attack.critical" if critical else "attack.hit"
                                 if test.success else "attack.miss"))
        if not test.success:
            return result(natural, total, False), rolls, to_hit
    if hurting.instant_kill:  # [Coup de grâce] "okamžité zabití": the target dies, no dice
        return result(natural, total, True, killed=True), rolls, msg("attack.instant-kill",
                                                                     to_hit=to_hit)
    if hurting.maneuver is not None:  # [Bojové manévry] "na místo poškození": no damage dice
        return result(natural, total, True, critical), rolls, msg(
            "attack.maneuver-hit", to_hit=to_hit,
            effect=msg(f"attack.maneuver-effect.{hurting.maneuver}"))
    dealt, base, full, damage_rolls, damage = _damage(source, hurting, critical)
    return (result(natural, total, True, critical or full, dealt, base), rolls + damage_rolls,
            msg("attack.hit-damage", to_hit=to_hit, damage=damage))


@procedure("attack", result=(AttackResult, AttackGroup), rule="attack",
           samples=({"ac": 14, "bonus": 3, "damage": "1d8+2"},
                    {"ac": 14, "bonus": 3, "damage": "1d8+2", "count": 3}))
def attack(
    source: DiceSource,
    *,
    ac: int,
    damage: str | None = None,
    bonus: int = 0,
    ranged: bool = False,
    cover: int = 0,
    full_cover: bool = False,
    surrounded: bool = False,
    advantage: bool = False,
    disadvantage: bool = False,
    strength_damage: bool = False,
    improvised: bool = False,
    defense: Defense = "normal",
    fatigue: int = 0,
    two_weapons: bool = False,
    unarmed: bool = False,
    strength_modifier: int = 0,
    target_unarmed: bool = False,
    untrained: bool = False,
    attacker_prone: bool = False,
    target_prone: bool = False,
    attacker_blind: bool = False,
    target_blind: bool = False,
    unstable: bool = False,
    underwater: bool = False,
    weapon: Weapon | None = None,
    helpless: bool = False,
    subdual: bool = False,
    count: int = 1,
    zone: str | None = None,
    distance_m: float | None = None,
    weapon_class: WeaponClass | None = None,
    invulnerable_monsters: bool = False,
    target_level: int | None = None,
    magic_weapon: bool = False,
    attacker_monster_level: int | None = None,
    auto_critical: bool = False,
    strength: int | None = None,
    maneuver: Maneuver | None = None,
    instant_kill: bool = False,
    target_much_larger: bool = False,
) -> Outcome:
    """[Útok obecně] d20 + to-hit modifiers − fatigue against the target's OČ, then damage.

    A natural 1 misses; a natural 20 is a critical hit dealing the damage expression's maximum
    with no damage dice rolled. Cover adds to OČ against missiles only, and full cover cannot be
    hit by a missile at all (a miss without a roll). A hit whose rolled damage equals the
    expression's maximum is a critical hit too. An improvised or untrained weapon rolls damage
    twice and keeps the lower. The situations of [Ostatní bojové situace] add named edges
    (advantage and disadvantage from all sources cancel to one die) and modifiers; a helpless
    target is hit without a roll (with ``auto_critical``, the GM's automatic critical hit).
    [Zóny dosahu] a ``zone`` (or ``distance_m``) allows only some ``weapon_class`` es, some with
    disadvantage; a thrown weapon adds the strength modifier to its damage. [Nezranitelná
    monstra] (optional) a target of level 5 or more takes no damage from a non-magical weapon
    unless a monster of level 5 or more attacks. With ``count`` the same attack is made that
    many times, dice consumed attack after attack.

    The last mechanics of the text: a thrown weapon with the thrower's ``strength`` (Síla) and
    ``distance_m`` reaches Síla metres as any attack, up to twice Síla with disadvantage, no
    farther ([Neefektivní vzdálenost u hozených zbraní]; without Síla the zones judge a throw);
    a ``maneuver`` is made instead of damage ([Bojové manévry]: the hit is rolled, no damage);
    the GM's ``instant_kill`` of a helpless target ([Coup de grâce]); surrounding does not count
    against a ``target_much_larger`` ([Obklíčení]).
    """
    situation = Situation(two_weapons, unarmed, target_unarmed, untrained, attacker_prone,
                          target_prone, attacker_blind, target_blind, unstable, underwater,
                          helpless, subdual)
    expression = None if damage is None else damage_expression(damage)
    ranged, ranged_field = _weapon_class(weapon_class, ranged)
    thrown = weapon_class == "thrown"
    if maneuver is not None:
        check_choice(maneuver, MANEUVERS, "maneuver")
    damage_rolled = maneuver is None and not instant_kill
    _validate(ac=ac, ranged=ranged, cover=cover, full_cover=full_cover, defense=defense,
              fatigue=fatigue)
    kind = _validate_situation(situation, ranged=ranged, full_cover=full_cover, damage=damage,
                               improvised=improvised, strength_modifier=strength_modifier,
                               weapon=weapon, thrown=thrown, ranged_field=ranged_field,
                               damage_rolled=damage_rolled)
    if auto_critical and not helpless:
        raise _refused("auto_critical", "coup-de-grace", "auto-critical")
    _validate_instant_kill(instant_kill, helpless=helpless, auto_critical=auto_critical,
                           subdual=subdual, maneuver=maneuver)
    check_int(count, COUNT_MIN, COUNT_MAX, "count")
    zone_given = zone is not None
    zone, zone_field = _zone(zone, distance_m)
    throw_edge = _throw(strength, weapon_class, distance_m, zone_given)
    # With the thrower's Síla the metres judge a throw, not the zone's abstraction.
    zone_edge = None if strength is not None else _reach(zone, zone_field, weapon_class, ranged)
    invulnerable = _invulnerable(invulnerable_monsters, target_level, magic_weapon,
                                 attacker_monster_level)
    edges, not_applied = _edges(situation, advantage=advantage, disadvantage=disadvantage,
                                ranged=ranged, weapon=kind, zone=zone_edge,
                                ineffective=throw_edge, damage_rolled=damage_rolled)
    if invulnerable is False or (invulnerable and not damage_rolled):
        not_applied += ("invulnerable_monsters",)  # on, yet it changes nothing here
    # [Obklíčení] "v boji na blízko": the +1 is the melee attackers'; "Obklíčení neplatí na
    # výrazně větší jedince"; [Coup de grâce] no to-hit roll, so no to-hit bonus counts (two
    # weapons' +1 still adds to the damage).
    if surrounded and (ranged or helpless or target_much_larger):
        not_applied += ("surrounded",)
    if not damage_rolled:  # no damage dice: what only changes the damage changes nothing
        given = {"strength_damage": strength_damage, "improvised": improvised,
                 "untrained": untrained, "subdual": subdual, "auto_critical": auto_critical}
        not_applied += tuple(name for name in DAMAGE_ONLY if given[name])
        if two_weapons and helpless:  # its +1 neither to a roll to hit nor to damage
            not_applied += ("two_weapons",)
    modifiers = _modifiers(bonus=bonus, surrounded=surrounded and not ranged
                           and not target_much_larger, two_weapons=two_weapons, fatigue=fatigue)
    # An unarmed attack's and a thrown weapon's damage is modified by strength: fatigue lowers
    # it ([Únava]).
    strength_based = strength_damage or unarmed or thrown
    damage_terms = tuple(term for term, given in (
        (Term(strength_modifier, msg("attack.strength")), thrown),
        (Term(TWO_WEAPONS_BONUS, msg("attack.two-weapons")), two_weapons)) if given)
    edge_params: dict[str, Mapping[str, Any]] = {}
    if zone_edge:
        edge_params["zone"] = {"weapon": msg(f"attack.class.{weapon_class}"),
                               "zone": msg(f"attack.zone.{zone}")}
    if throw_edge:
        edge_params["ineffective"] = {"distance": distance_m, "strength": strength}
    plan = _Plan(
        to_hit=_ToHit(ac=ac, cover=cover, ranged=ranged, target=ac + (cover if ranged else 0),
                      mode=net_dice_mode(edges), edges=edges, modifiers=modifiers,
                      helpless=helpless, auto_critical=auto_critical,
                      blocked=ranged and full_cover, zone=zone, edge_params=edge_params),
        damage=_DamagePlan(
            expression=None if unarmed else expression, terms=damage_terms,
            fatigue=fatigue if strength_based else 0, strength=strength_modifier,
            improvised=improvised or untrained,
            halved=underwater and kind in UNDERWATER_HALVED and damage_rolled, defense=defense,
            subdual=subdual, invulnerable=bool(invulnerable) and damage_rolled,
            target_level=target_level, maneuver=maneuver, instant_kill=instant_kill),
        not_applied=not_applied)
    hitting = plan.to_hit
    chance = attack_chance(hitting.modifier, hitting.target, hitting.mode, hitting.blocked,
                           helpless)
    rule = RULES["coup-de-grace" if instant_kill else "maneuvers" if maneuver
                 else "other-combat" if any(getattr(situation, n) for n in SITUATIONS)
                 else "surrounding" if surrounded and target_much_larger
                 else "thrown-ineffective" if strength is not None
                 else "thrown-weapon" if thrown else "range-zones" if zone else "attack"]
    times: Message | str = msg("attack.times", count=count) if count > 1 else ""
    if hitting.blocked:
        blocked = AttackResult(
            natural=None, total=None, hit=False, critical=False, damage=0,
            target=hitting.target, dice_mode=MODE_NAMES[hitting.mode], edges=edges,
            modifiers=modifiers, base_damage=None, helpless=helpless, subdual=subdual,
            not_applied=not_applied, zone=zone, maneuver=maneuver)
        results = [blocked] * count
        rolls: list[Roll] = []
        text = msg("attack.full-cover", count=times)
        if count > 1:
            text = msg("attack.full-cover-group", blocked=text, summary=msg(
                "attack.summary", hits=0, count=count, damage=0))
    else:
        results, rolls, attacks = [], [], []
        for _ in range(count):
            one, rolled, said = _one(source, plan)
            results.append(one)
            rolls.extend(rolled)
            attacks.append(said)
        head: Message = (msg("attack.helpless", count=times) if helpless else
                         msg("attack.ranged" if ranged else "attack.melee", count=times,
                             edges=_edges_text(edges, hitting.mode, hitting.edge_params)))
        if maneuver is not None:
            head = msg("attack.maneuver-head", head=head, name=msg(f"attack.maneuver.{maneuver}"))
        tail = msg("attack.subdual") if subdual and damage_rolled else ""
        if count == 1:
            text = msg("attack.text", head=head, attack=attacks[0], tail=tail)
        else:
            hits = sum(r.hit for r in results)
            text = msg("attack.group", head=head, tail=tail, each=Join(tuple(
                msg("attack.each", index=index, attack=said)
                for index, said in enumerate(attacks, 1)), "; "),
                summary=msg("attack.summary", hits=hits, count=count,
                            damage=sum(r.damage for r in results)))
    if count == 1:
        return Outcome("attack", tuple(rolls), results[0], chance, text, rule)
    group = AttackGroup(tuple(results), AttackSummary(count, sum(r.hit for r in results),
                                                      sum(r.damage for r in results)),
                        binomial(count, chance))
    return Outcome("attack", tuple(rolls), group, chance, text, rule)


# --- defense [Obranné číslo] ---------------------------------------------------------------

DEFENSE = cite("defense", "Obranné číslo", "ostatni-bojove-situace")

MESSAGES_DEFENSE = messages({
    "defense.title": Text("Obranné číslo", "Defense (AC)"),
    "defense.text": Text("OČ: {base}{terms}{result}{ranged}.{block}",
                         "AC: {base}{terms}{result}{ranged}.{block}"),
    "defense.floor": Text(" → {floor} (OČ nikdy pod {floor})",
                          " → {floor} (AC never below {floor})"),
    "defense.ranged": Text("; proti útokům na dálku {ac} + {cover} (krytí) = {ranged}",
                           "; against ranged attacks {ac} + {cover} (cover) = {ranged}"),
    "defense.armor": Text("zbroj", "armour"),
    "defense.shield": Text("štít", "shield"),
    "defense.untrained-armor": Text("zbroj, netrénovaná: polovina z {given}",
                                    "armour, untrained: half of {given}"),
    "defense.untrained-shield": Text("štít, netrénovaný: polovina z {given}",
                                     "shield, untrained: half of {given}"),
    "defense.block": Text(
        " Štítem lze reflexivně blokovat: až {dice} {dice:kostku|kostky|kostek} poškození.",
        " The shield can block reflexively: up to {dice} {dice:die|dice} of damage."),
    "defense.no-block": Text(" Netrénovaným štítem nelze reflexivně blokovat.",
                             " An untrained shield cannot block reflexively."),
})


@dataclass(frozen=True, slots=True)
class DefensePart:
    """One part of OČ: the stat block's base, armour, shield, two weapons, fatigue."""

    source: Literal["base", "armor", "shield", "two_weapons", "fatigue"]
    value: int = field(metadata={"description": "What it adds to OČ (fatigue negative)."})
    halved: bool = field(default=False, metadata={
        "description": "Untrained armour or shield: half its bonus, rounded down."})


@dataclass(frozen=True, slots=True)
class DefenseResult:
    """``result`` of ``defense``: OČ against melee and ranged attacks, and the shield."""

    ac: int = field(metadata={"description": "OČ against a melee attack; never below 0."})
    ac_ranged: int = field(metadata={"description": "OČ against a ranged attack: ac + cover."})
    can_block: bool = field(metadata={
        "description": "A trained shield with OČ left can block reflexively (shield-block)."})
    parts: tuple[DefensePart, ...] = field(metadata={
        "description": "Every part that entered ac, named."})
    cover: int = field(metadata={"description": "Cover, added against ranged attacks only."})
    floored: bool = field(metadata={
        "description": "The parts came below 0: OČ is 0."})


def _named(value: int, name: Message) -> Message:
    """`` + 4 (zbroj)``, `` − 2 (únava)``: a term with its sign and its name, zero too."""
    return msg("d20.named", term=msg("d20.minus" if value < 0 else "d20.plus", value=abs(value)),
               name=name)


@procedure("defense", rolls=False, result=DefenseResult, rule="defense",
           samples=({"base": 10, "armor": 4, "shield": 1},), next=("shield-block",))
def defense(
    source: DiceSource,
    *,
    base: int,
    armor: int = 0,
    shield: int = 0,
    armor_trained: bool = True,
    shield_trained: bool = True,
    two_weapons: bool = False,
    fatigue: int = 0,
    cover: int = 0,
) -> Outcome:
    """[Obranné číslo] the stat block's OČ, armour and shield (half, rounded down, when
    untrained), +1 with two weapons, − fatigue, never below 0; cover against ranged attacks.

    No dice. A trained shield with OČ left can block reflexively ([Reflexivní blokování
    štítem]): its next step.
    """
    check_int(base, AC_MIN, AC_MAX, "base")
    check_int(armor, ARMOR_MIN, ARMOR_MAX, "armor")
    check_int(shield, ARMOR_MIN, ARMOR_MAX, "shield")
    check_int(cover, COVER_MIN, COVER_MAX, "cover")
    checked_fatigue(fatigue)
    parts = [DefensePart("base", base)]
    shown: list[Message] = []
    for name, given, trained in (("armor", armor, armor_trained),
                                 ("shield", shield, shield_trained)):
        if not given:
            continue
        value = given if trained else given // UNTRAINED_SHARE
        parts.append(DefensePart(name, value, not trained))  # type: ignore[arg-type]
        shown.append(_named(value, msg(f"defense.{name}") if trained
                            else msg(f"defense.untrained-{name}", given=given)))
    if two_weapons:  # [Boj dvěma zbraněmi] "+1 do zásahu, poškození a OČ"
        parts.append(DefensePart("two_weapons", TWO_WEAPONS_BONUS))
        shown.append(_named(TWO_WEAPONS_BONUS, msg("attack.two-weapons")))
    if fatigue:  # [Efekty únavy] "postih ve výši hodnoty únavy do ... Obranného čísla"
        parts.append(DefensePart("fatigue", -fatigue))
        shown.append(_named(-fatigue, msg("d20.fatigue")))
    summed = sum(part.value for part in parts)
    ac = max(summed, AC_FLOOR)
    can_block = bool(shield) and shield_trained
    result = (msg("defense.floor", floor=AC_FLOOR) if summed < AC_FLOOR
              else msg("attack.equals", value=ac) if shown else "")
    text = msg("defense.text", base=base, terms=Join(tuple(shown), ""), result=result,
               ranged=msg("defense.ranged", ac=ac, cover=cover, ranged=ac + cover) if cover
               else "",
               block=msg("defense.block", dice=shield) if can_block
               else msg("defense.no-block") if shield else "")
    steps = (Next("shield-block", {"shield_ac": shield}, missing=("dice_blocked",)),
             ) if can_block else ()
    return Outcome("defense", (), DefenseResult(ac, ac + cover, can_block, tuple(parts), cover,
                                                summed < AC_FLOOR), None, text, DEFENSE, steps)


# --- persistent-damage [Perzistentní poškození] --------------------------------------------

PERSISTENT_DAMAGE = cite("persistent-damage", "Perzistentní poškození", "utok-obecne")

MESSAGES_PERSISTENT = messages({
    "persistent-damage.title": Text("Perzistentní poškození", "Persistent damage"),
    "persistent-damage.chart": Text("Šance jednotlivých součtů poškození",
                                    "Chance of each damage total"),
    "persistent-damage.text": Text(
        "Perzistentní poškození {notation}, {rounds} {rounds:kolo|kola|kol} (vždy na konci tahu "
        "skupiny): {each}. Celkem {total}.",
        "Persistent damage {notation}, {rounds} {rounds:round|rounds} (each at the end of the "
        "group's turn): {each}. Total {total}."),
    "persistent-damage.round": Text("{index}.\u00a0kolo: {shown}{result}",
                                    "round {index}: {shown}{result}"),
    "persistent-damage.floor": Text(" → {floor}", " → {floor}"),
})


@dataclass(frozen=True, slots=True)
class PersistentDamageResult:
    """``result`` of ``persistent-damage``."""

    per_round: tuple[int, ...] = field(metadata={
        "description": "The damage dealt at the end of the group's turn, round by round (never "
                       "below 0)."})
    total: int = field(metadata={"description": "Every round's damage together."})


@procedure("persistent-damage", result=PersistentDamageResult, rule="persistent-damage",
           samples=({"damage": "1d8", "rounds": 3},))
def persistent_damage(source: DiceSource, *, damage: str, rounds: int) -> Outcome:
    """[Perzistentní poškození] the effect's damage rolled anew each round, "vždy na konci tahu
    dané skupiny", for ``rounds`` rounds; a round's negative total deals 0."""
    expression = damage_expression(damage)
    check_int(rounds, ROUNDS_MIN, ROUNDS_MAX, "rounds")
    per_round: list[int] = []
    rolls: list[Roll] = []
    each: list[Message] = []
    for index in range(1, rounds + 1):
        rolled = expression.roll(source, "persistent-damage")
        if expression.dice_count:
            rolls.append(_as_roll("persistent-damage", expression, rolled))
        dealt = max(rolled.total, ROUND_FLOOR)
        per_round.append(dealt)
        shown, valued = _written_damage(expression, rolled)
        result: Message | str = (msg("persistent-damage.floor", floor=ROUND_FLOOR)
                                 if rolled.total < ROUND_FLOOR else "" if valued
                                 else msg("attack.equals", value=minus_sign(rolled.total)))
        each.append(msg("persistent-damage.round", index=index, shown=shown, result=result))
    total = sum(per_round)
    text = msg("persistent-damage.text", notation=expression.notation, rounds=rounds,
               each=Join(tuple(each), "; "), total=total)
    return Outcome("persistent-damage", tuple(rolls),
                   PersistentDamageResult(tuple(per_round), total), None, text,
                   PERSISTENT_DAMAGE)
