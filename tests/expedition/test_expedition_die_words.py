"""Every die an expedition's action rolls has words on the GM's page: the page names the die the
server says is missing ("d6 pro 'surprise'") in Czech ("d6 překvapení") when the table rolls."""

from __future__ import annotations

import re
from pathlib import Path

from rpg.core.dice import SeededDice
from rpg.core.registry import procedures
from rpg.expedition.actions import actions

PAGE = Path(__file__).parents[2] / "docs" / "vyprava" / "index.md"
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


def page_words() -> dict[str, str]:
    template = re.search(r'<template data-template="die-words"[^>]*>(.*?)</template>',
                         PAGE.read_text(encoding="utf-8"), re.S)
    assert template is not None
    return dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", template[1]))


def test_every_die_an_action_rolls_has_words_on_the_page() -> None:
    seen: set[str] = set()
    for path in sorted({name for declared in actions().values() for name in declared.procedures}):
        procedure = procedures()[path]
        for sample in procedure.samples:
            for seed in SEEDS:
                procedure.run(Labels(seed, seen), **sample)
    words = page_words()
    assert {"wandering-monsters", "surprise", "reaction", "morale"} <= seen
    assert not seen - set(words), sorted(seen - set(words))
    assert words["wandering-monsters"] == "putující monstra"
    assert all(word.strip() == word and word for word in words.values())
