"""What the GM does to an expedition: each action is a pure function of (state, inputs, dice).

An action runs the rules' procedures with the state filled in (through the registry, as any
client does), applies their results and returns the new state with every step it ran::

    applied = act(state, "shift", {"noise": False}, Context(ActionSeed(42)))
    applied.state, applied.steps, applied.text, applied.events, applied.offers

Every step keeps its procedure's path, its inputs, its seed (or the physical dice it used) and
its outcome, so the log can write each step's full answer and anyone can replay it alone. The
actions are declared once with :func:`rpg.expedition.kernel.action` (the action kernel, which
the modules declaring them import; this module imports them); the API builds one endpoint per
action from :func:`actions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rpg.core.catalog import Message, messages, msg
from rpg.core.errors import RuleError
from rpg.core.text import Text
from rpg.expedition import checks, combat, journey, records, wounds
from rpg.expedition.kernel import Action, Context, Offer, Step, declared
from rpg.expedition.state import State

#: The modules that declare the actions, in the order every list shows them (the API's
#: endpoints, the integrations' buttons): whichever a program imports first, the order holds.
MODULES = (records, wounds, journey, combat, checks)

MESSAGES = messages({
    "expedition.unknown-action": Text("Neznámá akce výpravy: '{kind}'.",
                                      "Unknown expedition action: '{kind}'."),
    "expedition.undo.title": Text("Zpět", "Undo"),
    "expedition.undo.text": Text("PJ vzal zpět: {title} (záznam {seq}).",
                                 "The GM took back: {title} (entry {seq})."),
    "expedition.undo.hidden": Text("PJ vzal zpět skrytý hod.", "The GM took back a secret roll."),
    "expedition.redo.title": Text("Znovu", "Redo"),
    "expedition.redo.text": Text("PJ zopakoval: {title} (záznam {seq}).",
                                 "The GM redid: {title} (entry {seq})."),
    "expedition.redo.hidden": Text("PJ zopakoval skrytý hod.", "The GM redid a secret roll."),
    "expedition.hidden": Text("PJ hodil skrytě.", "The GM rolled in secret."),
    "expedition.hidden.title": Text("Skrytý hod", "Secret roll"),
})


@dataclass(frozen=True, slots=True)
class Applied:
    """An action done: its kind, the new state, the steps it ran and what it says."""

    kind: str
    state: State
    steps: tuple[Step, ...]
    text: Message
    events: tuple[Message, ...]
    offers: tuple[Offer, ...]


def actions() -> Mapping[str, Action]:
    """Every action, by kind: the modules in :data:`MODULES` order, each in the order it
    declares them."""
    if len(_ORDERED) != len(declared()):  # sorted once, again only when one is declared
        rank = {module.__name__: index for index, module in enumerate(MODULES)}
        _ORDERED.clear()
        _ORDERED.update(sorted(declared().items(),  # sorted() is stable
                               key=lambda item: rank.get(item[1].run.__module__, len(rank))))
    return _ORDERED


_ORDERED: dict[str, Action] = {}


def act(state: State, kind: str, inputs: Mapping[str, Any], context: Context) -> Applied:
    """Do the action ``kind`` with ``inputs`` on ``state``; the state itself never changes."""
    declared = actions().get(kind)
    if declared is None:
        raise RuleError(msg("expedition.unknown-action", kind=kind[:40]), field="action")
    change = declared.run(state, context, **inputs)
    context.dice.finish()
    return Applied(kind, change.state, tuple(context.steps), change.text, change.events,
                   change.offers)
