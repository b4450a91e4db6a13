"""Calculators of the three board and war games: Země psychopatů, Dobývání soustav, Olgoj Chorchoj
(merged into ``calculators.py``'s tables by its ``_load_extensions``).

The games' constants and the rule sentences their messages quote are exported from the engine
(``rpg.psychopaths_land.game``, ``rpg.conquest.game``, ``rpg.olgoj_chorchoj.action_tokens``)
into the calculators' rule data; only the Czech wording is exported, which is the calculators'
language.
"""

from __future__ import annotations

from typing import Any

#: API path → (rule key, JS module, Czech title, Czech meaning of the chance or None).
CALCULATORS: dict[str, tuple[str, str, str, str | None]] = {
    "psychopaths-land/action-points": (
        "psychopaths-action-points", "psychopaths_land", "Akční body", None),
    "psychopaths-land/turn-check": ("psychopaths-round", "psychopaths_land", "Co lze v kole", None),
    "psychopaths-land/combat": (
        "psychopaths-combat", "psychopaths_land", "Boj", "Šance, že vyhraje útočník"),
    "conquest/units": ("conquest-units", "conquest", "Přehled jednotek", None),
    "conquest/attack": ("conquest-attack", "conquest", "Bitevní list: útok", None),
    "conquest/regen": ("conquest-regen", "conquest", "Regenerace", None),
    "conquest/income": ("conquest-income", "conquest", "Příjem kreditů", None),
    "conquest/coins": ("conquest-credits", "conquest", "Mince", None),
    "conquest/buy": ("conquest-buy", "conquest", "Nákup jednotek", None),
    "conquest/teleport": ("conquest-special", "conquest", "Teleport Displaceru", None),
    "conquest/winner": ("conquest-end", "conquest", "Vítěz hry", None),
    # After the winner here, so it lands first under the anchor: a sector, then the game.
    "conquest/score": ("conquest-end", "conquest", "Pořadí v sektoru", None),
    "conquest/capture": ("conquest-capture", "conquest", "Obsazení checkpointů", None),
    "olgoj-chorchoj/engineering": ("olgoj-engineering", "olgoj_chorchoj", "Inženýrství", None),
    "olgoj-chorchoj/tokens": ("olgoj-tokens", "olgoj_chorchoj", "Žetony akcí z výsadku", None),
}

LABELS: dict[str, str] = {
    "keep": "Ponechaná kostka",
    "attacker_madness": "Šílenost útočníka",
    "defender_madness": "Šílenost obránce (psychopata)",
    "attacker_cards": "Karty na útočníka (součet)",
    "defender_cards": "Karty na obránce (součet)",
    "active_player": "Aktivní hráč (odvetný souboj)",
    "revenge_used": "Odvetný souboj už v této fázi proběhl",
    "psychopath_in_inventory": "Psychopat v inventáři",
    "action_points": "Zbývající akční body",
    "visited": "Už navštívená pole (čárkami, i výchozí)",
    "target_field": "Pole, kam se chce pohnout",
    "other_player_on_field": "Na poli stojí jiný hráč",
    "unfought_psychopath": "Psychopat, se kterým ještě nebojoval",
    "attacker": "Útočník",
    "distance": "Vzdálenost (hexy)",
    "target_damage": "Poškození už na cíli",
    "unit": "Jednotka",
    "damage": "Poškození (damage countery)",
    "mechanics_in_range": "Mechanicy v dosahu",
    "checkpoints": "Checkpointy",
    "extractors": "Extractory",
    "credits": "Kredity",
    "units": "Jednotky (JSON, např. {\"Scout\": 2})",
    "sectors": "Sektory (JSON: seznam sektorů, v každém frakce)",
    "factions": "Frakce v sektoru (JSON: jméno, checkpointy, jednotky)",
    "faction": "Frakce na tahu",
    "ships": "Lodě na checkpointech (JSON; holder null = neobsazený)",
    "holdings": "Co soupeři drželi v soustavách (JSON)",
    "other_sector": "Do jiného sektoru",
    "target_sector_checkpoints": "Checkpointy v cílovém sektoru",
    "products": "Tři stupnice produktů (čárkami)",
    "tactical": "Taktické body",
    "face_up_token": "Odkrytý žeton na místě výsadku",
    "corner_match": "Soused se shodnou kombinací v rohu",
    "same_owner": "Oba výsadkáři patří tomuto hráči",
}

#: Labels of fields another procedure names too.
PATH_LABELS: dict[str, dict[str, str]] = {
    "conquest/attack": {"target": "Cíl"},
    "conquest/teleport": {"turn": "Tah, ve kterém se teleportuje"},
}

#: Examples in the JSON fields.
PLACEHOLDERS: dict[str, str] = {
    "units": '{"Scout": 2, "Frigate": 1}',
    "sectors": '[[{"name": "Rudí", "checkpoints": 2, "units": {"Scout": 1}}, {"name": "Modří"}]]',
    "factions": '[{"name": "Rudí", "checkpoints": 2, "units": {"Scout": 1}}, {"name": "Modří"}]',
    "ships": '[{"unit": "Scout", "system": "Alfa", "holder": "Modří"}]',
    "holdings": '[{"faction": "Modří", "system": "Alfa", "checkpoints": 1, "extractors": 2}]',
}


def _battle_sheet() -> dict[str, dict[str, tuple[list[str], str]]]:
    from rpg.conquest.game import UNIT_NAMES

    names = list(UNIT_NAMES)
    return {"conquest/attack": {"attacker": (names, names[0]), "target": (names, names[1])}}


#: The battle sheet picks attacker and target from the unit table.
CHOICES = _battle_sheet()

VALUE_LABELS: dict[str, str] = {
    "higher": "vyšší", "lower": "nižší",
    "players": "mezi hráči", "psychopath": "s psychopatem",
    "psychopath-holder": "útok na držitele psychopata", "revenge": "odvetný souboj",
    "attacker": "útočník", "defender": "obránce",
}


def rules_data() -> dict[str, Any]:
    """The games' constants and quoted rule sentences, from the engine (Czech only)."""
    from rpg.conquest import game as conquest
    from rpg.olgoj_chorchoj import action_tokens as olgoj_chorchoj
    from rpg.psychopaths_land import game as pl

    return {
        "psychopaths": {
            "die": pl.DIE, "move_cost": pl.MOVE_COST, "duellist_cards": pl.DUELLIST_CARDS,
            "bystander_cards": pl.BYSTANDER_CARDS, "revenge_bonus": pl.REVENGE_BONUS,
            "modes": {mode: cs for mode, (cs, _) in pl._MODE_NAMES.items()},
            "effects": {effect: cs for effect, (cs, _) in pl._EFFECT_TEXT.items()},
            # The two card-limit notes: against a psychopath, and between players.
            "notes": [pl._card_limits(mode, 0, 0).note.cs for mode in ("psychopath", "players")],
            "quotes": [quote.cs for quote in (
                pl.ONE_REVENGE_PER_PHASE, pl.ACTIVE_PLAYER_ONLY_IN_REVENGE, pl.NO_EXPLORATION,
                pl.NO_MOVEMENT, pl.NO_FIELD_TWICE, pl.PAYS_ONE_POINT, pl.UNFOUGHT_PSYCHOPATH)],
        },
        "conquest": {
            "units": [[unit.name, unit.hp, unit.attack, unit.defense, unit.range_min,
                       unit.range_max, unit.movement, unit.regen, unit.cost]
                      for unit in conquest.UNITS],
            "checkpoint_income": conquest.CHECKPOINT_INCOME,
            "extractor_income": conquest.EXTRACTOR_INCOME, "regen_cap": conquest.REGEN_CAP,
            "coins": list(conquest.COINS), "starting_credits": conquest.STARTING_CREDITS,
            "flip_after": conquest.TELEPORT_FLIP_AFTER,
            "removed_after": conquest.TELEPORT_REMOVED_AFTER, "turn_min": conquest.TURN_MIN,
            "quotes": {key: quote.cs for key, quote in conquest.QUOTES.items()},
        },
        "olgoj": {
            "scales": olgoj_chorchoj.SCALES, "step": olgoj_chorchoj.SCALE_STEP,
            "gain": olgoj_chorchoj.TACTICAL_GAIN,
            "quotes": {key: quote.cs for key, quote in olgoj_chorchoj.QUOTES.items()},
        },
    }
