"""The wilderness of "Pravidla a procedury": camping, a day of travel and fast travel.

[Přenocování v divočině, Cestování po světě, Rychlé cestování]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, plus, roll, written
from rpg.core.errors import RuleError, check_bool, check_choice, check_int
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both, number, plural_cs, quoting

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "camping.title": Text("Přenocování v divočině", "Camping in the wild"),
    "camping.chance": Text("Šance, že se obstará vše", "Chance every need is met"),
    "travel.title": Text("Den cesty", "A day of travel"),
    "travel.chance": Text("Šance na den bez setkání", "Chance of a day without an encounter"),
    "fast-travel.title": Text("Rychlé cestování", "Fast travel"),
    "fast-travel-split.title": Text(
        "Rozdělení poškození z rychlého cestování",
        "Sharing out fast travel damage"),
})

DIE = 6

# --- [Přenocování v divočině] -----------------------------------------------------------------

#: The three needs of a night's camp, in the order their d6s are rolled.
NEEDS = ("food", "water", "shelter")
NEED_NAMES: dict[str, Text] = {
    "food": Text("jídlo", "food"),
    "water": Text("voda", "water"),
    "shelter": Text("útočiště", "shelter"),
}
CAMP_TARGET = 4  # a need is met on d6 + its bonuses ≥ 4
LOCATIONS = ("wilderness", "dungeon")
PAYMENTS = ("supplies-first", "fatigue")
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
ACTIVITIES = ("none", "forage", "hunt", "explore")
WHOLE_DAY_ACTIVITIES = ("hunt", "explore")
#: Lost on 1..x of a d6: 2 in 6, 3 in 6 in difficult terrain.
LOST_ON = {"normal": 2, "difficult": 3}
ENCOUNTER_ON = 2             # 2 in 6 for each day of travel
#: Each activity succeeds on 1..x of a d6.
ACTIVITY_ON = {"forage": 2, "hunt": 1, "explore": 3}
ACTIVITY_NAMES: dict[str, Text] = {
    "forage": Text("sběr", "foraging"),
    "hunt": Text("lov", "hunting"),
    "explore": Text("průzkum oblasti", "exploring"),
}

#: What a successful activity gives [Ostatní aktivity].
ACTIVITY_SUCCESS: dict[str, Text] = {
    "forage": Text("úspěch", "success"),
    "hunt": Text("úspěch, našli lovnou zvěř (ještě ji musí ulovit)",
                 "success, they find game (it still has to be caught)"),
    "explore": Text("úspěch, objevili jeden z ukrytých prvků oblasti",
                    "success, they discover one of the area's hidden features"),
}

# --- [Rychlé cestování] -----------------------------------------------------------------------

DAYS_MIN, DAYS_MAX = 1, 365
LONG_JOURNEY_DAYS = 5        # more than 5 days: 1d4 encounters, otherwise 1
LONG_JOURNEY_ENCOUNTER_DIE = 4


def _english_count(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def sentence(words: str) -> str:
    """``words`` with the first letter in upper case (unlike ``str.capitalize``, keeps the rest)."""
    return words[:1].upper() + words[1:]


def _check_list(values: Any, allowed: Sequence[str], high: int, field: str) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, Sequence) or len(values) > high:
        raise RuleError(both(
            "'{field}' musí být seznam nejvýše {high} položek.",
            "'{field}' must be a list of at most {high} items.", field=field, high=high),
            field=field)
    return tuple(check_choice(value, allowed, field) for value in values)


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


def _need_text(need: NeedResult, location: str) -> Text:
    name = NEED_NAMES[need.need]
    if need.covered:
        return Text(f"{name.cs}: jiný zdroj → obstaráno", f"{name.en}: covered → met")
    if need.roll is None:
        return Text(f"{name.cs}: v kobce → neobstaráno", f"{name.en}: in a dungeon → not met")
    total = need.roll + need.bonus
    shown = f"1d6 = {need.roll}" + plus(need.bonus, total)
    sign = "≥" if need.met else "<"
    return Text(
        f"{name.cs} {shown} {sign} {CAMP_TARGET} → " + ("obstaráno" if need.met else "neobstaráno"),
        f"{name.en} {shown} {sign} {CAMP_TARGET} → " + ("met" if need.met else "not met"),
    )


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
    pay: str = "supplies-first",
) -> Outcome:
    """[Přenocování v divočině] a d6 for each need not covered (food, water, shelter): 4+ meets it.

    In a dungeon every need not covered fails and nothing is rolled. Each failure costs every
    traveler 1 supply or 1 fatigue: ``supplies-first`` pays with supplies while they last.
    """
    check_choice(location, LOCATIONS, "location")
    declared = _check_list(bonuses, NEEDS, BONUSES_MAX, "bonuses")
    spared = frozenset(_check_list(covered, NEEDS, len(NEEDS), "covered"))
    check_int(supplies, 0, SUPPLIES_MAX, "supplies")
    check_int(travelers, TRAVELERS_MIN, TRAVELERS_MAX, "travelers")
    check_choice(pay, PAYMENTS, "pay")

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

    failures = sum(not need.met for need in needs)
    supplies_left, fatigue_gained = supplies, 0
    for _ in range(failures):
        if pay == "supplies-first" and supplies_left >= travelers:
            supplies_left -= travelers
        else:
            fatigue_gained += 1
    supplies_used = supplies - supplies_left

    parts = [_need_text(need, location) for need in needs]
    place = (Text("Přenocování v kobce", "Camping in a dungeon") if location == "dungeon"
             else Text("Přenocování v divočině", "Camping in the wilderness"))
    if not failures:
        cost = Text("Vše obstaráno, nic se neplatí.", "Every need met, nothing to pay.")
    else:
        paid_cs, paid_en = [], []
        if supplies_used:
            paid_cs.append(f"zásoby −{supplies_used} (zbývá {supplies_left})")
            paid_en.append(f"supplies −{supplies_used} ({supplies_left} left)")
        if fatigue_gained:
            paid_cs.append(f"únava +{fatigue_gained} pro každého cestujícího")
            paid_en.append(f"fatigue +{fatigue_gained} for each traveler")
        cost = Text(
            sentence(plural_cs(failures, "neúspěch", "neúspěchy", "neúspěchů", counted=True))
            + " → " + ", ".join(paid_cs) + ".",
            sentence(_english_count(failures, "failure", "failures"))
            + " → " + ", ".join(paid_en) + ".",
        )
    text = Text(
        f"{place.cs}: " + "; ".join(p.cs for p in parts) + f". {cost.cs}",
        f"{place.en}: " + "; ".join(p.en for p in parts) + f". {cost.en}",
    )
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


def travel_distance_km(
    slowest_movement: int, terrain: str, forced_march: bool, activity: str
) -> Fraction:
    """Exact distance of one day: 5 × movement, ½ in difficult terrain, × 1.5 day and night."""
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


@procedure("travel", result=TravelResult, rule="travel",
           samples=({"movement": [6, 5], "terrain": "difficult"},))
def travel(
    source: DiceSource,
    *,
    movement: Sequence[int] = (6,),
    terrain: str = "normal",
    road: bool = False,
    landmark: bool = False,
    forced_march: bool = False,
    activity: str = "none",
) -> Outcome:
    """[Cestování po světě] one day: distance, lost check, encounter and the day's activity.

    Dice: the lost check (only when travelling off roads and landmarks), the encounter d6, then
    the activity d6 (and a d6 of supplies on a successful forage).
    """
    if isinstance(movement, str) or not isinstance(movement, Sequence) or not (
            1 <= len(movement) <= MEMBERS_MAX):
        raise RuleError(both(
            "'movement' musí být seznam 1 až {high} hodnot hybnosti členů družiny.",
            "'movement' must list 1 to {high} movement values, one per member.",
            high=MEMBERS_MAX), field="movement")
    for value in movement:
        check_int(value, MOVEMENT_MIN, MOVEMENT_MAX, "movement")
    check_choice(terrain, TERRAINS, "terrain")
    check_bool(road, "road")
    check_bool(landmark, "landmark")
    check_bool(forced_march, "forced_march")
    check_choice(activity, ACTIVITIES, "activity")
    if forced_march and activity in WHOLE_DAY_ACTIVITIES:
        name = ACTIVITY_NAMES[activity]
        raise RuleError(Text(
            f"{sentence(name.cs)} zabere celý den, takže se nedá spojit s cestou dnem i nocí: "
            "vypni 'forced_march', nebo zvol 'activity' none či forage.",
            f"{sentence(name.en)} takes the whole day, so it cannot go with a forced march: "
            "turn 'forced_march' off, or choose 'activity' none or forage."),
            field="forced_march")

    slowest = min(movement)
    travelling = activity not in WHOLE_DAY_ACTIVITIES
    distance = travel_distance_km(slowest, terrain, forced_march, activity)
    rolls = []
    events_cs, events_en = [], []

    lost: bool | None = None
    if travelling and not road and not landmark:
        rolled = roll(source, "lost", 1, DIE)
        rolls.append(rolled)
        lost = rolled.total <= LOST_ON[terrain]
        events_cs.append(f"ztráta směru {written(rolled)} → "
                         + ("ztratili směr" if lost else "drží směr"))
        events_en.append(f"lost check {written(rolled)} → "
                         + ("lost their way" if lost else "on course"))

    rolled = roll(source, "encounter", 1, DIE)
    rolls.append(rolled)
    encounter = rolled.total <= ENCOUNTER_ON
    events_cs.append(f"setkání {written(rolled)} → " + ("setkání!" if encounter else "nic"))
    events_en.append(f"encounter {written(rolled)} → "
                     + ("an encounter!" if encounter else "nothing"))

    outcome_activity = None
    if activity != "none":
        rolled = roll(source, activity, 1, DIE)
        rolls.append(rolled)
        success = rolled.total <= ACTIVITY_ON[activity]
        found: int | None = None
        name = ACTIVITY_NAMES[activity]
        verdict = ACTIVITY_SUCCESS[activity] if success else Text("neúspěch", "failure")
        verdict_cs, verdict_en = verdict.cs, verdict.en
        if activity == "forage":
            found = 0
            if success:
                supplies = roll(source, "supplies", 1, DIE)
                rolls.append(supplies)
                found = supplies.total
                verdict_cs += f": {written(supplies)} → " + plural_cs(
                    found, "zásoba", "zásoby", "zásob", counted=True)
                verdict_en += f": {written(supplies)} → " + _english_count(
                    found, "supply", "supplies")
        outcome_activity = TravelActivity(activity, success, found)
        events_cs.append(f"{name.cs} {written(rolled)} → {verdict_cs}")
        events_en.append(f"{name.en} {written(rolled)} → {verdict_en}")

    fatigue_gained = FORCED_MARCH_FATIGUE if forced_march else 0
    if travelling:
        how_cs = [f"hybnost {slowest} × {KM_PER_MOVEMENT}"]
        how_en = [f"movement {slowest} × {KM_PER_MOVEMENT}"]
        if terrain == "difficult":
            how_cs.append("obtížný terén ½")
            how_en.append("difficult terrain ½")
        if forced_march:
            how_cs.append("dnem i nocí × 1,5, únava +1")
            how_en.append("day and night × 1.5, fatigue +1")
        first = Text(
            f"Den cesty: {number(distance, 'cs')} km ({', '.join(how_cs)}).",
            f"A day of travel: {number(distance, 'en')} km ({', '.join(how_en)}).")
    else:
        name = ACTIVITY_NAMES[activity]
        first = Text(f"Den bez cesty ({name.cs} zabere celý den): 0 km.",
                     f"A day without travel ({name.en} takes the whole day): 0 km.")
    text = Text(
        f"{first.cs} " + sentence("; ".join(events_cs)) + ".",
        f"{first.en} " + sentence("; ".join(events_en)) + ".",
    )
    result = TravelResult(float(distance), lost, encounter, outcome_activity, fatigue_gained,
                          VISIBILITY_KM, travelling, slowest)
    return Outcome("travel", tuple(rolls), result, NO_ENCOUNTER_CHANCE, text, RULES["travel"])


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
        met_cs, met_en = f"setkání {written(rolled)}", f"encounters {written(rolled)}"
    else:
        encounters = 1
        met_cs = f"setkání 1 (do {LONG_JOURNEY_DAYS} dní se nehází)"
        met_en = f"1 encounter (no roll up to {LONG_JOURNEY_DAYS} days)"
    text = Text(
        f"Rychlé cestování, {plural_cs(days, 'den', 'dny', 'dní', counted=True)}, "
        f"{plural_cs(travelers, 'cestující', 'cestující', 'cestujících', counted=True)}: "
        f"zásoby potřeba "
        f"{needed}, zaplaceno {used}, zbývá {supplies - used}; souhrnné poškození {damage}; "
        f"{met_cs}.",
        f"Fast travel, {_english_count(days, 'day', 'days')}, "
        f"{_english_count(travelers, 'traveler', 'travelers')}: {needed} supplies needed, "
        f"{used} paid, {supplies - used} left; summary damage {damage}; {met_en}.",
    )
    result = FastTravelResult(needed, used, supplies - used, damage, encounters)
    return Outcome("fast-travel", tuple(rolls), result, None, text, RULES["fast-travel"])


# --- fast-travel-split --------------------------------------------------------------------------

PARTY_MIN, PARTY_MAX = 1, 100
NAME_MAX = 40
#: A member of the party still has at least 1 HP when the journey ends (at 0 they are dead).
HP_MIN, HP_MAX = 1, 100_000
DAMAGE_MAX = 100_000
#: The alternative to death: every point that would bring a character to 0 HP is 1 fatigue
#: instead, so they end the journey at 1 HP.
ALTERNATIVE_HP = 1

SPLIT_RULE = Text(
    "„Na konci cesty si hráči mohou rozdělit nashromážděné souhrnné poškození v libovolném "
    "poměru mezi sebou.“",
    "“At the end of the journey the players may share out the accumulated summary damage "
    "among themselves in any proportion.”")


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
        raise RuleError(both(
            "'party' musí být seznam {low} až {high} postav {{\"name\", \"hp\"}}.",
            "'party' must be a list of {low} to {high} characters {{\"name\", \"hp\"}}.",
            low=PARTY_MIN, high=PARTY_MAX), field="party")
    members: list[tuple[str, int]] = []
    for member in party:
        name = member.get("name") if isinstance(member, Mapping) else None
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
            raise RuleError(both(
                "Každá postava v 'party' potřebuje jméno ('name', 1 až {high} znaků).",
                "Every character in 'party' needs a name ('name', 1 to {high} characters).",
                high=NAME_MAX), field="party")
        if name in (known for known, _ in members):
            raise RuleError(both(
                "Jméno '{name}' je v 'party' dvakrát: jména musí být různá, aby šlo poškození "
                "rozdělit.",
                "The name '{name}' is in 'party' twice: names must differ so that the damage "
                "can be shared out.", name=name), field="party")
        members.append((name, check_int(member.get("hp"), HP_MIN, HP_MAX, "party")))
    return tuple(members)


def _allocation(allocation: Any, names: Sequence[str], damage: int) -> dict[str, int]:
    if not isinstance(allocation, Mapping):
        raise RuleError(quoting(
            "'allocation' musí být objekt {{\"jméno\": body}}: {q}",
            "'allocation' must be an object {{\"name\": points}}: {q}", SPLIT_RULE),
            field="allocation")
    for name, points in allocation.items():
        if name not in names:
            raise RuleError(quoting(
                "'{name}' necestuje ('party'): {q} Rozděl poškození jen mezi postavy z 'party'.",
                "'{name}' is not travelling ('party'): {q} Share the damage only among the "
                "characters of 'party'.", SPLIT_RULE, name=str(name)[:NAME_MAX]),
                field="allocation")
        check_int(points, 0, DAMAGE_MAX, "allocation")
    shared = sum(allocation.values())
    if shared != damage:
        raise RuleError(quoting(
            "Rozděleno {shared_cs}, ale souhrnné poškození je {damage}: {q} Rozdělit se musí "
            "všechno, nic navíc.",
            "{shared} points shared out, but the summary damage is {damage}: {q} All of it must "
            "be shared, and no more.", SPLIT_RULE,
            shared_cs=plural_cs(shared, "bod", "body", "bodů", counted=True), shared=shared,
            damage=damage),
            field="allocation")
    return {name: allocation.get(name, 0) for name in names}


@procedure(
    "fast-travel-split", result=FastTravelSplitResult, rule="fast-travel",
    samples=(
        {"party": [{"name": "Eva", "hp": 5}, {"name": "Ota", "hp": 3}],
         "damage": 4,
         "allocation": {"Eva": 3, "Ota": 1}},
    ))
def fast_travel_split(
    source: DiceSource,
    *,
    party: Sequence[Mapping[str, Any]],
    damage: int,
    allocation: Mapping[str, int] | None = None,
) -> Outcome:
    """[Rychlé cestování] "Rozdělení poškození": the players share out the summary damage.

    A character whose HP reach 0 was killed on the way; alternatively they take 1 fatigue for
    every point that would bring them to 0, and end at 1 HP. Nothing is rolled.
    """
    members = _party(party)
    check_int(damage, 0, DAMAGE_MAX, "damage")
    points = _allocation({} if allocation is None else allocation,
                         [name for name, _ in members], damage)
    shares = []
    parts_cs, parts_en = [], []
    for name, hp in members:
        taken = points[name]
        hp_left = max(0, hp - taken)
        dies = hp_left == 0
        alternative = Alternative(ALTERNATIVE_HP, taken - (hp - ALTERNATIVE_HP)) if dies else None
        shares.append(SplitShare(name, hp, taken, hp_left, dies, alternative))
        head = f"{name} {hp} − {taken} = {hp_left}"
        if alternative is None:
            parts_cs.append(head)
            parts_en.append(head)
        else:
            tired = plural_cs(alternative.fatigue, "bod", "body", "bodů", counted=True)
            parts_cs.append(f"{head} → zabit po cestě, nebo místo toho {ALTERNATIVE_HP} život "
                            f"a {tired} únavy")
            parts_en.append(f"{head} → killed on the way, or instead {ALTERNATIVE_HP} HP and "
                            f"{_english_count(alternative.fatigue, 'point', 'points')} of fatigue")
    dead = tuple(share.name for share in shares if share.dies)
    text = Text(
        f"Rozdělení souhrnného poškození {damage}: " + "; ".join(parts_cs) + ".",
        f"Summary damage {damage} shared out: " + "; ".join(parts_en) + ".",
    )
    result = FastTravelSplitResult(tuple(shares), dead, damage)
    return Outcome("fast-travel-split", (), result, None, text, RULES["fast-travel"])
