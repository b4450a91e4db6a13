"""Rates (``120/minute;3000/hour``) and the verdict of one count against them."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_RATE = re.compile(r"^\s*(\d+)\s*(?:/|per)\s*(\d+)?\s*(second|minute|hour|day)s?\s*$", re.I)


@dataclass(frozen=True, slots=True)
class Rate:
    """At most ``amount`` requests in each fixed window of ``seconds``."""

    amount: int
    seconds: int


def parse_rates(spec: str) -> tuple[Rate, ...]:
    """``"120/minute;3000/hour"`` (also ``per``, ``10/5 minutes``, ``,`` between) as rates."""
    rates = []
    for part in filter(str.strip, re.split(r"[;,]", spec)):
        match = _RATE.match(part)
        if not match:
            raise ValueError(f"RATELIMIT_DEFAULT: cannot read {part.strip()!r} "
                             "(write e.g. '120/minute;3000/hour')")
        amount, count, unit = match.groups()
        rates.append(Rate(int(amount), int(count or 1) * _SECONDS[unit.lower()]))
    if not rates:
        raise ValueError("RATELIMIT_DEFAULT names no limit")
    return tuple(rates)


@dataclass(frozen=True, slots=True)
class Verdict:
    """One request counted: whether it may go on, and the figures for the headers."""

    allowed: bool
    limit: int  #: the rate the headers report: the one breached, else the one nearest to it
    remaining: int
    reset: float  #: epoch seconds when that rate's window ends
    retry_after: int  #: whole seconds until every breached window has ended (0 when allowed)


def verdict(rates: Sequence[Rate], now: float, counts: Sequence[int], allowed: bool,
            cost: int = 1) -> Verdict:
    """The verdict for ``counts`` (after this request when allowed, before its ``cost`` units
    when refused)."""
    ends = [(math.floor(now / rate.seconds) + 1) * rate.seconds for rate in rates]
    if allowed:
        i = min(range(len(rates)), key=lambda j: (rates[j].amount - counts[j], rates[j].seconds))
        return Verdict(True, rates[i].amount, rates[i].amount - counts[i], ends[i], 0)
    breached = [j for j, rate in enumerate(rates) if counts[j] + cost > rate.amount]
    i = max(breached, key=lambda j: ends[j])
    return Verdict(False, rates[i].amount, 0, ends[i], max(1, math.ceil(ends[i] - now)))
