"""Dobývání soustav, [Příjem kreditů]: a turn's income in credits."""

from __future__ import annotations

from dataclasses import dataclass, field

from rpg.conquest.game import (
    CHECKPOINT_INCOME,
    EXTRACTOR_INCOME,
    at_least,
    outcome,
    written_credits,
)
from rpg.core.catalog import messages, msg
from rpg.core.dice import DiceSource
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

MESSAGES = messages({
    "conquest/income.title": Text("Příjem kreditů", "Credit income"),
    "conquest/income.text": Text(
        "Příjem: {checkpoints} × {checkpoint_income} + {extractors} × {extractor_income} = "
        "{credits}",
        "Income: {checkpoints} × {checkpoint_income} + {extractors} × {extractor_income} = "
        "{credits}."),
})


@dataclass(frozen=True, slots=True)
class IncomeResult:
    """``result`` of ``conquest/income``."""

    credits: int = field(metadata={"description": "The income in credits."})
    from_checkpoints: int = field(metadata={"description": "100 per checkpoint controlled."})
    from_extractors: int = field(metadata={"description": "50 per Extractor owned."})


@procedure("conquest/income", rolls=False, result=IncomeResult, rule="conquest-income",
           samples=({"checkpoints": 3, "extractors": 2},))
def income(source: DiceSource, *, checkpoints: int = 0, extractors: int = 0) -> Outcome:
    """[Příjem kreditů] 100 per checkpoint controlled, 50 per Extractor owned."""
    at_least(checkpoints, 0, "checkpoints", "checkpoint-income")
    at_least(extractors, 0, "extractors", "extractor-income")
    from_checkpoints = CHECKPOINT_INCOME * checkpoints
    from_extractors = EXTRACTOR_INCOME * extractors
    total = from_checkpoints + from_extractors
    text = msg("conquest/income.text", checkpoints=checkpoints, extractors=extractors,
               checkpoint_income=CHECKPOINT_INCOME, extractor_income=EXTRACTOR_INCOME,
               credits=written_credits(total))
    return outcome("income", IncomeResult(total, from_checkpoints, from_extractors), text,
                    "conquest-income")
