"""Olgoj Chorchoj: the Engineering action and how a landing gains action tokens. No dice.

[Inženýrství] the three product scales of the pictured profession each move 1 back and the
player gains 5 tactical points; a scale that reaches 0 locks an action slot with its marker.
[Získání žetonu akce] a landing gives the face-up token on the spot, or the corner tokens of a
matching neighbour (both to one player who owns both paratroopers), never both options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, quoting

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "olgoj-chorchoj/engineering.title": Text("Inženýrství", "Engineering"),
    "olgoj-chorchoj/tokens.title": Text("Žetony akcí z výsadku", "Action tokens from a landing"),
})

#: [Inženýrství] "Přemění 3 produkční body za 5 taktických bodů."
SCALES = 3
SCALE_STEP = 1
TACTICAL_GAIN = 5
#: Scales and tactical points: counts, the spec's default bound.
AMOUNT_MAX = 100_000

KINDS = ("face-up", "corner")

#: The rule sentences an input can break, quoted in the errors (Czech in the rule's words).
QUOTES: dict[str, Text] = {
    "engineering": Text(
        "„Po oznámení zahrání této akce hráč posune o 1 pole zpět ukazatele na třech stupnicích "
        "produktů podle vyobrazené profese a připíše si místo toho 5 taktických bodů.“",
        "“Having announced the action, the player moves the markers on the three product "
        "scales of the pictured profession 1 space back and adds 5 tactical points instead.”"),
    "off-track": Text(
        "„Pokud se posunutím zpět dostane ukazatel mimo počítadlo (na nulu), je hráč povinen "
        "umístit ukazatel na jím vybraný slot pro žetony akcí a tím si tento slot vlastně "
        "zamkne.“",
        "“If moving back takes a marker off the track (to zero), the player must put the "
        "marker on an action-token slot of their choice, and so locks that slot.”"),
    "never-three": Text(
        "„Hráč tedy nemůže využít obou příležitostí pro získání tří žetonů najednou.“",
        "“So the player cannot use both opportunities to gain three tokens at once.”"),
}


# --- engineering ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EngineeringResult:
    """``result`` of ``olgoj-chorchoj/engineering``."""

    products: tuple[int, ...] = field(metadata={"description": "The three scales, each 1 back."})
    tactical: int = field(metadata={"description": "Tactical points + 5."})
    must_lock_slots: int = field(
        metadata={
            "description": (
                "Markers that left the track (scales now at 0): each locks an action-token slot of"
                " the player's choice."),
        })
    scales_at_zero: tuple[int, ...] = field(
        metadata={"description": "Which scales reached 0, numbered from 1 in the order given."})


@procedure("olgoj-chorchoj/engineering", result=EngineeringResult, rule="olgoj-engineering",
           samples=({"products": [3, 1, 2], "tactical": 4},))
def engineering(source: DiceSource, *, products: Sequence[int], tactical: int = 0) -> Outcome:
    """[Inženýrství] each of the three product scales 1 back, +5 tactical points; every scale
    that reaches 0 leaves the track and its marker must lock an action slot.

    ``scales_at_zero`` numbers those scales from 1, in the order given.
    """
    if len(products) != SCALES:
        raise RuleError(quoting(
            "Zadej právě 3 stupnice produktů (zadáno {n}): {q}",
            "Give exactly 3 product scales ({n} given): {q}", QUOTES["engineering"],
            n=len(products)),
            field="products")
    if tactical < 0:
        raise RuleError(quoting(
            "Taktické body nemohou být záporné ({t}): {q}",
            "Tactical points cannot be negative ({t}): {q}", QUOTES["engineering"], t=tactical),
            field="tactical")
    for index, scale in enumerate(products, start=1):
        if scale < SCALE_STEP:
            raise RuleError(quoting(
                "Stupnice č. {i} je na {v}: ukazatel už není na počítadle a nelze ho posunout "
                "zpět. {q}",
                "Scale {i} is at {v}: its marker is off the track and cannot move back. {q}",
                QUOTES["off-track"], i=index, v=scale), field="products")
    after = tuple(scale - SCALE_STEP for scale in products)
    at_zero = tuple(index for index, scale in enumerate(after, start=1) if scale == 0)
    gained = tactical + TACTICAL_GAIN
    shown = ", ".join(f"{a} → {b}" for a, b in zip(products, after, strict=True))
    if at_zero:
        lock_cs = (f"; ukazatele mimo počítadlo: {len(at_zero)}, tolik slotů pro žetony akcí "
                   "hráč zamkne – zamčené sloty nelze použít ani pro akce, ani pro uzdravování")
        lock_en = (f"; markers off the track: {len(at_zero)}, the player locks that many "
                   "action-token slots – locked slots serve neither actions nor healing")
    else:
        lock_cs = lock_en = ""
    text = Text(
        f"Inženýrství: produkty {shown}; taktické body {tactical} + 5 = {gained}{lock_cs}.",
        f"Engineering: products {shown}; tactical points {tactical} + 5 = {gained}{lock_en}.")
    result = EngineeringResult(after, gained, len(at_zero), at_zero)
    return Outcome("olgoj-chorchoj/engineering", (), result, None, text,
                   RULES["olgoj-engineering"])


# --- tokens --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TokenOption:
    """One way to take action tokens: how many this player gets and how many the other."""

    kind: str = field(metadata={"enum": "rpg.olgoj_chorchoj.action_tokens.KINDS"})
    tokens: int = field(metadata={"description": "For this player."})
    other_player_tokens: int


@dataclass(frozen=True, slots=True)
class TokensResult:
    """``result`` of ``olgoj-chorchoj/tokens``: the options, of which the player takes one."""

    options: tuple[TokenOption, ...] = field(
        metadata={"description": "The player takes one option, never both."})
    must_choose: bool = field(
        metadata={"description": "Both options are open: the player picks one."})
    most_tokens: int = field(
        metadata={"description": "The most tokens this player can gain (never 3)."})


@procedure("olgoj-chorchoj/tokens", result=TokensResult, rule="olgoj-tokens",
           samples=({"face_up_token": True, "corner_match": True},))
def tokens(
    source: DiceSource,
    *,
    face_up_token: bool = False,
    corner_match: bool = False,
    same_owner: bool = False,
) -> Outcome:
    """[Získání žetonu akce] the options a landing gives: the face-up token lying on the spot
    (1), or the corner tokens of a matching adjacent paratrooper (1 each player; both to this
    player when they own both paratroopers). Never both: never three tokens at once."""
    options: list[TokenOption] = []
    if face_up_token:
        options.append(TokenOption("face-up", 1, 0))
    if corner_match:
        options.append(TokenOption("corner", 2, 0) if same_owner else TokenOption("corner", 1, 1))
    most = max((option.tokens for option in options), default=0)
    choose = len(options) > 1
    words = {
        "face-up": ("odkrytý žeton z místa výsadku (1)", "the face-up token on the spot (1)"),
        "corner": (("oba žetony z rohu (2)", "both corner tokens (2)") if same_owner else
                   ("žeton z rohu (1, druhý hráč také 1)",
                    "a corner token (1, the other player 1 too)")),
    }
    if not options:
        text = Text("Výsadek nedává žádný žeton akce.", "The landing gives no action token.")
    elif choose:
        text = Text(
            f"Na výběr: {words['face-up'][0]}, nebo {words['corner'][0]} – ne obojí: "
            f"{QUOTES['never-three'].cs}",
            f"A choice: {words['face-up'][1]} or {words['corner'][1]} – not both: "
            f"{QUOTES['never-three'].en}")
    else:
        only = options[0].kind
        text = Text(f"Hráč získá {words[only][0]}.", f"The player gains {words[only][1]}.")
    return Outcome("olgoj-chorchoj/tokens", (), TokensResult(tuple(options), choose, most),
                   None, text, RULES["olgoj-tokens"])
