"""The verification page of an expedition's log (``/vyprava/overeni/``): its words and its script.

The page checks an export in the browser (``docs/javascripts/expedition/verify.js``): the chain
of hashes, the keys against their commitments, the sealed hidden entries, each drawn seed, the
dice each seed gives and each step replayed by the calculators' own procedures. Its script is
bundled with the calculators' (:func:`rulesite.bundle.bundled`), sharing their chunks (the
engine's core and rule data, kept once offline): the page's own download is the verifier and
its words; each procedure's code and the calculators' templates are loaded only when a log
needs them (dynamic imports), so a phone downloads what the log it checks uses.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rpg.core.catalog import catalog, messages
from rpg.core.registry import procedures
from rpg.core.text import Text
from rulesite.calculators import calculator_module

#: The page's script, among the calculators' (``javascripts/calculators/``).
SCRIPT = "vyprava-overeni.js"
#: The module of the replays' rule data and templates, written by the build beside the entry.
REPLAY_DATA = "replay-data.js"

MESSAGES = messages({
    "verify.ok": Text("Všechno sedí.", "Everything checks out."),
    "verify.failed": Text("Záznam č. {seq} neprošel: {why}.", "Entry {seq} failed: {why}."),
    "verify.not-export": Text(
        "Tohle není export výpravy (formát rpg-companion/expedition, verze 2).",
        "This is not an expedition's export (format rpg-companion/expedition, version 2)."),
    "verify.entries": Text(
        "{n} {n:záznam|záznamy|záznamů}, řetěz otisků neporušen",
        "{n} {n:entry|entries}, the chain of hashes unbroken"),
    "verify.drawn": Text("{n} {n:hod ověřen|hody ověřeny|hodů ověřeno}",
                         "{n} {n:roll verified|rolls verified}"),
    "verify.physical": Text("{n} {n:hod|hody|hodů} vlastními kostkami (na důvěru)",
                            "{n} {n:roll|rolls} with the table's own dice (taken on trust)"),
    "verify.seeded": Text("{n} {n:hod|hody|hodů} se zadaným seedem (přehráno, není to důkaz)",
                          "{n} {n:roll|rolls} from a given seed (replayed, not a proof)"),
    "verify.hidden": Text(
        "{n} {n:skrytý záznam zatím neodhalen|skryté záznamy zatím neodhaleny"
        "|skrytých záznamů zatím neodhaleno}",
        "{n} hidden {n:entry|entries} not revealed yet"),
    "verify.waiting": Text("{n} {n:hod čeká|hody čekají|hodů čeká} na klíč své epochy",
                           "{n} {n:roll waits|rolls wait} for the key of {n:its|their} epoch"),
    "verify.unreplayed": Text(
        "{n} {n:hod|hody|hodů} bez kalkulačky: kostky ověřeny, výsledek nepřehrán",
        "{n} {n:roll|rolls} without a calculator: dice checked, result not replayed"),
    "verify.mismatches": Text("{n} {n:neshoda|neshody|neshod}", "{n} {n:mismatch|mismatches}"),
    "verify.numbering": Text(
        "na jeho místě v deníku stojí záznam č. {seq}, záznamy tedy chybí, přebývají, nebo "
        "jsou přeházené",
        "entry {seq} stands in its place in the log, so entries are missing, extra or out of "
        "order"),
    "verify.hash": Text(
        "jeho otisk (hash) nesedí, takže on nebo některý záznam před ním byl změněn",
        "its hash does not match, so it or an entry before it was changed"),
    "verify.head": Text("deník končí jinde, než uvádí hlava exportu",
                        "the log ends elsewhere than the export's head says"),
    "verify.start": Text(
        "deník nezačíná začátkem výpravy se závazkem klíče 1. epochy",
        "the log does not begin with the expedition's start and its commitment to epoch 1's key"),
    "verify.epoch": Text("patří do epochy {epoch}, ale běží epocha {expected}",
                         "it belongs to epoch {epoch}, but epoch {expected} is running"),
    "verify.key": Text("odhalený klíč epochy {epoch} neodpovídá jejímu závazku",
                       "the revealed key of epoch {epoch} does not match its commitment"),
    "verify.commitment": Text(
        "závazek další epochy nemá epochu {epoch} od záznamu č. {from_seq}",
        "the next epoch's commitment is not epoch {epoch} from entry {from_seq}"),
    "verify.not-hidden": Text("odhaluje záznam č. {target}, který skrytý není",
                              "it reveals entry {target}, which is not hidden"),
    "verify.sealed": Text("odhalený záznam č. {target} neodpovídá své pečeti",
                          "the revealed entry {target} does not match its seal"),
    "verify.malformed": Text("nemá tvar, jaký formát exportu předepisuje",
                             "it does not have the shape the export's format prescribes"),
    "verify.steps": Text("kroků hodu je jinak mnoho než odpovědí pravidel",
                         "its steps and the rules' answers differ in number"),
    "verify.origin": Text("v kroku {step} je neznámý původ kostek",
                          "step {step} has an unknown origin of its dice"),
    "verify.seed": Text("seed kroku {step} neplyne z klíče epochy {epoch}",
                        "the seed of step {step} does not follow from epoch {epoch}'s key"),
    "verify.given-seed": Text("seed kroku {step} neplyne ze seedu akce",
                              "the seed of step {step} does not follow from the action's seed"),
    "verify.answer-seed": Text("odpověď pravidla v kroku {step} uvádí jiný seed než krok",
                               "the rule's answer in step {step} gives another seed than the step"),
    "verify.notation": Text("hod {notation} v kroku {step} neodpovídá svým kostkám",
                            "the roll {notation} of step {step} does not match its dice"),
    "verify.dice": Text("kostky kroku {step} ({given}) ze seedu neplynou, seed dává {expected}",
                        "the dice of step {step} ({given}) do not follow from the seed, "
                        "which gives {expected}"),
    "verify.table-dice": Text(
        "zapsané kostky kroku {step} ({given}) nejsou kostky jeho hodů ({expected})",
        "the dice recorded for step {step} ({given}) are not its rolls' dice ({expected})"),
    "verify.replay": Text("pravidlo dává s kostkami kroku {step} jiný výsledek ({where})",
                          "the rule gives another result with the dice of step {step} ({where})"),
    "verify.replay-refused": Text("pravidlo odmítá vstup nebo kostky kroku {step} ({message})",
                                  "the rule refuses the input or the dice of step {step} "
                                  "({message})"),
})


def page_words() -> dict[str, str]:
    """The Czech templates the page itself renders (the verifier's answers)."""
    return {key: catalog()[key].cs for key in MESSAGES}


def written(folder: Path, rules: Mapping[str, Any]) -> dict[str, str]:
    """The page's generated modules (file name → source) for :func:`rulesite.bundle.bundled`:
    its entry, the page script started with a loader of each procedure's calculator, of the
    replays' templates and with its words; a module per procedure that re-exports its function
    alone (so the calculators' pages keep only what they use of a module), and the templates
    every calculator renders (the rule data is the calculators' shared chunk)."""
    from rulesite import bundle

    found = calculators()
    modules: dict[str, str] = {}
    loaders = []
    for index, (path, module) in enumerate(sorted(found.items())):
        name = f"replay-{index}.js"
        if path in rules.get(module, {}).get("odds", {}):  # a row of odds: no code of its own
            odds = json.dumps((folder / "pravidla" / "odds.js").as_posix())
            modules[name] = (f"import {{ oddsRow }} from {odds};\n"
                             f'export const procedure = oddsRow("{module}", "{path}");\n')
        else:
            file = json.dumps((folder / f"{module}.js").as_posix())
            modules[name] = f"export {{ {bundle.camel(path)} as procedure }} from {file};\n"
        loaders.append(f'"{path}": () => import("./{name}").then((m) => m.procedure)')
    page = json.dumps((folder.parent / "expedition" / "verify-page.js").as_posix())
    words = json.dumps(page_words(), ensure_ascii=False, separators=(",", ":"))
    table = ",\n  ".join(loaders)
    replayed = json.dumps(bundle.page_catalog(folder, set(found.values()) | {"pravidla/odds"}),
                          ensure_ascii=False, separators=(",", ":"))
    return {
        SCRIPT: (f"import {{ start }} from {page};\n"
                 f"start({{\n  {table},\n}}, () => import(\"./{REPLAY_DATA}\"), {words});\n"),
        REPLAY_DATA: f"export const rules = CALCULATOR_RULES;\nexport const words = {replayed};\n",
        **modules,
    }


def calculators() -> dict[str, str]:
    """Each procedure with a calculator, by path, and its module (``pravidla/checks``)."""
    return {path: calculator_module(p) for path, p in procedures().items() if p.calculator}
