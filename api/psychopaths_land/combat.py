"""Země psychopatů, [Boj]: combat in its four modes."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.procedures import register
from api.psychopaths_land import blp
from rpg.psychopaths_land import combat as pl


class PsychopathsCombatInput(Schema):
    """Inputs of ``psychopaths-land/combat``."""

    mode = f.choice(pl.MODES, words={
        "players": "mezi dvěma hráči", "psychopath": "mezi hráčem a psychopatem",
        "psychopath-holder": "útok na hráče s psychopatem v inventáři",
        "revenge": "odvetný souboj"},
        load_default="players", label="Druh boje", metadata={
            "description": "players; psychopath (the defender is the psychopath); "
                           "psychopath-holder (the defender holds a psychopath); revenge."})
    attacker_madness = f.bounded_int(pl.MADNESS_MIN, pl.MADNESS_MAX, load_default=0,
                                     label="Šílenost útočníka", metadata={
        "description": "The attacker's madness (šílenost)."})
    defender_madness = f.bounded_int(pl.MADNESS_MIN, pl.MADNESS_MAX, load_default=0,
                                     label="Šílenost obránce (psychopata)", metadata={
        "description": "The defender's madness; in psychopath mode the psychopath's."})
    attacker_cards = f.bounded_int(pl.CARDS_MIN, pl.CARDS_MAX, load_default=0,
                                   label="Karty na výsledek útočníka (součet)", metadata={
        "description": "Net effect of all cards played so far on the attacker's total."})
    defender_cards = f.bounded_int(pl.CARDS_MIN, pl.CARDS_MAX, load_default=0,
                                   label="Karty na výsledek obránce (součet)", metadata={
        "description": "Net effect of all cards played so far on the defender's total."})
    active_player = f.choice(pl.SIDES, words=f.words("psychopaths-land/combat.side", pl.SIDES),
                             load_default="attacker", label="Aktivní hráč (odvetný souboj)",
                             metadata={
        "description": "Revenge mode only: which duellist is the active player (if the active "
                       "player loses, the winner gains 2 more fame)."})
    revenge_used = f.flag(label="Odvetný souboj už v této fázi proběhl", metadata={
        "description": "A revenge duel was already called in this phase (before this combat)."})


register(
    blp, "psychopaths-land/combat", input_schema=PsychopathsCombatInput,
    summary="Combat (Boj)",
    description="d6 + madness + cards for the attacker, then the defender; the higher total "
                "wins and the difference is the fame moved, as each mode rules. Reports the "
                "card limits of one step. Chance: P(the attacker wins) with these inputs.",
)
