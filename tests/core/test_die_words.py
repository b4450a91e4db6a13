"""Every die a procedure rolls has words in the engine's catalog (``dice.for-<label>``): a person
giving the table's dice one by one is asked for „překvapení“, not for ``'surprise'`` — in the
API's refusal (and its ``needed``), the calculators' and the GM's page alike."""

from __future__ import annotations

import pytest

from rpg.core.catalog import catalog, msg
from rpg.core.dice import ReplayDice, SeededDice, die_named
from rpg.core.errors import DiceError
from rpg.core.registry import procedures

#: Seeds each sample is rolled with: enough for every branch the samples reach.
SEEDS = range(60)


class Labels(SeededDice):
    """Seeded dice that note the label of every die drawn."""

    def __init__(self, seed: int, seen: set[str]) -> None:
        super().__init__(seed)
        self.seen = seen

    def _next(self, faces: int, label: str) -> int:
        self.seen.add(label)
        return super()._next(faces, label)


def words() -> dict[str, tuple[str, str]]:
    return {key.removeprefix("dice.for-"): (text.cs, text.en) for key, text in catalog().items()
            if key.startswith("dice.for-")}


def test_every_die_a_procedure_rolls_has_words() -> None:
    seen: set[str] = set()
    for procedure in procedures().values():
        for sample in procedure.samples:
            for seed in SEEDS:
                procedure.run(Labels(seed, seen), **sample)
    assert {"wandering-monsters", "surprise", "reaction", "morale", "attacker"} <= seen
    assert not seen - set(words()), sorted(seen - set(words()))
    assert words()["wandering-monsters"] == ("putující monstra", "wandering monsters")
    for cs, en in words().values():
        assert cs.strip() == cs and cs and en.strip() == en and en


def test_a_missing_die_is_named_in_words_and_says_which_it_is() -> None:
    encounter = procedures()["encounter"]
    with pytest.raises(DiceError) as caught:
        encounter.run(ReplayDice([1]), **encounter.samples[0])
    assert caught.value.message.cs == "Chybí kostka: je potřeba d6 pro „překvapení“ (kostka č. 2)."
    assert caught.value.message.en == "Not enough dice: needs a d6 for 'surprise' (die #2)."
    assert (caught.value.needed.pos, caught.value.needed.faces, caught.value.needed.label) == (
        2, 6, "surprise")
    with pytest.raises(DiceError) as off:
        encounter.run(ReplayDice([7]), **encounter.samples[0])
    assert off.value.message.cs == "Kostka č. 1 (překvapení) je d6: hodnota 7 není mezi 1 a 6."
    assert off.value.needed.pos == 1


def test_a_label_without_words_is_named_as_it_is() -> None:
    assert die_named("d-unknown") == "d-unknown"
    assert msg("dice.missing", faces=4, die=die_named("d-unknown"), pos=1).cs == (
        "Chybí kostka: je potřeba d4 pro „d-unknown“ (kostka č. 1).")


def test_the_calculators_get_every_word() -> None:
    from rulesite.bundle import czech_catalog

    assert {f"dice.for-{label}" for label in words()} <= set(czech_catalog())
