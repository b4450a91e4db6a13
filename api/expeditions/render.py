"""From the engine to the log and back to a reader: what an action writes, what a link reads.

- :func:`written`: an action the engine applied becomes the log entry's content: the new state,
  the action's inputs and dice, each step's replay record, and what it said in Czech and English,
  every procedure's full answer included (:func:`api.procedures.answer_body`, the body the
  procedure's own endpoint gives);
- :func:`entry_json`, :func:`state_json`: an entry and the records as a link reads them, in the
  reader's language; the players' link sees a secret roll as "PJ hodil skrytě" and no morale tally.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError

from api.expeditions.chain import Spot, sha256_hex
from api.expeditions.models import EntryRow, ExpeditionRow
from api.expeditions.store import Written
from api.procedures import ENDPOINTS, answer_json, dice_source
from api.serialize import to_json
from rpg.core.catalog import msg
from rpg.core.registry import procedures
from rpg.core.text import LANGUAGES
from rpg.expedition.actions import Applied
from rpg.expedition.ahead import ahead, warned
from rpg.expedition.dice import ActionDice, ActionSeed, PhysicalDice, StepSeeds
from rpg.expedition.kernel import Context, Step
from rpg.expedition.state import (
    clock_message,
    duration_message,
    state_from_json,
    status_message,
)
from rpg.expedition.state import state_json as engine_state_json


class StepRefused(Exception):
    """A procedure's own schema refused the inputs the expedition filled in (a 422)."""

    def __init__(self, path: str, messages: Any) -> None:
        super().__init__(path)
        self.path = path
        self.messages = messages


def normalized(path: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
    """``inputs`` as the procedure's own endpoint reads them: its schema's defaults and bounds."""
    try:
        return dict(ENDPOINTS[path].input_schema().load(to_json(dict(inputs), "cs")))
    except ValidationError as error:
        raise StepRefused(path, error.messages) from error


def _budgeted(seed: int) -> Any:
    """A seeded step's dice, counted against the request's dice budget."""
    return dice_source(seed, None)[0]


def action_dice(seed: int | None, dice: list[int] | None, spot: Spot | None,
                nonce: str | None = None) -> ActionDice:
    """The action's dice: the physical ones given, else seeded by the seed given, else each
    step's seed drawn under the epoch's key at ``spot`` (a hidden entry's with its ``nonce``)."""
    if dice is not None:
        return PhysicalDice(dice)
    if seed is not None:
        return ActionSeed(seed, _budgeted)
    if spot is None:  # the start rolls nothing; nothing else acts without a place in the chain
        return ActionSeed(0, _budgeted)
    return StepSeeds(lambda step: spot.seed(step, nonce), "drawn", _budgeted)


def context(seed: int | None, dice: list[int] | None, spot: Spot | None, *,
            hidden: bool = False, nonce: str | None = None) -> Context:
    """The engine's context for one action of the API (``hidden``: the GM keeps it secret)."""
    return Context(action_dice(seed, dice, spot, nonce), normalized, hidden=hidden)


def replayed_context(steps: list[Mapping[str, Any]], dice: list[int] | None, *,
                     hidden: bool = False) -> Context:
    """The context replaying an action from its log: its physical dice, else each step's
    recorded seed (with the origin it recorded)."""
    if dice is not None or not steps:
        return context(None, dice, None, hidden=hidden)
    seeds = [step["seed"] for step in steps]

    def seed_of(index: int) -> int:
        return seeds[index] if index < len(seeds) else 0  # a step more: the state will differ

    return Context(StepSeeds(seed_of, steps[0]["origin"], _budgeted), normalized, hidden=hidden)


def _answer(step: Step, lang: str) -> dict[str, Any]:
    """The step's full answer in ``lang``, written from its outcome by the procedure's endpoint's
    own writer (the same inputs and dice give the same outcome: exactly what the endpoint
    answers, without running the procedure again for each language)."""
    return answer_json(procedures()[step.procedure], dict(step.inputs), step.outcome, step.seed,
                       lang)


def written(applied: Applied, inputs: Mapping[str, Any], origin: str, *, hidden: bool = False,
            seed: int | None = None, dice: list[int] | None = None,
            nonce: str | None = None) -> Written:
    """What the action ``applied`` writes into the log (``origin``: where its dice came from)."""
    title = msg(f"expedition.{applied.kind}.title")  # an action's (Action.title), or a roll's
    said = {lang: {
        "title": title.in_(lang),
        "text": applied.text.in_(lang),
        "events": [event.in_(lang) for event in applied.events],
        "answers": [_answer(step, lang) for step in applied.steps],
    } for lang in LANGUAGES}
    steps = [{"procedure": step.procedure, "input": to_json(dict(step.inputs), "cs"),
              "origin": origin, "seed": step.seed,
              "dice": None if step.seed is not None else list(step.dice)}
             for step in applied.steps]
    offers = [{"action": offer.action, "input": to_json(dict(offer.inputs), "cs"),
               "missing": list(offer.missing)} for offer in applied.offers]
    return Written(applied.kind, engine_state_json(applied.state), to_json(dict(inputs), "cs"),
                   said, steps, offers, hidden, seed, dice, nonce=nonce)


def _about(kind: str, target: EntryRow) -> dict[str, Any]:
    """What an undo or a redo (``kind``) of ``target`` says: its title and the entry it names,
    to the players only that it was a secret roll when ``target`` was one."""
    said = {}
    for lang in LANGUAGES:
        text = msg(f"expedition.{kind}.text", title=target.said[lang]["title"], seq=target.seq)
        said[lang] = {"title": msg(f"expedition.{kind}.title").in_(lang), "text": text.in_(lang),
                      "players_text": (msg(f"expedition.{kind}.hidden") if target.hidden
                                       else text).in_(lang),
                      "events": [], "answers": []}
    return said


def undo_written(target: EntryRow) -> Written:
    """The entry that reverts ``target``: the state before it comes back."""
    assert target.state_before is not None
    return Written("undo", target.state_before, {}, _about("undo", target))


def redo_written(target: EntryRow, after: dict[str, Any]) -> Written:
    """The entry that takes back the undo of ``target``: the state ``after`` it, as recorded,
    comes back (nothing is rolled again)."""
    return Written("redo", after, {}, _about("redo", target))


def entry_json(entry: EntryRow, lang: str, role: str) -> dict[str, Any]:
    """One entry as the link of ``role`` reads it, in ``lang``: its public form (what the
    players read in Czech, verbatim) with its hash; in English the same members with English
    words; the GM reads a hidden entry in full and an entry's offers."""
    seen = entry.full_form if role == "gm" and entry.full_form is not None else entry.public_form
    view = {**seen, "hash": entry.hash}
    if role == "gm" and entry.full_form is not None:
        view["sealed"] = entry.public_form["sealed"]
    said = entry.said[lang]
    if view["kind"] == "hidden":
        if lang != "cs":
            view["title"] = msg("expedition.hidden.title").in_(lang)
            view["text"] = msg("expedition.hidden").in_(lang)
    elif lang != "cs" or role == "gm":
        view.update(title=said["title"], events=said["events"], answers=said["answers"],
                    text=said.get("players_text", said["text"]) if role != "gm"
                    else said["text"])
    if role == "gm":
        # An entry written before offers named their missing inputs needs none.
        view["offers"] = [{"missing": [], **offer} for offer in entry.offers]
    return view


def chain_json(row: ExpeditionRow) -> dict[str, Any]:
    """The chain's current commitment and head, for the GM and the players alike (beside the
    records in an answer: the chain is not the records)."""
    return {"commitment": {"epoch": row.epoch, "sha256": sha256_hex(row.epoch_key),
                           "from_seq": row.epoch_from},
            "head": {"seq": row.version, "hash": row.head_hash}}


def state_json(data: Mapping[str, Any], lang: str, role: str) -> dict[str, Any]:
    """The records as the link of ``role`` reads them, with their words in ``lang``."""
    state = state_from_json(data)
    view = engine_state_json(state)
    view["mode_text"] = msg(f"expedition.mode.{state.mode}").in_(lang)
    view["clock_text"] = clock_message(state).in_(lang)
    view["hours_since_rest"] = float(state.hours_since_rest)
    view["since_rest_text"] = duration_message(state.clock - state.last_rest_at).in_(lang)
    view["dark"] = state.dark
    for shown, member in zip(view["party"], state.party, strict=True):
        shown["status_text"] = status_message(member).in_(lang)
    for shown, effect in zip(view["effects"], state.effects, strict=True):
        shown["left_text"] = msg("expedition.effect.left", shifts=effect.shifts_left).in_(lang)
    if state.encounter is not None:
        for shown, creature in zip(view["encounter"]["creatures"], state.encounter.creatures,
                                   strict=True):
            shown["status_text"] = msg(f"expedition.status.creature.{creature.status}").in_(lang)
    # What comes next by the clock; the players know their lights and effects, not the GM's
    # checks, rest and fatigue.
    view["ahead"] = [{"kind": c.kind, "at": c.at, "in": c.at - state.clock, "name": c.name,
                      "light": c.light, "warn": warned(c, state), "text": c.text.in_(lang)}
                     for c in ahead(state) if role == "gm" or c.kind == "effect"]
    if role != "gm":
        del view["morale"]
        if state.encounter is not None and state.encounter.hidden:
            view["encounter"] = None  # the GM keeps it hidden: no sides, creatures, rounds
    return view
