"""Movement and other combat situations [Pohyb, Ostatní bojové situace]: ``movement``,
``thrown-range``, ``shield-block``, ``mishap``."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import situations


class MovementInput(Schema):
    """Inputs of ``movement``."""

    movement = f.bounded_number(0, situations.MAX_MOVEMENT_M, required=True,
                                label="Hybnost (m za kolo)",
                                metadata={"description": "Hybnost: metres per round."})
    mode = f.choice(tuple(situations.MOVEMENT_RULES), words={
        "walk": "chůze", "climb": "šplhání", "swim": "plavání", "difficult": "obtížný terén",
        "sprint": "sprint", "stand-up": "vstávání ze země", "blind": "naslepo",
        "disengage": "útěk", "strategic": "strategický pohyb",
    }, label="Způsob pohybu", load_default="walk", metadata={
        "description": "walk (Pohyb), climb (½, Šplhání), swim (½, Plavání), difficult terrain "
                       "(½, Pohyb), sprint (2×, no action, Sprint), stand-up (0 m, prone this "
                       "round, Shození na zem), blind (1 m directed, Slepota), disengage (full "
                       "movement away, no action: Útěk, Vázání v boji na blízko), strategic "
                       "(full movement along the opponents' perimeter, never away from them, "
                       "action free: Strategický pohyb, Vázání v boji na blízko)."})
    already_moved_m = f.bounded_number(
        0, situations.MAX_MOVEMENT_M, load_default=0,
        label="Už uražená vzdálenost v tomto kole (m)", metadata={
            "description": "Metres moved earlier this round (e.g. before a readied action: "
                           "Připravená akce caps the round's total)."})


register(
    blp, "movement", input_schema=MovementInput,
    summary="Movement this round (Pohyb)",
    description="Metres covered this round by mode, whether the action is still free, and "
                "`metres_left` after `already_moved_m` (never below 0). Each mode cites its "
                "own rule.",
)


class ThrownRangeInput(Schema):
    """Inputs of ``thrown-range``."""

    strength = f.bounded_int(situations.SCORE_MIN, situations.SCORE_MAX, required=True,
                             label="Síla (hodnota, ne modifikátor)", metadata={
                                 "description": "The Síla score (not its modifier)."})


register(
    blp, "thrown-range", input_schema=ThrownRangeInput,
    summary="Thrown weapon range (Hození zbraně)",
    description="Effective range = Síla, ineffective range = 2 × Síla (zone Poblíž); the "
                "strength modifier is added to damage.",
)


class ShieldBlockInput(Schema):
    """Inputs of ``shield-block``."""

    shield_ac = f.bounded_int(0, situations.SCORE_MAX, required=True, label="OČ štítu",
                              metadata={"description": "The shield's current AC (OČ) bonus."})
    dice_blocked = f.bounded_int(1, situations.SCORE_MAX, required=True,
                                 label="Kolik kostek poškození zablokovat", metadata={
                                     "description": "Damage dice to remove, one shield AC "
                                                    "point each."})
    trained = f.flag(load_default=True, label="Postava je trénovaná se štítem")
    surprised = f.flag(label="Postava je překvapená")
    used_this_round = f.flag(label="Blok už v tomto kole proběhl")
    damage_dice = f.bounded_int(1, situations.DAMAGE_DICE_MAX,
                                label="Kostek poškození útoku (nepovinné)", metadata={
                                    "description": "Optional: how many damage dice the "
                                                   "incoming attack has."})


register(
    blp, "shield-block", input_schema=ShieldBlockInput,
    summary="Reflexive shield block (Reflexivní blokování štítem)",
    description="An instant action: once a round, not when surprised, only when trained; each "
                "point of shield AC removes one damage die; at 0 the shield is destroyed.",
)


class MishapInput(Schema):
    """Inputs of ``mishap``."""

    kind = f.choice(tuple(situations.MISHAPS), words={
        "ranged-engaged": "útok na dálku ve vázání", "item-engaged": "předmět ve vázání",
        "spell-engaged": "kouzlo ve vázání", "held-spell-hit": "zásah při držení kouzla",
        "spell-unstable": "kouzlo na nestabilním povrchu",
    }, required=True, label="Situace", metadata={
        "description": "ranged-engaged, item-engaged, spell-engaged (Vázání v boji na blízko), "
                       "held-spell-hit (Držení kouzla), spell-unstable (Nestabilní povrchy)."})


register(
    blp, "mishap", input_schema=MishapInput,
    summary="A 50 % mishap (Vázání v boji, Držení kouzla, Nestabilní povrchy)",
    description="d100: 1–50 the mishap happens. Chance: 0.5.",
)
