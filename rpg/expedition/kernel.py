"""The action kernel: what every action of an expedition is made of, and how it is declared.

An action is a function ``(state, context, **inputs) -> Change`` declared with :func:`action`:
it runs the rules' procedures through its :class:`Context` (each run a :class:`Step` of the log)
and returns the new state, what it says and what it offers next (:class:`Offer`). The modules
that declare actions import this one; :mod:`rpg.expedition.actions` imports them all and does
an action (``act``), so no module of the expedition imports one that imports it back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rpg.core.catalog import Join, Message, messages, msg
from rpg.core.dice import DiceSource, ReplayDice
from rpg.core.outcome import Outcome
from rpg.core.registry import procedures
from rpg.core.text import Text
from rpg.expedition.dice import ActionDice
from rpg.expedition.state import State

MESSAGES = messages({
    "expedition.sentences": Text("{said}", "{said}"),
})


def said(first: Message, *more: Message) -> Message:
    """Sentences one after another: what an action did, then what its dice came to (the
    outcome on the entry's line; the dice and the rule stay in its answers)."""
    return msg("expedition.sentences", said=Join((first, *more), " ")) if more else first


@dataclass(frozen=True, slots=True)
class Step:
    """One procedure an action ran: enough to write its answer and to replay it alone."""

    procedure: str
    inputs: Mapping[str, Any]
    seed: int | None
    dice: tuple[int, ...]
    outcome: Outcome

    @property
    def result(self) -> Any:
        """The procedure's own result (its frozen dataclass)."""
        return self.outcome.result


@dataclass(frozen=True, slots=True)
class Offer:
    """What the result calls for next, as an action of the expedition with inputs filled in
    (a wandering monster → an encounter; a character at 0 hit points → the death save);
    ``missing`` names the inputs the action still needs (a save's target the sheet lacks).
    Followed with those, it is done."""

    action: str
    inputs: Mapping[str, Any] = field(default_factory=dict)
    missing: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Change:
    """What an action function returns: the new state and what it says."""

    state: State
    text: Message
    events: tuple[Message, ...] = ()
    offers: tuple[Offer, ...] = ()


def _as_given(path: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
    return dict(inputs)


@dataclass
class Context:
    """The dice of one action and how a procedure's inputs are normalised before it runs.

    ``normalize(path, inputs)`` gives the inputs as the procedure's own endpoint would read them
    (the API fills in its defaults and checks its bounds), so a step's recorded inputs replay
    exactly; the engine alone passes them as given. ``hidden``: the GM keeps the action secret
    (an encounter started so stays hidden from the players until revealed).
    """

    dice: ActionDice
    normalize: Callable[[str, Mapping[str, Any]], dict[str, Any]] = _as_given
    steps: list[Step] = field(default_factory=list)
    hidden: bool = False

    def run(self, path: str, **inputs: Any) -> Step:
        """Run the procedure ``path`` with its next dice; the step goes into the log."""
        step = self._run(path, inputs, *self.dice.step())
        self.steps.append(step)
        return step

    def check(self, path: str, **inputs: Any) -> Step:
        """Ask a procedure a question that rolls nothing (may the party rest?); not logged."""
        return self._run(path, inputs, ReplayDice(()), None)

    def log(self, step: Step) -> None:
        """Put a checked step into the log after all (a fatigue save that is due)."""
        self.steps.append(step)

    def _run(self, path: str, inputs: Mapping[str, Any], source: DiceSource,
             seed: int | None) -> Step:
        procedure = procedures()[path]
        given = self.normalize(path, inputs)
        outcome = procedure.run(source, **given)
        source.finish()
        return Step(path, given, seed, self.dice.used(source), outcome)


ActionRun = Callable[..., Change]


@dataclass(frozen=True, slots=True)
class Action:
    """An action as every layer sees it: its kind, its function and the procedures it runs."""

    kind: str
    run: ActionRun
    procedures: tuple[str, ...]
    rolls: bool

    @property
    def title(self) -> Message:
        """What the action is called (``Další směna``)."""
        return msg(f"expedition.{self.kind}.title")


_ACTIONS: dict[str, Action] = {}


def action(kind: str, *, procedures: tuple[str, ...] = (),
           rolls: bool = False) -> Callable[[ActionRun], ActionRun]:
    """Declare the decorated function ``(state, context, **inputs) -> Change`` as ``kind``.

    ``procedures`` lists the procedures it may run; ``rolls`` whether it may roll dice (only
    those take ``seed``, ``dice`` and ``hidden``).
    """
    def declare(run: ActionRun) -> ActionRun:
        if kind in _ACTIONS and _ACTIONS[kind].run is not run:
            raise ValueError(f"expedition action {kind!r} is declared twice")
        _ACTIONS[kind] = Action(kind, run, tuple(procedures), rolls)
        return run
    return declare


def declared() -> Mapping[str, Action]:
    """The actions declared so far, by kind, in declaration order
    (:func:`rpg.expedition.actions.actions` imports every module that declares one)."""
    return _ACTIONS
