"""Fatigue, death and healing [Únava, Mírnější systém smrti, Přirozené léčení]."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import health as h

#: The reasons for fatigue in the rules' words ([Důvody k získání únavy], [Cestování dnem i
#: nocí], [Odpočinek]).
REASON_WORDS = {
    "no-sleep": "bez spánku", "no-food-or-water": "bez jídla či vody", "illness": "nemoc",
    "serious-injury": "vážné zranění", "survived-death": "přežití smrti",
    "ritual": "magický rituál", "forced-march": "cesta dnem i nocí",
    "no-rest-24h": "24 h bez odpočinku",
}


class FatigueInput(Schema):
    """Inputs of ``fatigue``."""

    level = f.bounded_int(h.FATIGUE_MIN, h.FATIGUE_MAX, required=True, label="Únava dosud",
                          metadata={"description": "Fatigue (Únava) before these events."})
    reasons = f.csv_list(f.choice(h.FATIGUE_REASONS, words=REASON_WORDS), 0, h.REASONS_MAX,
                         load_default=list, label="Nové důvody únavy (každý +1)", metadata={
                             "description": "Events adding 1 fatigue each; one may repeat.",
                             "x-repeat": True})
    hungry_days = f.bounded_int(0, h.HUNGRY_DAYS_MAX, load_default=0,
                                label="Dní bez jídla či pití po prvním dni", metadata={
                                    "description": "[Hlad a žízeň] each day beyond the first "
                                                   "without food or water adds `hunger_points`.",
                                    "x-group": "Hlad a žízeň"})
    hunger_points = f.bounded_int(h.HUNGER_POINTS_MIN, h.HUNGER_POINTS_MAX,
                                  load_default=h.HUNGER_POINTS_MIN,
                                  label="Bodů únavy za každý takový den (1, nebo 2)", metadata={
                                      "description": "\"bod (nebo dva)\": 1 or 2 for each "
                                                     "hungry day, as the GM rules.",
                                      "x-group": "Hlad a žízeň"})
    in_civilization = f.flag(label="Odpočívá v civilizaci", metadata={
        "description": "Resting in civilization: no one dies of fatigue."})
    save_target = f.bounded_int(
        h.SAVE_TARGET_MIN, h.SAVE_TARGET_MAX,
        label="Záchranný hod proti smrti (číslo z deníku; prázdné = neházet)", metadata={
            "description": "The character's save vs death; when given and the save is due "
                           "(level ≥ 7), it is rolled."})
    modifier = f.modifier(label="Modifikátor záchranného hodu (Výdrž)", metadata={
        "description": "Modifier of the save vs death."})


register(
    blp, "fatigue", input_schema=FatigueInput,
    summary="Fatigue (Únava)",
    description="New level = level + one for each reason + `hunger_points` for each hungry "
                "day. The penalty equals it. At 7 or more, outside civilization, a save vs death: "
                "d20 + modifier − level ≥ save_target (natural 1 fails, 20 succeeds); without "
                "`save_target`, `result.next` is the saving throw against death, missing its "
                "`target`. Chance: P(the save succeeds) when rolled, else null.",
)


class DeathSaveInput(Schema):
    """Inputs of ``death-save``."""

    hours_since_death = f.bounded_number(0, h.AMOUNT_MAX, load_default=0,
                                         label="Hodin od smrti do nalezení těla", metadata={
        "description": "Hours until the body was checked or healed; more than 24: no rescue."})
    body_destroyed = f.flag(label="Tělo je zničené")
    poisoned = f.flag(label="Zemřela na jed")
    died_before = f.flag(label="Už jednou zemřela", metadata={
        "description": "The character has died before (a repeated death)."})
    healed_to_max_since = f.flag(label="Od té doby vyléčena na maximum životů", metadata={
        "description": "Healed to full HP since that earlier death; only with died_before."})
    healed = f.bounded_int(0, h.AMOUNT_MAX, load_default=0, label="Vyléčeno životů při nalezení",
                           metadata={"description": "HP healed when the body is found: a "
                                                    "survivor wakes at once with them."})
    give_up_skill_points = f.flag(label="„Ale já chci žít“ (za 5 dovednostních bodů)", metadata={
        "description": "\"Ale já chci žít\": the GM lets a dying character live for 5 random "
                       "skill points (not a destroyed body, not poison)."})


register(
    blp, "death-save", input_schema=DeathSaveInput,
    summary="Heroic death save (Mírnější systém smrti)",
    description="No rescue after more than 24 h, for a destroyed body, by poison, or on a "
                "repeated death without a full heal since. Otherwise a d6, 1–3 survives with "
                "1 HP and 1d4 shifts unconscious (rolled after it) unless healed. Chance: "
                "P(alive).",
)


class HealingInput(Schema):
    """Inputs of ``healing``."""

    hp = f.bounded_int(-h.AMOUNT_MAX, h.AMOUNT_MAX, required=True, label="Životy teď", metadata={
        "description": "Current HP; at most max_hp. 0 or less is dead ([Smrt]): a 422 quoting "
                       "the rule (the optional death save is `death-save`)."})
    max_hp = f.bounded_int(h.MAX_HP_MIN, h.AMOUNT_MAX, required=True, label="Maximum životů")
    nights = f.bounded_int(0, h.AMOUNT_MAX, load_default=0, label="Nocí odpočinku", metadata={
        "description": "Undisturbed nights of rest: 2 HP each."})
    safe = f.flag(load_default=True, label="Noci v bezpečí (ne v divočině ani v kobce)", metadata={
        "description": "False for nights in wild danger or a dungeon: they heal nothing."})
    magic = f.bounded_int(0, h.AMOUNT_MAX, load_default=0,
                          label="Magické léčení (životy z lektvarů a kouzel)", metadata={
                              "description": "HP from potions or spells, added too."})
    subdued = f.flag(label="V bezvědomí po přemožení (ne po smrti)", metadata={
        "description": "Subdued at 0 HP or less ([Přemožení]): unconscious, not dead; healed "
                       "from 0."})


register(
    blp, "healing", input_schema=HealingInput,
    summary="Natural and magic healing (Přirozené léčení)",
    description="hp + 2 × nights (when safe) + magic, capped at max_hp. No dice; chance null.",
)
