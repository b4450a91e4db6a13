"""The verification page of an expedition's log (``/vyprava/overeni/``): its words and its script.

The page checks an export in the browser (``docs/javascripts/expedition/verify.js``): the chain
of hashes, the keys against their commitments, the sealed hidden entries, each drawn seed, the
dice each seed gives and each step replayed by the calculators' own procedures. Its script is
bundled with the calculators' (:func:`rulesite.bundle.bundled`), so the engine's core is one
shared chunk: the page's own download is the verifier and its words; each procedure's module, the
rule data and the calculators' templates are loaded only when a log needs them (dynamic
imports), so a phone downloads what the log it checks uses.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rpg.core.catalog import catalog, messages
from rpg.core.registry import procedures
from rpg.core.text import Text

#: The page's script, among the calculators' (``javascripts/calculators/``).
SCRIPT = "vyprava-overeni.js"
#: The name the build writes the calculators' Czech templates in place of (for the replays).
REPLAY_WORDS = "REPLAY_WORDS"

MESSAGES = messages({
    "verify.ok": Text("Všechno sedí.", "Everything checks out."),
    "verify.failed": Text("Záznam č. {seq} neprošel: {why}", "Entry {seq} failed: {why}"),
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
        "na {position}. místě deníku má číslo {seq}: záznamy chybí, přebývají, nebo jsou "
        "přeházené",
        "it is number {seq} at place {position} of the log: entries are missing, extra or out "
        "of order"),
    "verify.hash": Text(
        "jeho otisk (hash) nesedí: záznam nebo některý před ním byl změněn",
        "its hash does not match: this entry or one before it was changed"),
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
    "verify.origin": Text("krok {step}: neznámý původ kostek", "step {step}: unknown dice origin"),
    "verify.seed": Text("krok {step}: seed neplyne z klíče epochy {epoch}",
                        "step {step}: the seed does not follow from epoch {epoch}'s key"),
    "verify.notation": Text("krok {step}: hod {notation} neodpovídá svým kostkám",
                            "step {step}: the roll {notation} does not match its dice"),
    "verify.dice": Text("krok {step}: kostky {given} ze seedu neplynou (seed dává {expected})",
                        "step {step}: the dice {given} do not follow from the seed "
                        "(it gives {expected})"),
    "verify.table-dice": Text(
        "krok {step}: zapsané kostky {given} nejsou kostky hodů ({expected})",
        "step {step}: the dice recorded {given} are not the rolls' dice ({expected})"),
    "verify.replay": Text("krok {step}: pravidlo s těmito kostkami dává jiný výsledek ({where})",
                          "step {step}: the rule gives another result with these dice ({where})"),
    "verify.replay-refused": Text("krok {step}: pravidlo tyto kostky odmítá ({message})",
                                  "step {step}: the rule refuses these dice ({message})"),
})


def page_words() -> dict[str, str]:
    """The Czech templates the page itself renders (the verifier's answers)."""
    return {key: catalog()[key].cs for key in MESSAGES}


def entry(folder: Path, calculators: Mapping[str, str], rules: Mapping[str, Any]) -> str:
    """The page's entry: the page script started with a loader of each procedure's calculator
    (path → module below ``folder``), each imported only when a log needs it, and its words."""
    from rulesite import bundle

    page = (folder.parent / "expedition" / "verify-page.js").as_posix()
    loaders = []
    for path, module in sorted(calculators.items()):
        file = json.dumps((folder / f"{module}.js").as_posix())
        if path in rules.get(module, {}).get("odds", {}):  # a row of odds: no code of its own
            odds = json.dumps((folder / "pravidla" / "odds.js").as_posix())
            loaders.append(f'"{path}": () => import({odds}).then((m) => '
                           f'm.oddsRow("{module}", "{path}"))')
        else:
            loaders.append(f'"{path}": () => import({file}).then((m) => m.{bundle.camel(path)})')
    words = json.dumps(page_words(), ensure_ascii=False, separators=(",", ":"))
    table = ",\n  ".join(loaders)
    return (f"import {{ start }} from {json.dumps(page)};\n"
            f"start({{\n  {table},\n}}, {words});\n")


def replay_words(folder: Path, calculators: Mapping[str, str]) -> dict[str, str]:
    """The templates every calculator renders, for the replays (loaded with the first one)."""
    from rulesite import bundle

    return bundle.page_catalog(folder, set(calculators.values()) | {"pravidla/odds"})


def calculators() -> dict[str, str]:
    """Each procedure with a calculator, by path, and its module (``pravidla/checks``)."""
    return {path: p.module for path, p in procedures().items() if p.calculator}
