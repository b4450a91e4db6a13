"""Olgoj Chorchoj: the Engineering action and how a landing gains action tokens. No dice.

[Inženýrství] the three product scales of the pictured profession each move 1 back and the
player gains 5 tactical points; a scale that reaches 0 locks an action slot with its marker.
[Získání žetonu akce] a landing gives the face-up token on the spot, or the corner tokens of a
matching neighbour (both to one player who owns both paratroopers), never both options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rpg.core.catalog import Join, Message, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

#: [Inženýrství] "Přemění 3 produkční body za 5 taktických bodů."
SCALES = 3
SCALE_STEP = 1
TACTICAL_GAIN = 5
#: Scales and tactical points: counts, the spec's default bound.
AMOUNT_MAX = 100_000

KINDS = ("face-up", "corner")

#: What the calculators need of this module (``olgoj_chorchoj/action_tokens.js``).
CALCULATOR_DATA = {"step": SCALE_STEP, "gain": TACTICAL_GAIN}

MESSAGES = messages({
    # The rule sentences an input can break, quoted (Czech in the rule's words).
    "olgoj-chorchoj.quote.engineering": Text(
        "„Po oznámení zahrání této akce hráč posune o {step} pole zpět ukazatele na třech "
        "stupnicích produktů podle vyobrazené profese a připíše si místo toho {gain} taktických "
        "bodů.“",
        "“Having announced the action, the player moves the markers on the three product "
        "scales of the pictured profession {step} space back and adds {gain} tactical points "
        "instead.”"),
    "olgoj-chorchoj.quote.off-track": Text(
        "„Pokud se posunutím zpět dostane ukazatel mimo počítadlo (na nulu), je hráč povinen "
        "umístit ukazatel na jím vybraný slot pro žetony akcí a tím si tento slot vlastně "
        "zamkne.“",
        "“If moving back takes a marker off the track (to zero), the player must put the "
        "marker on an action-token slot of their choice, and so locks that slot.”"),
    "olgoj-chorchoj.quote.never-three": Text(
        "„Hráč tedy nemůže využít obou příležitostí pro získání tří žetonů najednou.“",
        "“So the player cannot use both opportunities to gain three tokens at once.”"),

    "olgoj-chorchoj/engineering.title": Text("Inženýrství", "Engineering"),
    "olgoj-chorchoj/engineering.text": Text(
        "Inženýrství: produkty {products}; taktické body {tactical} + {gain} = "
        "{total}{locks}.",
        "Engineering: products {products}; tactical points {tactical} + {gain} = "
        "{total}{locks}."),
    "olgoj-chorchoj/engineering.scale": Text("{before} → {after}", "{before} → {after}"),
    "olgoj-chorchoj/engineering.locks": Text(
        "; ukazatele mimo počítadlo: {n}, tolik slotů pro žetony akcí hráč zamkne – zamčené "
        "sloty nelze použít ani pro akce, ani pro uzdravování",
        "; markers off the track: {n}, the player locks that many action-token slots – locked "
        "slots serve neither actions nor healing"),
    "olgoj-chorchoj/engineering.scales": Text(
        "Zadej právě {scales} stupnice produktů (zadáno {n}): {quote}",
        "Give exactly {scales} product scales ({n} given): {quote}"),
    "olgoj-chorchoj/engineering.negative": Text(
        "Taktické body nemohou být záporné ({tactical}): {quote}",
        "Tactical points cannot be negative ({tactical}): {quote}"),
    "olgoj-chorchoj/engineering.off-track": Text(
        "Stupnice č. {index} je na {value}: ukazatel už není na počítadle a nelze ho posunout "
        "zpět. {quote}",
        "Scale {index} is at {value}: its marker is off the track and cannot move back. "
        "{quote}"),

    "olgoj-chorchoj/tokens.title": Text("Žetony akcí z výsadku", "Action tokens from a landing"),
    "olgoj-chorchoj/tokens.none": Text("Výsadek nedává žádný žeton akce.",
                                       "The landing gives no action token."),
    "olgoj-chorchoj/tokens.choose": Text(
        "Na výběr: {face_up}, nebo {corner} – ne obojí: {quote}",
        "A choice: {face_up} or {corner} – not both: {quote}"),
    "olgoj-chorchoj/tokens.only": Text("Hráč získá {option}.", "The player gains {option}."),
    "olgoj-chorchoj/tokens.face-up": Text("odkrytý žeton z místa výsadku ({tokens})",
                                          "the face-up token on the spot ({tokens})"),
    "olgoj-chorchoj/tokens.corner-both": Text("oba žetony z rohu ({tokens})",
                                              "both corner tokens ({tokens})"),
    "olgoj-chorchoj/tokens.corner": Text(
        "žeton z rohu ({tokens}, druhý hráč také {other})",
        "a corner token ({tokens}, the other player {other} too)"),
})


def engineering_rule() -> Message:
    """[Inženýrství] the rule's sentence, with its numbers."""
    return msg("olgoj-chorchoj.quote.engineering", step=SCALE_STEP, gain=TACTICAL_GAIN)


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
           rolls=False,
           samples=({"products": [3, 1, 2], "tactical": 4},))
def engineering(source: DiceSource, *, products: Sequence[int], tactical: int = 0) -> Outcome:
    """[Inženýrství] each of the three product scales 1 back, +5 tactical points; every scale
    that reaches 0 leaves the track and its marker must lock an action slot.

    ``scales_at_zero`` numbers those scales from 1, in the order given.
    """
    if len(products) != SCALES:
        raise RuleError(msg("olgoj-chorchoj/engineering.scales", scales=SCALES,
                            n=len(products), quote=engineering_rule()), field="products")
    if tactical < 0:
        raise RuleError(msg("olgoj-chorchoj/engineering.negative", tactical=tactical,
                            quote=engineering_rule()), field="tactical")
    for index, scale in enumerate(products, start=1):
        if scale < SCALE_STEP:
            raise RuleError(msg("olgoj-chorchoj/engineering.off-track", index=index,
                                value=scale, quote=msg("olgoj-chorchoj.quote.off-track")),
                            field="products")
    after = tuple(scale - SCALE_STEP for scale in products)
    at_zero = tuple(index for index, scale in enumerate(after, start=1) if scale == 0)
    gained = tactical + TACTICAL_GAIN
    shown = Join(tuple(msg("olgoj-chorchoj/engineering.scale", before=before, after=now)
                       for before, now in zip(products, after, strict=True)))
    text = msg("olgoj-chorchoj/engineering.text", products=shown, tactical=tactical,
               gain=TACTICAL_GAIN, total=gained,
               locks=msg("olgoj-chorchoj/engineering.locks", n=len(at_zero)) if at_zero else "")
    result = EngineeringResult(after, gained, len(at_zero), at_zero)
    return Outcome("olgoj-chorchoj/engineering", (), result, None, text,
                   RULES["olgoj-engineering"])


# --- tokens --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TokenOption:
    """One way to take action tokens: how many this player gets and how many the other."""

    kind: str = field(metadata={
        "description": "The face-up token on the spot, or the corner tokens.",
        "enum": "rpg.olgoj_chorchoj.action_tokens.KINDS"})
    tokens: int = field(metadata={"description": "For this player."})
    other_player_tokens: int = field(
        metadata={"description": "For the owner of the neighbouring paratrooper."})


@dataclass(frozen=True, slots=True)
class TokensResult:
    """``result`` of ``olgoj-chorchoj/tokens``: the options, of which the player takes one."""

    options: tuple[TokenOption, ...] = field(
        metadata={"description": "The player takes one option, never both."})
    must_choose: bool = field(
        metadata={"description": "Both options are open: the player picks one."})
    most_tokens: int = field(
        metadata={"description": "The most tokens this player can gain (never 3)."})


def _option(option: TokenOption) -> Message:
    """How an option is worded: the face-up token, both corner tokens, or one each."""
    if option.kind == "face-up":
        return msg("olgoj-chorchoj/tokens.face-up", tokens=option.tokens)
    if option.other_player_tokens:
        return msg("olgoj-chorchoj/tokens.corner", tokens=option.tokens,
                   other=option.other_player_tokens)
    return msg("olgoj-chorchoj/tokens.corner-both", tokens=option.tokens)


@procedure("olgoj-chorchoj/tokens", rolls=False, result=TokensResult, rule="olgoj-tokens",
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
    if not options:
        text = msg("olgoj-chorchoj/tokens.none")
    elif choose:
        text = msg("olgoj-chorchoj/tokens.choose", face_up=_option(options[0]),
                   corner=_option(options[1]), quote=msg("olgoj-chorchoj.quote.never-three"))
    else:
        text = msg("olgoj-chorchoj/tokens.only", option=_option(options[0]))
    return Outcome("olgoj-chorchoj/tokens", (), TokensResult(tuple(options), choose, most),
                   None, text, RULES["olgoj-tokens"])
