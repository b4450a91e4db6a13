"""Czech that fits any name and number, in every text of the expedition (section 6b).

The names in an expedition are the GM's (Eva, Karel, Bandita, "skřeti 3", "Pochodeň 1"): Czech
would decline them ("útočí na Bandita" should be "na Banditu"), and a program cannot. So no
sentence may put a name where Czech needs a case other than the nominative or a gender the name
does not tell: a name stands at the head of a clause (as the subject of a verb in the present
tense, which has no gender: "Eva přichází k sobě"), after a colon or an arrow ("Útok: Eva →
Bandita"), in apposition ("postava Eva"), or quoted. Numbers are the same: the words next to one
agree with it ("nalezena 1 zásoba", "nalezeny 4 zásoby", "nalezeno 5 zásob") through the
catalog's plural forms, or are words that need no agreement (a unit, a label, a preposition).

Each catalog entry of the expedition is checked twice: its template (the words right next to
each name and number must be of the kinds above, listed here and vetted) and its rendering with
names of both genders and the counts 1, 2 and 5 (the name appears verbatim, unchanged, and the
counts' words differ as Czech needs). A new sentence with a word next to a name or a number that
no one has vetted fails here until it is reworded or vetted.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from rpg.core.catalog import Field, catalog, msg, render
from tests.czech import PLURAL_ADDRESS, SHOWN

create_app({"TESTING": True})  # every module of the expedition declares its entries

#: Parameters that are names the GM typed (a character, a creature, a group, a side, a light).
NAMES = {"name", "character", "attacker", "target", "group", "side"}
#: Parameters that are lists of such names (written "a, b, c").
NAME_LISTS = {"names", "order", "sides"}
#: Parameters that are numbers.
NUMBERS = {"ac", "after", "amount", "before", "count", "current", "damage", "day", "days",
           "distance", "expected", "fatigue", "high", "hours", "hp", "index", "left", "level",
           "levels", "low", "max_hp", "members", "minutes", "morale", "passed", "reverted",
           "round", "rounds", "seconds", "seq", "shifts", "supplies", "taken", "total", "turn",
           "epoch", "next", "from_seq", "step"}
#: Parameters that are the engine's own words (a clock, a field, a rule quoted, a place).
OWN_WORDS = {"camp", "change", "changes", "clock", "field", "format", "instead", "items", "kind",
             "location", "mode", "outcome", "outcomes", "path", "reaction", "rule", "said",
             "since", "status", "title", "where", "zone", "why"}

#: Words that may stand right before a name: nouns it is in apposition to.
BEFORE_NAME = {"postava", "postavy", "skupina", "skupiny", "strana", "stvoření", "efekt",
               "světla", "jménem", "předmět"}
#: Words that may follow a name: verbs in the present tense (no gender) and words that begin a
#: phrase of their own.
AFTER_NAME = {"se", "je", "není", "má", "žije", "zůstává", "umírá", "přichází", "opouští",
              "vyhasíná", "končí", "přežívá", "utíká", "chybí", "díky", "místo", "už", "v"}
#: Words that need no agreement with a number right after them: labels (the number is their
#: value, "životy 7"), prepositions, and words that count something else.
BEFORE_NUMBER = {
    # labels whose value the number is ("životy 7", "směna 4", "OČ 12")
    "den", "směna", "kolo", "záznam", "verze", "verzi", "únava", "životy", "zásoby", "oč",
    "morálka", "odpočinek", "pořadí", "poškození", "vzdálenost", "č", "h", "epochy", "epocha",
    # prepositions and adverbs ("po 3 kolech", "za 3 směny", "od 8 do 12", "jen 3", "ještě 2
    # směny", "1 až 4")
    "po", "z", "od", "do", "na", "pro", "za", "nejvýše", "celkem", "než", "jen", "ještě", "až",
    # verbs whose object the count is ("trvá 3 směny", "vidělo 4") and an impersonal passive
    "trvá", "hoří", "vidělo", "ubrat", "čekáno",
    # English labels and prepositions
    "ac", "hp", "morale", "version", "fatigue", "supplies", "turn", "round", "day", "entry",
    "distance", "epoch",
    "no", "seq", "damage", "of", "to", "after", "for", "in", "at", "most", "saw", "lasts", "be",
    "left", "take", "than", "within"}
#: Units and words after a number that need no agreement.
AFTER_NUMBER = {"h", "min", "s", "m", "km", "z", "do", "hp", "of", "to", "more", "in", "expected"}
#: Where the pages of the expedition are.
PAGES = [*Path("docs/vyprava").glob("*.md"), *Path("docs/javascripts/expedition").glob("*.js")]
#: The tools' pages and every script of the site: the calculators, the integrations.
TOOL_PAGES = [*Path("docs/nastroje").glob("*.md"), *Path("docs/javascripts").rglob("*.js")]

TOKEN = re.compile(r"\{\{|\}\}|\{(\w+)(?::([^{}]*))?\}|[^\W\d_]+|\d+|\S")


def entries() -> list[str]:
    """Every catalog entry of the expedition, its engine's and its API's."""
    return sorted(key for key in catalog() if key.startswith("expedition."))


def tokens(template: str) -> list[tuple[str, str | None, str | None]]:
    """``(token, parameter, plural forms)`` of a template, spaces dropped."""
    return [(m.group(0), m.group(1), m.group(2)) for m in TOKEN.finditer(template)]


def _word(token: tuple[str, str | None, str | None]) -> str | None:
    text, name, _ = token
    return None if name is not None or not text[0].isalpha() else text.lower()


def value(name: str, count: int, person: str) -> Any:
    if name in NAMES:
        return person
    if name in NAME_LISTS:
        return f"{person}, Bandita"
    if name in NUMBERS:
        return count
    if name == "field":
        return Field("target")
    return "…"


def test_every_parameter_of_an_expedition_text_is_classified() -> None:
    known = NAMES | NAME_LISTS | NUMBERS | OWN_WORDS
    for key in entries():
        for language in ("cs", "en"):
            used = {name for _, name, _ in tokens(catalog()[key].in_(language)) if name}
            assert used <= known, (key, used - known)


@pytest.mark.parametrize("key", entries())
def test_no_name_is_declined_or_given_a_gender(key: str) -> None:
    parts = tokens(catalog()[key].cs)
    for index, (_, name, forms) in enumerate(parts):
        if name not in NAMES | NAME_LISTS or forms is not None:
            continue
        before = _word(parts[index - 1]) if index else None
        after = _word(parts[index + 1]) if index + 1 < len(parts) else None
        assert before is None or before in BEFORE_NAME, (key, "before", before)
        assert after is None or after in AFTER_NAME, (key, "after", after)


@pytest.mark.parametrize("key", entries())
def test_every_word_next_to_a_number_agrees_with_it(key: str) -> None:
    for language, before_ok, after_ok in (("cs", BEFORE_NUMBER, AFTER_NUMBER),
                                          ("en", BEFORE_NUMBER, AFTER_NUMBER)):
        parts = tokens(catalog()[key].in_(language))
        for index, (_, name, forms) in enumerate(parts):
            if forms is not None:  # a plural form: Czech has three (1 | 2–4 | 5+)
                assert len(forms.split("|")) == (3 if language == "cs" else 2), (key, forms)
            if name not in NUMBERS or forms is not None:
                continue
            for side, neighbour, allowed in (
                    ("before", parts[index - 1] if index else None, before_ok),
                    ("after", parts[index + 1] if index + 1 < len(parts) else None, after_ok)):
                if neighbour is None or _word(neighbour) is None:
                    agrees = neighbour is None or neighbour[1] != name or neighbour[2] is not None
                    assert agrees or neighbour[1] is None, (key, language, side)
                    continue
                assert _word(neighbour) in allowed, (key, language, side, neighbour[0])


@pytest.mark.parametrize("key", entries())
@pytest.mark.parametrize("person", ["Eva", "Karel", "Bandita"])
def test_rendered_with_any_name_and_count_the_name_stands_verbatim(key: str,
                                                                   person: str) -> None:
    template = catalog()[key]
    names = {name for _, name, _ in tokens(template.cs) if name}
    rendered = {count: render(key, {n: value(n, count, person) for n in names}, "cs")
                for count in (1, 2, 5)}
    for text in rendered.values():
        assert "{" not in text and "}" not in text
        if names & (NAMES | NAME_LISTS):
            assert re.search(rf"(?<!\w){person}(?!\w)", text), (key, text)
    counted = {name for _, name, forms in tokens(template.cs) if forms and name in NUMBERS}
    if counted:  # a counted word takes three forms: 1, 2 and 5 read differently
        assert len(set(rendered.values())) >= 2, (key, rendered)


#: The forms of a count the rules of agreement give, for the sentences the issue named.
@pytest.mark.parametrize(("key", "params", "czech"), [
    ("expedition.event.found-supplies", {"supplies": 1}, "Nalezena 1 zásoba."),
    ("expedition.event.found-supplies", {"supplies": 4}, "Nalezeny 4 zásoby."),
    ("expedition.event.found-supplies", {"supplies": 5}, "Nalezeno 5 zásob."),
    ("expedition.remove-effect.text", {"name": "Štít", "left": 3},
     "Štít končí (3 směny zůstávají nevyužity)."),
    ("expedition.remove-effect.text", {"name": "Štít", "left": 1},
     "Štít končí (1 směna zůstává nevyužita)."),
    ("expedition.event.effect-out", {"name": "Kouzlo štít"}, "Kouzlo štít končí."),
    ("expedition.event.light-out", {"name": "Pochodeň 1"}, "Pochodeň 1 vyhasíná."),
    ("expedition.attack.text", {"attacker": "Eva", "target": "Bandita", "outcome": msg(
        "attack.hit-damage", to_hit=msg("attack.hit"), damage=msg("attack.damage", shown=4))},
     "Útok: Eva → Bandita, zásah, poškození 4."),
    ("expedition.duration", {"hours": 7, "minutes": 50}, "7 h 50 min"),
    ("expedition.effect.left", {"shifts": 4}, "zbývají 4 směny"),
    ("expedition.effect.left", {"shifts": 5}, "zbývá 5 směn"),
    ("expedition.effect.left", {"shifts": 1}, "zbývá 1 směna"),
])
def test_the_sentences_the_issue_named(key: str, params: dict[str, Any], czech: str) -> None:
    assert msg(key, **params).cs == czech


def test_no_decimal_hours_since_the_rest() -> None:
    # "od posledního 7,8333 h průzkumu": hours and minutes, never decimal hours.
    for key in entries():
        assert "{hours} h průzkumu" not in catalog()[key].cs


#: A script's words are in its strings (its code and comments are English).
STRING = re.compile(r"""(["'`])((?:\\.|(?!\1).)*)\1""")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
#: A page's markup: its tags are no words, but some of their attributes are shown (SHOWN).
TAG = re.compile(r"<[^>]*>")


def wording(page: Path) -> str:
    """What a page says: a Markdown page's text, a script's strings."""
    text = page.read_text(encoding="utf-8")
    if page.suffix == ".js":
        code = COMMENT.sub("", text)
        return "\n".join(match.group(2) for match in STRING.finditer(code))
    return "\n".join([TAG.sub(" ", text), *SHOWN.findall(text)])


#: English words in a script's code strings and a tool page that end as a plural imperative.
ENGLISH = {"sqlite", "site", "write", "autocomplete", "delete"}


@pytest.mark.parametrize("page", sorted(set(PAGES + TOOL_PAGES)), ids=str)
def test_the_pages_say_ty(page: Path) -> None:
    words = [w for w in PLURAL_ADDRESS.findall(wording(page)) if w.lower() not in ENGLISH]
    assert words == [], words


def test_every_sentence_of_the_catalog_says_ty() -> None:
    # The engine's and the API's words, which the calculators, the cards and the pages show.
    said = {key: PLURAL_ADDRESS.findall(text.cs) for key, text in catalog().items()}
    assert {key: words for key, words in said.items() if words} == {}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_the_pages_do_not_call_survivalists_survivors(page: Path) -> None:
    # "Přeživší v družině" reads as "the survivors"; the rule means characters skilled in
    # survival ("Např. hraničář").
    assert "Přeživší" not in page.read_text(encoding="utf-8")
