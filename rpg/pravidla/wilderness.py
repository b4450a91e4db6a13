"""The wilderness of "Pravidla a procedury": camping, a day of travel and fast travel.

[Přenocování v divočině, Cestování po světě, Rychlé cestování]. Every sentence is a template of
the message catalog below; the calculators (``pravidla/wilderness.js``) render the same ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from rpg.core.catalog import Choice, Field, Join, Message, messages, msg
from rpg.core.citations import RULES, cite
from rpg.core.dice import DiceSource, Roll, plus, roll, written
from rpg.core.errors import RuleError, check_bool, check_choice, check_int
from rpg.core.outcome import Next, Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

DIE = 6

# --- [Přenocování v divočině] -----------------------------------------------------------------

#: The three needs of a night's camp, in the order their d6s are rolled; each one's word is the
#: catalog's ``camping.need.<need>``.
NEEDS = ("food", "water", "shelter")
CAMP_TARGET = 4  # a need is met on d6 + its bonuses ≥ 4
LOCATIONS = ("wilderness", "dungeon")
#: How the failures are paid: with supplies while they last, or always with fatigue...
PAYMENTS = ("supplies-first", "fatigue")
#: ... or a choice for each failed need in turn ("Za každou neúspěšně opatřenou potřebu si pak
#: hráči mohou vybrat"): a failure beyond the list is paid as ``supplies-first``.
PAY_CHOICES = ("supplies", "fatigue")
PAY_CHOICES_MAX = len(NEEDS)
TRAVELERS_MIN, TRAVELERS_MAX = 1, 100
SUPPLIES_MAX = 100_000
BONUSES_MAX = 100  # declared survivalist bonuses (a list bound, not a rule)

# --- [Cestování po světě] ---------------------------------------------------------------------

KM_PER_MOVEMENT = 5          # a day covers five times the slowest member's movement
MOVEMENT_MIN, MOVEMENT_MAX = 1, 30
MEMBERS_MAX = 100
DIFFICULT_FACTOR = Fraction(1, 2)
FORCED_MARCH_FACTOR = Fraction(3, 2)
FORCED_MARCH_FATIGUE = 1
VISIBILITY_KM = 5
TERRAINS = ("normal", "difficult")
#: The day's other activity; each one's name is the catalog's ``travel.activity.<kind>``.
Activity = Literal["forage", "hunt", "explore"]
ACTIVITIES: tuple[Literal["none"] | Activity, ...] = ("none", "forage", "hunt", "explore")
WHOLE_DAY_ACTIVITIES = ("hunt", "explore")
#: Lost on 1..x of a d6: 2 in 6, 3 in 6 in difficult terrain.
LOST_ON = {"normal": 2, "difficult": 3}
ENCOUNTER_ON = 2             # 2 in 6 for each day of travel
#: Each activity succeeds on 1..x of a d6 [Ostatní aktivity]; what a success gives is the
#: catalog's ``travel.success.<kind>``.
ACTIVITY_ON: dict[Activity, int] = {"forage": 2, "hunt": 1, "explore": 3}
#: [Simultánní aktivity] groups declared beforehand, each trying its own activity.
GROUPS_MIN, GROUPS_MAX = 1, 100
GROUP_NAME_MAX = 40
SIMULTANEOUS_ACTIVITIES = cite("simultaneous-activities", "Simultánní aktivity",
                               "cestovani-po-svete")

# --- [Rychlé cestování] -----------------------------------------------------------------------

DAYS_MIN, DAYS_MAX = 1, 365
LONG_JOURNEY_DAYS = 5        # more than 5 days: 1d4 encounters, otherwise 1
LONG_JOURNEY_ENCOUNTER_DIE = 4
SHORT_JOURNEY_ENCOUNTERS = 1

# --- [Rychlé cestování] "Rozdělení poškození" -------------------------------------------------

PARTY_MIN, PARTY_MAX = 1, 100
NAME_MAX = 40
#: A member of the party still has at least 1 HP when the journey ends (at 0 they are dead).
HP_MIN, HP_MAX = 1, 100_000
DAMAGE_MAX = 100_000
#: The alternative to death: every point that would bring a character to 0 HP is 1 fatigue
#: instead, so they end the journey at 1 HP.
ALTERNATIVE_HP = 1

MESSAGES = messages({
    "wilderness.list": Text("{field} musí být seznam nejvýše {high} položek.",
                            "{field} must be a list of at most {high} items."),
    # camping
    "camping.title": Text("Přenocování v divočině", "Camping in the wild"),
    "camping.chance": Text("Šance, že se obstará vše", "Chance every need is met"),
    "camping.text": Text("{place}: {needs}. {cost}", "{place}: {needs}. {cost}"),
    "camping.place.wilderness": Text("Přenocování v divočině", "Camping in the wilderness"),
    "camping.place.dungeon": Text("Přenocování v kobce", "Camping in a dungeon"),
    "camping.need.food": Text("jídlo", "food"),
    "camping.need.water": Text("voda", "water"),
    "camping.need.shelter": Text("útočiště", "shelter"),
    "camping.covered": Text("{need}: jiný zdroj → obstaráno", "{need}: covered → met"),
    "camping.in-dungeon": Text("{need}: v kobce → neobstaráno",
                               "{need}: in a dungeon → not met"),
    "camping.met": Text("{need} {dice} ≥ {target} → obstaráno", "{need} {dice} ≥ {target} → met"),
    "camping.not-met": Text("{need} {dice} < {target} → neobstaráno",
                            "{need} {dice} < {target} → not met"),
    "camping.all-met": Text("Vše obstaráno, nic se neplatí.", "Every need met, nothing to pay."),
    "camping.cost": Text("{failures} {failures:neúspěch|neúspěchy|neúspěchů} → {paid}.",
                         "{failures} {failures:failure|failures} → {paid}."),
    "camping.cost-each": Text(
        "{failures} {failures:neúspěch|neúspěchy|neúspěchů} ({each}) → {paid}.",
        "{failures} {failures:failure|failures} ({each}) → {paid}."),
    "camping.way.supplies-first": Text("nejdřív zásoby", "supplies first"),
    "camping.way.fatigue": Text("vždy únava", "always fatigue"),
    "camping.choice.supplies": Text("zásoby", "supplies"),
    "camping.choice.fatigue": Text("únava", "fatigue"),
    "camping.paid.supplies": Text("{need}: zásoby", "{need}: supplies"),
    "camping.paid.fatigue": Text("{need}: únava", "{need}: fatigue"),
    "camping.paid.short": Text("{need}: únava, zásoby nestačí",
                               "{need}: fatigue, not enough supplies"),
    "camping.pay": Text(
        "{field} musí být {ways}, nebo seznam nejvýše {high} voleb z: {choices}; ne {value}.",
        "{field} must be {ways}, or a list of at most {high} choices of: {choices}; not {value}."),
    "camping.supplies-paid": Text("zásoby −{used} (zbývá {left})",
                                  "supplies −{used} ({left} left)"),
    "camping.fatigue-paid": Text("únava +{fatigue} pro každého cestujícího",
                                 "fatigue +{fatigue} for each traveler"),
    # travel
    "travel.title": Text("Den cesty", "A day of travel"),
    "travel.chance": Text("Šance na den bez setkání", "Chance of a day without an encounter"),
    "travel.text": Text("{day} {events}.", "{day} {events}."),
    "travel.day": Text("Den cesty: {km} km ({how}).", "A day of travel: {km} km ({how})."),
    "travel.pace": Text("hybnost {movement} × {per}", "movement {movement} × {per}"),
    "travel.difficult": Text("obtížný terén ½", "difficult terrain ½"),
    "travel.forced-march": Text("dnem i nocí × {factor}, únava +{fatigue}",
                                "day and night × {factor}, fatigue +{fatigue}"),
    "travel.no-travel": Text(
        "Den bez cesty ({activities} {count:zabere|zaberou|zaberou} celý den): 0 km.",
        "A day without travel ({activities} {count:takes|take} the whole day): 0 km."),
    "travel.group": Text("{group}: {check}", "{group}: {check}"),
    "travel.and": Text("{first} a {second}", "{first} and {second}"),
    "travel.lost": Text("Ztráta směru {dice} ≤ {x} → ztratili směr",
                        "Lost check {dice} ≤ {x} → lost their way"),
    "travel.on-course": Text("Ztráta směru {dice} > {x} → drží směr",
                             "Lost check {dice} > {x} → on course"),
    # No "!": the day's sentence ends with its own full stop ("→ setkání.", never "setkání!.").
    "travel.encounter": Text("setkání {dice} ≤ {x} → setkání",
                             "encounter {dice} ≤ {x} → an encounter"),
    "travel.quiet": Text("setkání {dice} > {x} → nic", "encounter {dice} > {x} → nothing"),
    "travel.encounter-first": Text("Setkání {dice} ≤ {x} → setkání",
                                   "Encounter {dice} ≤ {x} → an encounter"),
    "travel.quiet-first": Text("Setkání {dice} > {x} → nic", "Encounter {dice} > {x} → nothing"),
    "travel.check": Text("{activity} {dice} {sign} {x} → {verdict}",
                         "{activity} {dice} {sign} {x} → {verdict}"),
    "travel.activity.forage": Text("sběr", "foraging"),
    "travel.activity.hunt": Text("lov", "hunting"),
    "travel.activity.explore": Text("průzkum oblasti", "exploring"),
    "travel.activity-head.hunt": Text("Lov", "Hunting"),
    "travel.activity-head.explore": Text("Průzkum oblasti", "Exploring"),
    "travel.success.forage": Text("úspěch", "success"),
    "travel.success.hunt": Text("úspěch: nalezena lovná zvěř (ještě ji je třeba ulovit)",
                                "success: game found (it still has to be caught)"),
    "travel.success.explore": Text("úspěch: objeven jeden z ukrytých prvků oblasti",
                                   "success: one of the area's hidden features found"),
    "travel.failure": Text("neúspěch", "failure"),
    "travel.found": Text("{verdict}: {dice} → {found} {found:zásoba|zásoby|zásob}",
                         "{verdict}: {dice} → {found} {found:supply|supplies}"),
    "travel.members": Text(
        "{field} musí být seznam 1 až {high} hodnot hybnosti členů družiny.",
        "{field} must list 1 to {high} movement values, one per member."),
    "travel.groups": Text(
        "{field} musí být seznam {low} až {high} skupin {{\"group\", \"activity\"}}.",
        "{field} must be a list of {low} to {high} groups {{\"group\", \"activity\"}}."),
    "travel.group-name": Text(
        "Každá skupina v poli {field} potřebuje jméno ('group', 1 až {high} znaků).",
        "Every group in {field} needs a name ('group', 1 to {high} characters)."),
    "travel.group-twice": Text(
        "Skupina '{name}' je v poli {field} dvakrát: každá skupina má svou jednu aktivitu.",
        "The group '{name}' is in {field} twice: each group has its one activity."),
    "travel.whole-day-groups": Text(
        "{activity} zabere celý den, takže se nedá spojit s cestou dnem i nocí: vypni {march}, "
        "nebo dej skupinám v poli {field} jen {forage}.",
        "{activity} takes the whole day, so it cannot go with a forced march: turn {march} off, "
        "or give the groups of {field} {forage} only."),
    "travel.both": Text(
        "Zadej buď {activity} (aktivitu celé družiny), nebo {activities} (aktivitu každé "
        "skupiny), ne obojí.",
        "Give either {activity} (the whole party's activity) or {activities} (each group's), "
        "not both."),
    "travel.whole-day": Text(
        "{activity} zabere celý den, takže se nedá spojit s cestou dnem i nocí: vypni {march}, "
        "nebo v poli {field} zvol jednu z možností: {none}, {forage}.",
        "{activity} takes the whole day, so it cannot go with a forced march: turn {march} off, "
        "or choose {field} {none} or {forage}."),
    # fast-travel
    "fast-travel.title": Text("Rychlé cestování", "Fast travel"),
    "fast-travel.text": Text(
        "Rychlé cestování, {days} {days:den|dny|dní}, {travelers} "
        "{travelers:cestující|cestující|cestujících}: potřeba {needed} "
        "{needed:zásoba|zásoby|zásob}, zaplaceno {used}, "
        "zbývá {left}; souhrnné poškození {damage}; {encounters}.",
        "Fast travel, {days} {days:day|days}, {travelers} {travelers:traveler|travelers}: "
        "{needed} {needed:supply|supplies} needed, {used} paid, {left} left; summary damage "
        "{damage}; {encounters}."),
    "fast-travel.rolled": Text("setkání {dice}", "encounters {dice}"),
    "fast-travel.short": Text("setkání {count} (do {days} dní se nehází)",
                              "{count} encounter (no roll up to {days} days)"),
    # fast-travel-split
    "fast-travel-split.title": Text("Rozdělení poškození z rychlého cestování",
                                    "Sharing out fast travel damage"),
    "fast-travel-split.rule": Text(
        "„Na konci cesty si hráči mohou rozdělit nashromážděné souhrnné poškození v libovolném "
        "poměru mezi sebou.“",
        "“At the end of the journey the players may share out the accumulated summary damage "
        "among themselves in any proportion.”"),
    "fast-travel-split.text": Text("Rozdělení souhrnného poškození {damage}: {shares}.",
                                   "Summary damage {damage} shared out: {shares}."),
    "fast-travel-split.share": Text("{name} {hp} − {points} = {left}",
                                    "{name} {hp} − {points} = {left}"),
    "fast-travel-split.clamped": Text("{name} {hp} − {points} → {left}",
                                      "{name} {hp} − {points} → {left}"),
    "fast-travel-split.dies": Text(
        "{share}: smrt po cestě, nebo místo ní {hp} {hp:život|životy|životů} a {fatigue} "
        "{fatigue:bod|body|bodů} únavy",
        "{share}: killed on the way, or instead {hp} HP and {fatigue} {fatigue:point|points} "
        "of fatigue"),
    "fast-travel-split.party": Text(
        "{field} musí být seznam {low} až {high} postav {{\"name\", \"hp\"}}.",
        "{field} must be a list of {low} to {high} characters {{\"name\", \"hp\"}}."),
    "fast-travel-split.name": Text(
        "Každá postava v poli {field} potřebuje jméno ('name', 1 až {high} znaků).",
        "Every character in {field} needs a name ('name', 1 to {high} characters)."),
    "fast-travel-split.twice": Text(
        "Jméno '{name}' je v poli {field} dvakrát: jména musí být různá, aby šlo poškození "
        "rozdělit.",
        "The name '{name}' is in {field} twice: names must differ so that the damage can be "
        "shared out."),
    "fast-travel-split.not-object": Text(
        "{field} musí být objekt {{\"jméno\": body}}: {rule}",
        "{field} must be an object {{\"name\": points}}: {rule}"),
    "fast-travel-split.stranger": Text(
        "'{name}' necestuje ({party}): {rule} Rozděl poškození jen mezi postavy uvedené v poli "
        "{party}.",
        "'{name}' is not travelling ({party}): {rule} Share the damage only among the "
        "characters of {party}."),
    "fast-travel-split.sum": Text(
        "Rozděleno {shared} {shared:bod|body|bodů}, ale souhrnné poškození je {damage}: {rule} "
        "Rozdělit se musí všechno, nic navíc.",
        "{shared} {shared:point|points} shared out, but the summary damage is {damage}: {rule} "
        "All of it must be shared, and no more."),
})

#: What the calculators need of this module (``pravidla/wilderness.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "die": DIE,
    "needs": list(NEEDS), "camp_target": CAMP_TARGET, "locations": list(LOCATIONS),
    "payments": list(PAYMENTS), "pay_choices": list(PAY_CHOICES),
    "travelers": [TRAVELERS_MIN, TRAVELERS_MAX],
    "supplies_max": SUPPLIES_MAX, "bonuses_max": BONUSES_MAX,
    "km_per_movement": KM_PER_MOVEMENT, "movement": [MOVEMENT_MIN, MOVEMENT_MAX],
    "members_max": MEMBERS_MAX, "difficult_factor": float(DIFFICULT_FACTOR),
    "forced_march": [float(FORCED_MARCH_FACTOR), FORCED_MARCH_FATIGUE],
    "visibility_km": VISIBILITY_KM, "terrains": list(TERRAINS), "activities": list(ACTIVITIES),
    "whole_day": list(WHOLE_DAY_ACTIVITIES), "lost_on": LOST_ON, "encounter_on": ENCOUNTER_ON,
    "groups": [GROUPS_MIN, GROUPS_MAX], "group_name_max": GROUP_NAME_MAX,
    "activity_on": ACTIVITY_ON,
    "days": [DAYS_MIN, DAYS_MAX], "long_journey": [LONG_JOURNEY_DAYS, LONG_JOURNEY_ENCOUNTER_DIE],
    "short_journey_encounters": SHORT_JOURNEY_ENCOUNTERS,
    "party": [PARTY_MIN, PARTY_MAX], "name_max": NAME_MAX, "hp": [HP_MIN, HP_MAX],
    "damage_max": DAMAGE_MAX, "alternative_hp": ALTERNATIVE_HP,
}


def _check_list(values: Any, allowed: Sequence[str], high: int, name: str) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, Sequence) or len(values) > high:
        raise RuleError(msg("wilderness.list", field=Field(name), high=high), field=name)
    return tuple(check_choice(value, allowed, name) for value in values)


# --- camping ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NeedResult:
    """One need of the camp: its d6 (``None`` when not rolled), bonuses and whether it is met."""

    need: str = field(metadata={"enum": "rpg.pravidla.wilderness.NEEDS"})
    roll: int | None = field(
        metadata={"description": "The d6, or null when not rolled (covered, or in a dungeon)."})
    bonus: int = field(metadata={"description": "Declared +1s for it."})
    met: bool
    covered: bool


@dataclass(frozen=True, slots=True)
class CampingResult:
    """``result`` of ``camping``; ``fatigue_gained`` is for each traveler."""

    needs: tuple[NeedResult, ...]
    failures: int
    supplies_used: int
    supplies_left: int
    fatigue_gained: int = field(metadata={"description": "Fatigue for each traveler."})


@lru_cache(maxsize=256)
def need_met_chance(bonus: int) -> Fraction:
    """P(d6 + ``bonus`` ≥ 4), exact."""
    return Fraction(min(DIE, max(0, DIE - (CAMP_TARGET - bonus) + 1)), DIE)


def _camp_chance(location: str, covered: frozenset[str], bonus: dict[str, int]) -> Fraction:
    chance = Fraction(1)
    for need in NEEDS:
        if need in covered:
            continue
        chance *= 0 if location == "dungeon" else need_met_chance(bonus[need])
    return chance


def _need_text(need: NeedResult) -> Message:
    name = msg(f"camping.need.{need.need}")
    if need.covered:
        return msg("camping.covered", need=name)
    if need.roll is None:
        return msg("camping.in-dungeon", need=name)
    shown = f"1d{DIE} = {need.roll}" + plus(need.bonus, need.roll + need.bonus)
    return msg("camping.met" if need.met else "camping.not-met", need=name, dice=shown,
               target=CAMP_TARGET)


def _payment(pay: Any) -> tuple[str, ...]:
    """The choice for each failure in turn: ``supplies-first`` chooses supplies for every one,
    ``fatigue`` fatigue; a list (or one string of choices separated by commas, as a query string
    writes it) chooses for the first failures, the rest are paid as ``supplies-first``."""
    if isinstance(pay, str) and pay in PAYMENTS:
        return ("supplies" if pay == "supplies-first" else "fatigue",) * len(NEEDS)
    if isinstance(pay, str):
        pay = [part.strip() for part in pay.split(",") if part.strip()]
    wrong = None
    if not isinstance(pay, Sequence):
        wrong = str(pay)
    elif len(pay) > PAY_CHOICES_MAX:
        wrong = ", ".join(map(str, pay))
    else:
        wrong = next((str(choice) for choice in pay if choice not in PAY_CHOICES), None)
    if wrong is not None:
        raise RuleError(msg("camping.pay", field=Field("pay"), ways=Join(
            tuple(Choice("pay", way) for way in PAYMENTS), " / "), high=PAY_CHOICES_MAX,
            choices=Join(tuple(Choice("pay", choice) for choice in PAY_CHOICES)), value=wrong),
            field="pay")
    return tuple(pay)


@procedure("camping", result=CampingResult, rule="camping",
           samples=({"supplies": 4, "travelers": 4, "bonuses": ["food"]},))
def camping(
    source: DiceSource,
    *,
    location: str = "wilderness",
    bonuses: Sequence[str] = (),
    covered: Sequence[str] = (),
    supplies: int = 0,
    travelers: int = 1,
    pay: str | Sequence[str] = "supplies-first",
) -> Outcome:
    """[Přenocování v divočině] a d6 for each need not covered (food, water, shelter): 4+ meets it.

    In a dungeon every need not covered fails and nothing is rolled. Each failure costs every
    traveler 1 supply or 1 fatigue: ``supplies-first`` pays with supplies while they last,
    ``fatigue`` always with fatigue; a list of choices (``supplies``, ``fatigue``) pays the failed
    needs in turn, a ``supplies`` choice with too few supplies left with fatigue, a failure
    beyond the list as ``supplies-first``.
    """
    check_choice(location, LOCATIONS, "location")
    declared = _check_list(bonuses, NEEDS, BONUSES_MAX, "bonuses")
    spared = frozenset(_check_list(covered, NEEDS, len(NEEDS), "covered"))
    check_int(supplies, 0, SUPPLIES_MAX, "supplies")
    check_int(travelers, TRAVELERS_MIN, TRAVELERS_MAX, "travelers")
    choices = _payment(pay)

    bonus = {need: declared.count(need) for need in NEEDS}
    rolls = []
    needs = []
    for need in NEEDS:
        if need in spared:
            needs.append(NeedResult(need, None, bonus[need], True, True))
        elif location == "dungeon":
            needs.append(NeedResult(need, None, bonus[need], False, False))
        else:
            rolled = roll(source, need, 1, DIE)
            rolls.append(rolled)
            met = rolled.total + bonus[need] >= CAMP_TARGET
            needs.append(NeedResult(need, rolled.total, bonus[need], met, False))

    failed = [need.need for need in needs if not need.met]
    failures = len(failed)
    supplies_left, fatigue_gained = supplies, 0
    each = []
    for index, need in enumerate(failed):
        # A failure beyond the players' choices is paid as "supplies-first".
        wanted = choices[index] if index < len(choices) else "supplies"
        name = msg(f"camping.need.{need}")
        if wanted == "supplies" and supplies_left >= travelers:
            supplies_left -= travelers
            each.append(msg("camping.paid.supplies", need=name))
        else:
            fatigue_gained += 1
            each.append(msg("camping.paid.short" if wanted == "supplies"
                            else "camping.paid.fatigue", need=name))
    supplies_used = supplies - supplies_left

    if not failures:
        cost = msg("camping.all-met")
    else:
        paid = []
        if supplies_used:
            paid.append(msg("camping.supplies-paid", used=supplies_used, left=supplies_left))
        if fatigue_gained:
            paid.append(msg("camping.fatigue-paid", fatigue=fatigue_gained))
        if not choices or (isinstance(pay, str) and pay in PAYMENTS):
            cost = msg("camping.cost", failures=failures, paid=Join(tuple(paid)))
        else:  # the players chose for each failure: say how each one was paid
            cost = msg("camping.cost-each", failures=failures, each=Join(tuple(each)),
                       paid=Join(tuple(paid)))
    text = msg("camping.text", place=msg(f"camping.place.{location}"),
               needs=Join(tuple(_need_text(need) for need in needs), "; "), cost=cost)
    result = CampingResult(tuple(needs), failures, supplies_used, supplies_left, fatigue_gained)
    rule = RULES["camping-dungeon" if location == "dungeon" else "camping"]
    chance = _camp_chance(location, spared, bonus)
    return Outcome("camping", tuple(rolls), result, chance, text, rule)


# --- travel -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TravelActivity:
    """The day's other activity: ``supplies`` found (foraging only; ``None`` otherwise)."""

    kind: Literal["forage", "hunt", "explore"]
    success: bool
    supplies: int | None = field(
        metadata={"description": "Supplies found when foraging (0 on a failure); null otherwise."})


@dataclass(frozen=True, slots=True)
class GroupActivity:
    """One group's activity [Simultánní aktivity]: ``supplies`` found when foraging."""

    group: str
    kind: Literal["forage", "hunt", "explore"]
    success: bool
    supplies: int | None = field(
        metadata={"description": "Supplies found when foraging (0 on a failure); null otherwise."})


@dataclass(frozen=True, slots=True)
class TravelResult:
    """``result`` of ``travel``: ``lost`` is ``None`` when no lost check was due."""

    distance_km: float = field(metadata={"description": "Exact, not rounded."})
    lost: bool | None = field(
        metadata={
            "description": "null when no lost check was due (road, landmark, or not travelling).",
        })
    encounter: bool
    activity: TravelActivity | None
    fatigue_gained: int = field(metadata={"description": "Fatigue for each member."})
    visibility_km: int
    travelling: bool = field(metadata={"description": "False on a day of hunting or exploring."})
    slowest_movement: int
    activities: tuple[GroupActivity, ...] = field(metadata={
        "description": "Each group's activity, in the order of `activities` ([Simultánní "
                       "aktivity]); empty without it."})


def travel_distance_km(
    slowest_movement: int, terrain: str, forced_march: bool, activity: str = "none"
) -> Fraction:
    """Exact distance of one day: 5 × movement, ½ in difficult terrain, × 1.5 day and night;
    0 on a day of hunting or exploring."""
    if activity in WHOLE_DAY_ACTIVITIES:
        return Fraction(0)
    distance = Fraction(KM_PER_MOVEMENT * slowest_movement)
    if terrain == "difficult":
        distance *= DIFFICULT_FACTOR
    if forced_march:
        distance *= FORCED_MARCH_FACTOR
    return distance


#: P(no encounter) on one day of travel.
NO_ENCOUNTER_CHANCE = Fraction(DIE - ENCOUNTER_ON, DIE)


def _activity_check(source: DiceSource, activity: Activity) -> tuple[list[Roll], TravelActivity,
                                                                       Message]:
    """One activity's d6 (and a d6 of supplies on a successful forage): rolls, result, text."""
    rolled = roll(source, activity, 1, DIE)
    rolls = [rolled]
    success = rolled.total <= ACTIVITY_ON[activity]
    found: int | None = None
    verdict = msg(f"travel.success.{activity}" if success else "travel.failure")
    if activity == "forage":
        found = 0
        if success:
            supplies = roll(source, "supplies", 1, DIE)
            rolls.append(supplies)
            found = supplies.total
            verdict = msg("travel.found", verdict=verdict, dice=written(supplies), found=found)
    shown = msg("travel.check", activity=msg(f"travel.activity.{activity}"),
                dice=written(rolled), sign="≤" if success else ">", x=ACTIVITY_ON[activity],
                verdict=verdict)
    return rolls, TravelActivity(activity, success, found), shown


def _groups(activities: Any) -> tuple[tuple[str, Activity], ...]:
    """[Simultánní aktivity] the declared groups, each with its activity, in list order."""
    if isinstance(activities, str) or not isinstance(activities, Sequence) or not (
            GROUPS_MIN <= len(activities) <= GROUPS_MAX):
        raise RuleError(msg("travel.groups", field=Field("activities"), low=GROUPS_MIN,
                            high=GROUPS_MAX), field="activities")
    groups: list[tuple[str, Activity]] = []
    for entry in activities:
        name = entry.get("group") if isinstance(entry, Mapping) else None
        if not isinstance(name, str) or not 1 <= len(name) <= GROUP_NAME_MAX:
            raise RuleError(msg("travel.group-name", field=Field("activities"),
                                high=GROUP_NAME_MAX), field="activities")
        if name in (known for known, _ in groups):
            raise RuleError(msg("travel.group-twice", name=name, field=Field("activities")),
                            field="activities")
        kind = check_choice(entry.get("activity"), tuple(ACTIVITY_ON), "activities")
        groups.append((name, kind))
    return tuple(groups)


@procedure("travel", result=TravelResult, rule="travel",
           samples=({"movement": [6, 5], "terrain": "difficult"},
                    {"activities": [{"group": "Ota", "activity": "hunt"},
                                    {"group": "Eva", "activity": "forage"}]}),
           next=("encounter",))
def travel(
    source: DiceSource,
    *,
    movement: Sequence[int] = (6,),
    terrain: str = "normal",
    road: bool = False,
    landmark: bool = False,
    forced_march: bool = False,
    activity: str = "none",
    activities: Sequence[Mapping[str, Any]] | None = None,
) -> Outcome:
    """[Cestování po světě] one day: distance, lost check, encounter and the day's activity.

    ``activity`` is the whole party's; ``activities`` lists groups declared beforehand, each with
    its own ([Simultánní aktivity]): each group rolls its check in list order, and anyone
    hunting or exploring means the party does not travel that day. Dice: the lost check (only
    when travelling off roads and landmarks), the encounter d6, then each activity's d6 (and a
    d6 of supplies on a successful forage). An encounter calls for the encounter procedure, in
    the wilderness.
    """
    if isinstance(movement, str) or not isinstance(movement, Sequence) or not (
            1 <= len(movement) <= MEMBERS_MAX):
        raise RuleError(msg("travel.members", field=Field("movement"), high=MEMBERS_MAX),
                        field="movement")
    for value in movement:
        check_int(value, MOVEMENT_MIN, MOVEMENT_MAX, "movement")
    check_choice(terrain, TERRAINS, "terrain")
    check_bool(road, "road")
    check_bool(landmark, "landmark")
    check_bool(forced_march, "forced_march")
    activity = check_choice(activity, ACTIVITIES, "activity")
    groups = () if activities is None else _groups(activities)
    if groups and activity != "none":
        raise RuleError(msg("travel.both", activity=Field("activity"),
                            activities=Field("activities")), field="activities")
    kinds = [kind for _, kind in groups] or ([activity] if activity != "none" else [])
    whole_day = list(dict.fromkeys(kind for kind in kinds if kind in WHOLE_DAY_ACTIVITIES))
    if forced_march and whole_day:
        raise RuleError(msg("travel.whole-day-groups" if groups else "travel.whole-day",
                            activity=msg(f"travel.activity-head.{whole_day[0]}"),
                            march=Field("forced_march"),
                            field=Field("activities" if groups else "activity"),
                            none=Choice("activity", "none"), forage=Choice("activity", "forage")),
                        field="forced_march")

    slowest = min(movement)
    travelling = not whole_day
    distance = travel_distance_km(slowest, terrain, forced_march) if travelling else Fraction(0)
    rolls = []
    events: list[Message] = []

    lost: bool | None = None
    if travelling and not road and not landmark:
        rolled = roll(source, "lost", 1, DIE)
        rolls.append(rolled)
        lost = rolled.total <= LOST_ON[terrain]
        events.append(msg("travel.lost" if lost else "travel.on-course", dice=written(rolled),
                          x=LOST_ON[terrain]))

    rolled = roll(source, "encounter", 1, DIE)
    rolls.append(rolled)
    encounter = rolled.total <= ENCOUNTER_ON
    key = "travel.encounter" if encounter else "travel.quiet"
    events.append(msg(key if events else f"{key}-first", dice=written(rolled), x=ENCOUNTER_ON))

    outcome_activity = None
    if activity != "none":
        checked, outcome_activity, shown = _activity_check(source, activity)
        rolls += checked
        events.append(shown)
    done = []
    for group, kind in groups:
        checked, tried, shown = _activity_check(source, kind)
        rolls += checked
        done.append(GroupActivity(group, tried.kind, tried.success, tried.supplies))
        events.append(msg("travel.group", group=group, check=shown))

    fatigue_gained = FORCED_MARCH_FATIGUE if forced_march else 0
    if travelling:
        how = [msg("travel.pace", movement=slowest, per=KM_PER_MOVEMENT)]
        if terrain == "difficult":
            how.append(msg("travel.difficult"))
        if forced_march:
            how.append(msg("travel.forced-march", factor=FORCED_MARCH_FACTOR,
                           fatigue=FORCED_MARCH_FATIGUE))
        day = msg("travel.day", km=distance, how=Join(tuple(how)))
    else:
        names = [msg(f"travel.activity.{kind}") for kind in whole_day]
        day = msg("travel.no-travel", count=len(names), activities=names[0] if len(names) == 1
                  else msg("travel.and", first=names[0], second=names[1]))
    text = msg("travel.text", day=day, events=Join(tuple(events), "; "))
    result = TravelResult(float(distance), lost, encounter, outcome_activity, fatigue_gained,
                          VISIBILITY_KM, travelling, slowest, tuple(done))
    steps = (Next("encounter", {"location": "wilderness"}),) if encounter else ()
    rule = RULES["simultaneous-activities" if groups else "travel"]
    return Outcome("travel", tuple(rolls), result, NO_ENCOUNTER_CHANCE, text, rule, steps)


# --- fast travel ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FastTravelResult:
    """``result`` of ``fast-travel``."""

    supplies_needed: int
    supplies_used: int
    supplies_left: int
    summary_damage: int = field(
        metadata={
            "description": "1 for each supply missing, shared out by the players at the end.",
        })
    encounters: int


@procedure("fast-travel", result=FastTravelResult, rule="fast-travel",
           samples=({"days": 7, "travelers": 4, "supplies": 20},))
def fast_travel(
    source: DiceSource, *, days: int, travelers: int = 1, supplies: int = 0
) -> Outcome:
    """[Rychlé cestování] a journey counted in days: supplies, summary damage and encounters.

    Each traveler eats one supply a day; each supply missing is 1 point of summary damage. A
    journey of more than 5 days has 1d4 encounters, a shorter one 1 (nothing rolled).
    """
    check_int(days, DAYS_MIN, DAYS_MAX, "days")
    check_int(travelers, TRAVELERS_MIN, TRAVELERS_MAX, "travelers")
    check_int(supplies, 0, SUPPLIES_MAX, "supplies")

    needed = days * travelers
    used = min(supplies, needed)
    damage = needed - used
    rolls = []
    if days > LONG_JOURNEY_DAYS:
        rolled = roll(source, "encounters", 1, LONG_JOURNEY_ENCOUNTER_DIE)
        rolls.append(rolled)
        encounters = rolled.total
        met = msg("fast-travel.rolled", dice=written(rolled))
    else:
        encounters = SHORT_JOURNEY_ENCOUNTERS
        met = msg("fast-travel.short", count=encounters, days=LONG_JOURNEY_DAYS)
    text = msg("fast-travel.text", days=days, travelers=travelers, needed=needed, used=used,
               left=supplies - used, damage=damage, encounters=met)
    result = FastTravelResult(needed, used, supplies - used, damage, encounters)
    return Outcome("fast-travel", tuple(rolls), result, None, text, RULES["fast-travel"])


# --- fast-travel-split --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Alternative:
    """Instead of dying: the character ends at 1 HP with ``fatigue`` points of fatigue."""

    hp: int
    fatigue: int


@dataclass(frozen=True, slots=True)
class SplitShare:
    """One character's share of the summary damage."""

    name: str
    hp: int
    points: int = field(metadata={"description": "Damage points taken."})
    hp_left: int = field(metadata={"description": "max(0, hp − points)."})
    dies: bool = field(
        metadata={
            "description": "HP reached 0: killed on the way (unless the alternative is taken).",
        })
    alternative: Alternative | None = field(
        metadata={
            "description": (
                "For a character who would die: `{\"hp\": 1, \"fatigue\": points − (hp − 1)}`; "
                "null otherwise."),
        })


@dataclass(frozen=True, slots=True)
class FastTravelSplitResult:
    """``result`` of ``fast-travel-split``: every character in party order, and who dies."""

    characters: tuple[SplitShare, ...] = field(
        metadata={"description": "Every character, in party order."})
    dead: tuple[str, ...] = field(metadata={"description": "The characters whose HP reached 0."})
    damage: int


def _party(party: Any) -> tuple[tuple[str, int], ...]:
    if isinstance(party, (str, bytes)) or not isinstance(party, Sequence) or not (
            PARTY_MIN <= len(party) <= PARTY_MAX):
        raise RuleError(msg("fast-travel-split.party", field=Field("party"), low=PARTY_MIN,
                            high=PARTY_MAX), field="party")
    members: list[tuple[str, int]] = []
    for member in party:
        name = member.get("name") if isinstance(member, Mapping) else None
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
            raise RuleError(msg("fast-travel-split.name", field=Field("party"), high=NAME_MAX),
                            field="party")
        if name in (known for known, _ in members):
            raise RuleError(msg("fast-travel-split.twice", name=name, field=Field("party")),
                            field="party")
        members.append((name, check_int(member.get("hp"), HP_MIN, HP_MAX, "party")))
    return tuple(members)


def _allocation(allocation: Any, names: Sequence[str], damage: int) -> dict[str, int]:
    rule = msg("fast-travel-split.rule")
    if not isinstance(allocation, Mapping):
        raise RuleError(msg("fast-travel-split.not-object", field=Field("allocation"), rule=rule),
                        field="allocation")
    for name, points in allocation.items():
        if name not in names:
            raise RuleError(msg("fast-travel-split.stranger", name=str(name)[:NAME_MAX],
                                party=Field("party"), rule=rule), field="allocation")
        check_int(points, 0, DAMAGE_MAX, "allocation")
    shared = sum(allocation.values())
    if shared != damage:
        raise RuleError(msg("fast-travel-split.sum", shared=shared, damage=damage, rule=rule),
                        field="allocation")
    return {name: allocation.get(name, 0) for name in names}


@procedure(
    "fast-travel-split", rolls=False, result=FastTravelSplitResult, rule="fast-travel",
    samples=(
        {"party": [{"name": "Eva", "hp": 5}, {"name": "Ota", "hp": 3}],
         "damage": 4,
         "allocation": {"Eva": 3, "Ota": 1}},
    ),
    next=("death-save",))
def fast_travel_split(
    source: DiceSource,
    *,
    party: Sequence[Mapping[str, Any]],
    damage: int,
    allocation: Mapping[str, int] | None = None,
) -> Outcome:
    """[Rychlé cestování] "Rozdělení poškození": the players share out the summary damage.

    A character whose HP reach 0 was killed on the way (the result calls for the milder death);
    alternatively they take 1 fatigue for every point that would bring them to 0, and end at
    1 HP. Nothing is rolled.
    """
    members = _party(party)
    check_int(damage, 0, DAMAGE_MAX, "damage")
    points = _allocation({} if allocation is None else allocation,
                         [name for name, _ in members], damage)
    shares = []
    parts = []
    for name, hp in members:
        taken = points[name]
        hp_left = max(0, hp - taken)
        dies = hp_left == 0
        alternative = Alternative(ALTERNATIVE_HP, taken - (hp - ALTERNATIVE_HP)) if dies else None
        shares.append(SplitShare(name, hp, taken, hp_left, dies, alternative))
        # Below 0 the hit points stop at 0: a clamp, written "3 − 5 → 0".
        share = msg("fast-travel-split.clamped" if taken > hp else "fast-travel-split.share",
                    name=name, hp=hp, points=taken, left=hp_left)
        if alternative is not None:
            share = msg("fast-travel-split.dies", share=share, hp=alternative.hp,
                        fatigue=alternative.fatigue)
        parts.append(share)
    dead = tuple(share.name for share in shares if share.dies)
    text = msg("fast-travel-split.text", damage=damage, shares=Join(tuple(parts), "; "))
    result = FastTravelSplitResult(tuple(shares), dead, damage)
    # Who dies may be saved by the optional milder death; nothing of it is known yet.
    steps = (Next("death-save"),) if dead else ()
    return Outcome("fast-travel-split", (), result, None, text, RULES["fast-travel"], steps)
