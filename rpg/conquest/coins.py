"""Dobývání soustav, [Kredity]: an amount paid in the fewest coins."""

from __future__ import annotations

from dataclasses import dataclass, field

from rpg.conquest.game import COINS, SMALLEST_COIN, at_least, outcome, quote, written_credits
from rpg.core.catalog import messages, msg
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

MESSAGES = messages({
    "conquest/coins.title": Text("Mince", "Coins"),
    "conquest/coins.text": Text(
        "{credits} = {gold}× zlatá, {silver}× stříbrná, {teal}× modrozelená ({count} "
        "{count:mince|mince|mincí}).",
        "{credits} = {gold}× gold, {silver}× silver, {teal}× teal ({count} "
        "{count:coin|coins})."),
    "conquest/coins.not-payable": Text(
        "{credits} kr. nejde složit z mincí, nejmenší je za {smallest} kr.: {quote} Zadej "
        "násobek {smallest}.",
        "{credits} cr cannot be made of coins, the smallest is {smallest} cr: {quote} Give a "
        "multiple of {smallest}."),
})


@dataclass(frozen=True, slots=True)
class CoinsResult:
    """``result`` of ``conquest/coins``: the fewest coins, by value (``"1000"``, ``"200"``,
    ``"50"``), and how many in all."""

    coins: dict[str, int] = field(
        metadata={"description": "The fewest coins: gold 1000, silver 200, teal 50."})
    count: int = field(metadata={"description": "How many coins in all."})


def payable(amount: int, field: str) -> None:
    """Refuse an amount that coins cannot pay: below 0, or no multiple of the smallest coin."""
    at_least(amount, 0, field, "coins")
    if amount % SMALLEST_COIN:
        raise RuleError(msg("conquest/coins.not-payable", credits=amount,
                            smallest=SMALLEST_COIN, quote=quote("coins")), field=field)


def coin_split(amount: int) -> dict[str, int]:
    """The fewest coins for ``amount``: largest first (each coin divides the next larger)."""
    payable(amount, "credits")
    split: dict[str, int] = {}
    left = amount
    for coin in COINS:
        split[str(coin)], left = divmod(left, coin)
    return split


@procedure("conquest/coins", rolls=False, result=CoinsResult, rule="conquest-credits",
           samples=({"credits": 1450},))
def coins(source: DiceSource, *, credits: int) -> Outcome:
    """[Kredity] the fewest coins: gold 1 000, silver 200, teal 50."""
    split = coin_split(credits)
    gold, silver, teal = split["1000"], split["200"], split["50"]
    text = msg("conquest/coins.text", credits=written_credits(credits), gold=gold, silver=silver,
               teal=teal, count=gold + silver + teal)
    return outcome("coins", CoinsResult(split, gold + silver + teal), text, "conquest-credits")
