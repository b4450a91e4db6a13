"""The independent verifier of the proof of fair rolls, on a small export built here from the
published algorithm: a start with its commitment, drawn steps under a fixed key, a given seed,
the table's dice, a hidden roll revealed later, a revealed key, a step still waiting for its key.
Every byte of every entry, the order, a key, a seed, the dice and a nonce are tampered with and
each is caught at the entry it belongs to. The site page's worked example is recomputed from the
page's own text."""

from __future__ import annotations

import copy
import hashlib
import hmac
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import rfc8785

from tests.expedition.chain_verifier import (
    Report,
    dice_from_seed,
    drawn_seed,
    faces_of,
    verify,
    verify_head,
)
from tests.expedition.conftest import changed, leaves

CHAIN_ID = "x7Kp2QmZ"
KEY_1 = bytes(range(32))
KEY_2 = bytes(range(32, 64))
NONCE = "00112233445566778899aabbccddeeff"
ACTION_SEED = 42
PAGE = Path(__file__).resolve().parents[2] / "docs" / "vyprava" / "poctivost.md"


# -- the export, built from the algorithm (deliberately not with the verifier's functions) ----

def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def hmac_seed(key: bytes, message: str) -> int:
    return int.from_bytes(hmac.new(key, message.encode(), "sha256").digest()[:8], "big") >> 11


def seeded(seed: int, faces: list[int]) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(sides) + 1 for sides in faces]


def expr_faces(expr: str) -> list[int]:
    """``2d6+1`` → [6, 6]: the only expressions the export rolls are ``NdF`` and ``NdF+C``."""
    dice = re.match(r"(\d+)d(\d+)", expr)
    assert dice is not None, expr
    return [int(dice[2])] * int(dice[1])


def answer(expr: str, dice: list[int], seed: int | None) -> dict[str, Any]:
    """A ``roll`` step's full answer for ``expr`` rolled as ``dice``."""
    dice_part, _, constant = expr.partition("+")
    total = sum(dice) + int(constant or 0)
    return {"procedure": "roll", "input": {"expr": expr},
            "rolls": [{"label": "roll", "notation": dice_part, "results": dice,
                       "total": sum(dice)}],
            "result": {"total": total}, "chance": None, "text": f"Hod {expr}: {total}.",
            "seed": seed, "rule": {"id": "dice-notation"}}


def replay(procedure: str, given: dict[str, Any], seed: int) -> dict[str, Any]:
    """The stateless ``roll`` procedure, as the API would answer it."""
    assert procedure == "roll"
    return answer(given["expr"], seeded(seed, expr_faces(given["expr"])), seed)


def entry(seq: int, epoch: int, kind: str, **members: Any) -> dict[str, Any]:
    return {"seq": seq, "at": f"2026-05-01T18:{seq:02d}:00+00:00", "epoch": epoch, "kind": kind,
            "hidden": False, "title": kind, "text": f"Záznam {seq}", "input": {}, "events": [],
            "answers": [], "offers": [], "seed": None, "dice": None, "steps": [],
            "undoes": None, **members}


def drawn(seq: int, epoch: int, kind: str, key: bytes, exprs: list[str],
          nonce: str | None = None, **members: Any) -> dict[str, Any]:
    """An entry whose steps roll ``exprs`` with seeds drawn under ``key``."""
    steps, answers = [], []
    for step, expr in enumerate(exprs):
        seed = hmac_seed(key, f"{CHAIN_ID}/{seq}/{step}" + (f"/{nonce}" if nonce else ""))
        steps.append({"procedure": "roll", "origin": "drawn", "seed": seed, "dice": None})
        answers.append(answer(expr, seeded(seed, expr_faces(expr)), seed))
    return entry(seq, epoch, kind, steps=steps, answers=answers, **members)


def hidden_full() -> dict[str, Any]:
    """Entry 5 as it would have read had it not been hidden."""
    return {**drawn(5, 1, "roll", KEY_1, ["1d20"], NONCE), "hidden": True}


def stub(seq: int, epoch: int, full: dict[str, Any], nonce: str) -> dict[str, Any]:
    sealed = sha(f"{nonce}\n".encode() + rfc8785.dumps(full))
    return entry(seq, epoch, "hidden", hidden=True, title="Skrytý hod", text="PJ hodil skrytě",
                 sealed=sealed)


def chained(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries with their hashes: each over the previous hash and its public form."""
    prev, log = CHAIN_ID, []
    for item in entries:
        public = {name: value for name, value in item.items() if name != "hash"}
        prev = sha(prev.encode() + b"\n" + rfc8785.dumps(public))
        log.append({**public, "hash": prev})
    return log


def exported(entries: list[dict[str, Any]]) -> dict[str, Any]:
    log = chained(entries)
    return {"format": "rpg-companion/expedition", "format_version": 2, "kind": "public",
            "id": CHAIN_ID, "chain_id": CHAIN_ID, "name": "Hrobka pod Vraním vrchem",
            "head": {"seq": log[-1]["seq"], "hash": log[-1]["hash"]}, "log": log}


def given_seed_entry() -> dict[str, Any]:
    """Entry 3: an action with the client's seed; its one step's seed derives from it."""
    seed = random.Random(ACTION_SEED).randrange(2**53)
    step = {"procedure": "roll", "origin": "seed", "seed": seed, "dice": None}
    return entry(3, 1, "roll", seed=ACTION_SEED, steps=[step],
                 answers=[answer("1d20", seeded(seed, [20]), seed)])


def table_dice_entry() -> dict[str, Any]:
    """Entry 4: the table's dice, 3 and 5, for 2d6."""
    step = {"procedure": "roll", "origin": "dice", "seed": None, "dice": [3, 5]}
    return entry(4, 1, "roll", dice=[3, 5], steps=[step], answers=[answer("2d6", [3, 5], None)])


def played(*, reveal_hidden: bool = True) -> list[dict[str, Any]]:
    """Nine entries: epoch 1 (a start, drawn, given seed, table dice, hidden, its key revealed),
    then epoch 2 (the hidden entry revealed, a drawn step waiting for its key, an undo)."""
    full = hidden_full()
    seventh = (entry(7, 2, "reveal-entry", reveals={"seq": 5, "nonce": NONCE, "entry": full})
               if reveal_hidden else entry(7, 2, "note"))
    return [
        entry(1, 1, "start", commitment={"epoch": 1, "sha256": sha(KEY_1), "from_seq": 1}),
        drawn(2, 1, "shift", KEY_1, ["1d6", "2d6+1"]),
        given_seed_entry(),
        table_dice_entry(),
        stub(5, 1, full, NONCE),
        entry(6, 1, "reveal-key", revealed={"epoch": 1, "key": KEY_1.hex()},
              commitment={"epoch": 2, "sha256": sha(KEY_2), "from_seq": 7}),
        seventh,
        drawn(8, 2, "roll", KEY_2, ["1d8+1"]),
        entry(9, 2, "undo", undoes=4),
    ]


EXPORT = exported(played())


# -- an honest export -------------------------------------------------------------------------

def test_an_honest_export_verifies_with_every_roll_counted_by_its_origin() -> None:
    calls: list[tuple[str, int]] = []

    def counted(procedure: str, given: dict[str, Any], seed: int) -> dict[str, Any]:
        calls.append((given["expr"], seed))
        return replay(procedure, given, seed)

    report = verify(EXPORT, counted)
    assert report == Report(verified=3, physical=1, given_seed=1, hidden=0, waiting=1,
                            mismatches=0, first_failure=None)
    assert report.ok
    # Every seeded step was replayed (the three verified, the given seed, the waiting one).
    assert [expr for expr, _ in calls] == ["1d6", "2d6+1", "1d20", "1d20", "1d8+1"]


def test_before_any_key_is_revealed_drawn_steps_wait_and_the_hidden_roll_stays_hidden() -> None:
    report = verify(exported(played()[:5]), replay)
    assert report == Report(verified=0, physical=1, given_seed=1, hidden=1, waiting=2)


def test_a_hidden_entry_not_revealed_stays_hidden_after_its_key_is_revealed() -> None:
    report = verify(exported(played(reveal_hidden=False)), replay)
    assert report == Report(verified=2, physical=1, given_seed=1, hidden=1, waiting=1)


def test_a_gm_export_s_secrets_verify_the_current_epoch_and_the_hidden_entry() -> None:
    document = exported(played(reveal_hidden=False))
    document |= {"kind": "gm", "secrets": {
        "key": {"epoch": 2, "key": KEY_2.hex()},
        "hidden": [{"seq": 5, "nonce": NONCE, "entry": hidden_full()}]}}
    assert verify(document, replay) == Report(verified=2, physical=1, given_seed=1, hidden=1,
                                              waiting=1)
    assert verify(document, replay, use_secrets=True) == Report(
        verified=4, physical=1, given_seed=1, hidden=1, waiting=0)
    document["secrets"]["hidden"][0]["nonce"] = "ee" * 16
    assert verify(document).first_failure == (
        9, "entry 9 (the GM's secrets): revealed hidden entry 5: sha256 of the nonce and the full"
           " form does not match the stub's 'sealed'")
    document["secrets"]["key"]["key"] = KEY_1.hex()
    assert verify(document).first_failure == (
        9, "the GM's secret key does not match the commitment of epoch 2")


# -- any byte of any entry --------------------------------------------------------------------


LEAVES = [(position + 1, path) for position, item in enumerate(EXPORT["log"])
          for path in leaves(item)]


@pytest.mark.parametrize(("seq", "path"), LEAVES, ids=[
    f"{seq}:{'.'.join(map(str, path))}" for seq, path in LEAVES])
def test_any_changed_value_of_any_entry_is_caught_at_that_entry(
        seq: int, path: tuple[Any, ...]) -> None:
    document = copy.deepcopy(EXPORT)
    *parents, last = (seq - 1, *path)
    holder = document["log"]
    for step in parents:
        holder = holder[step]
    holder[last] = changed(holder[last])
    report = verify(document, replay)
    assert report.first_failure is not None
    assert report.first_failure[0] == seq, report.first_failure
    assert not report.ok


def test_every_member_of_every_entry_is_among_the_values_changed() -> None:
    assert {(seq, path[0]) for seq, path in LEAVES} == {
        (item["seq"], name) for item in EXPORT["log"] for name in item}


# -- order and numbering ----------------------------------------------------------------------

def test_two_entries_swapped_are_caught_where_the_order_breaks() -> None:
    document = copy.deepcopy(EXPORT)
    log = document["log"]
    log[2], log[3] = log[3], log[2]
    assert verify(document).first_failure == (
        3, "entry 3 expected here, found seq 4: the log is out of order or has a gap")


def test_an_entry_left_out_is_caught_where_the_gap_is() -> None:
    document = copy.deepcopy(EXPORT)
    del document["log"][3]
    failure = verify(document).first_failure
    assert failure is not None
    assert failure[0] == 4
    assert "out of order or has a gap" in failure[1]


def test_a_head_that_is_not_the_last_entry_is_caught() -> None:
    document = copy.deepcopy(EXPORT)
    document["log"].pop()
    assert verify(document).first_failure == (
        9, f"the export's head {EXPORT['head']!r} is not its last entry")


# -- a forger who recomputes the chain: the deeper checks -------------------------------------

def rechained(mutate: Callable[[list[dict[str, Any]]], None]) -> dict[str, Any]:
    """The export with ``mutate`` applied to its entries and every hash recomputed."""
    entries = played()
    mutate(entries)
    return exported(entries)


def other_drawn_seed(entries: list[dict[str, Any]]) -> None:
    """Entry 2's second step with a seed not drawn from the key (dice made to follow it)."""
    seed = 123_456_789
    entries[1]["steps"][1]["seed"] = seed
    entries[1]["answers"][1] = answer("2d6+1", seeded(seed, [6, 6]), seed)


def unsealed_hidden_seed(entries: list[dict[str, Any]]) -> None:
    """The hidden roll's seed drawn without its nonce, stub resealed to fit."""
    full = hidden_full()
    seed = hmac_seed(KEY_1, f"{CHAIN_ID}/5/0")
    full["steps"][0]["seed"] = seed
    full["answers"][0] = answer("1d20", seeded(seed, [20]), seed)
    entries[4] = stub(5, 1, full, NONCE)
    entries[6]["reveals"]["entry"] = full


def set_path(index: int, path: tuple[Any, ...], value: Any) -> Callable[
        [list[dict[str, Any]]], None]:
    def mutate(entries: list[dict[str, Any]]) -> None:
        holder: Any = entries[index]
        for step in path[:-1]:
            holder = holder[step]
        holder[path[-1]] = value
    return mutate


FORGERIES = {
    "revealed key not the committed one": (
        set_path(5, ("revealed", "key"), KEY_2.hex()), 6,
        "entry 6: the revealed key of epoch 1 does not match that epoch's commitment"),
    "start committed to another key": (
        set_path(0, ("commitment", "sha256"), sha(KEY_2)), 6,
        "entry 6: the revealed key of epoch 1 does not match that epoch's commitment"),
    "next epoch's commitment from the wrong entry": (
        set_path(5, ("commitment", "from_seq"), 8), 6,
        "entry 6: the commitment is not that of epoch 2 from entry 7"),
    "drawn seed not from the key": (
        other_drawn_seed, 2,
        "entry 2, step 1: seed 123456789 is not the HMAC of its epoch's key"),
    "dice not following the seed": (
        set_path(1, ("answers", 0, "rolls", 0, "results"), [7]), 2,
        "entry 2, step 0: the dice [7] do not follow seed"),
    "given seed not derived from the action's": (
        set_path(2, ("seed", ), 43), 3, "entry 3, step 0: seed"),
    "table dice not the answer's": (
        set_path(3, ("steps", 0, "dice"), [5, 3]), 4, "entry 4, step 0: a dice step's dice"),
    "wrong nonce": (
        set_path(6, ("reveals", "nonce"), "ff" * 16), 7,
        "entry 7: revealed hidden entry 5: sha256 of the nonce and the full form does not match"),
    "revealed result not the sealed one": (
        set_path(6, ("reveals", "entry", "answers", 0, "result", "total"), 20), 7,
        "entry 7: revealed hidden entry 5: sha256 of the nonce"),
    "hidden seed drawn without its nonce": (
        unsealed_hidden_seed, 7, "entry 7 (hidden entry 5), step 0: seed"),
    "reveal of an entry that is not hidden": (
        set_path(6, ("reveals", "seq"), 4), 7,
        "entry 7: revealed hidden entry 4 is not an earlier hidden stub"),
    "a step in the wrong epoch": (set_path(7, ("epoch",), 1), 8,
                                  "entry 8 is in epoch 1, expected 2"),
    "a commitment slipped into an ordinary entry": (
        set_path(2, ("commitment",), {"epoch": 1, "sha256": sha(KEY_2), "from_seq": 1}), 3,
        "entry 3 of kind 'roll' carries 'commitment'"),
    "seq written as true": (set_path(0, ("seq",), True), 1,
                            "entry 1 expected here, found seq True"),
    "table dice off the die": (
        set_path(3, ("answers", 0, "rolls", 0, "results"), [7, 5]), 4,
        "entry 4, step 0: a dice step's dice [3, 5] are not its answer's [7, 5]"),
    "table dice left over": (
        set_path(3, ("dice",), [3, 5, 6]), 4,
        "entry 4: the action's dice [3, 5, 6] were not all used"),
    "a notation rolling other dice than the results": (
        set_path(1, ("answers", 0, "rolls", 0, "notation"), "2d6"), 2,
        "entry 2, step 0: the notations roll 2 dice, the results list 1"),
    "an origin the format does not know": (
        set_path(2, ("steps", 0, "origin"), "server"), 3,
        "entry 3, step 0: unknown origin 'server'"),
    "a stub that shows its dice": (
        set_path(4, ("steps",), [{"procedure": "roll", "origin": "drawn", "seed": 1,
                                  "dice": None}]), 5,
        "entry 5: a hidden stub shows more than a stub may"),
}


@pytest.mark.parametrize(("mutate", "seq", "why"), FORGERIES.values(), ids=FORGERIES.keys())
def test_a_rechained_forgery_is_caught_and_named(
        mutate: Callable[[list[dict[str, Any]]], None], seq: int, why: str) -> None:
    report = verify(rechained(mutate), replay)
    assert report.first_failure is not None
    assert report.first_failure[0] == seq
    assert report.first_failure[1].startswith(why), report.first_failure


def test_table_dice_that_do_not_fit_their_die_are_caught() -> None:
    def seven(entries: list[dict[str, Any]]) -> None:
        entries[3] |= {"dice": [7, 5]}
        entries[3]["steps"][0]["dice"] = [7, 5]
        entries[3]["answers"][0] = answer("2d6", [7, 5], None)

    assert verify(rechained(seven)).first_failure == (
        4, "entry 4, step 0: the dice [7, 5] do not fit their dice [6, 6]")


def test_what_is_not_an_export_is_refused() -> None:
    with pytest.raises(ValueError, match="format version 2"):
        verify({**EXPORT, "format_version": 1})
    with pytest.raises(ValueError, match="non-empty log"):
        verify({**EXPORT, "log": []})


def test_a_result_the_procedure_does_not_give_is_caught_by_the_replay() -> None:
    document = rechained(set_path(1, ("answers", 0, "result", "total"), 99))
    assert verify(document).ok  # without a replay nothing checks the result
    assert verify(document, replay).first_failure == (
        2, "entry 2, step 0: replaying roll with seed "
           f"{EXPORT['log'][1]['steps'][0]['seed']} gives another result")


# -- the head a player remembers --------------------------------------------------------------

def test_the_chain_passes_through_every_head_it_had() -> None:
    assert all(verify_head(EXPORT, {"seq": item["seq"], "hash": item["hash"]})
               for item in EXPORT["log"])


def test_a_rewritten_history_no_longer_passes_through_a_remembered_head() -> None:
    remembered = {"seq": 6, "hash": EXPORT["log"][5]["hash"]}
    rewritten = rechained(set_path(3, ("answers", 0, "text"), "Hod 2d6: 12."))
    assert verify(rewritten, replay).ok  # rehashed: consistent in itself
    assert not verify_head(rewritten, remembered)
    assert verify_head(rewritten, {"seq": 3, "hash": EXPORT["log"][2]["hash"]})


# -- the building blocks ----------------------------------------------------------------------

@pytest.mark.parametrize(("notation", "faces"), [
    ("1d20", [20]), ("2d6", [6, 6]), ("2d20kh1", [20, 20]), ("1d8+1", [8]),
    ("2d6+1d4-1", [6, 6, 4]), ("4d6kh3", [6, 6, 6, 6]), ("1d100", [100]), ("3", [])])
def test_a_notation_gives_the_faces_of_its_dice_in_order(notation: str, faces: list[int]) -> None:
    assert faces_of(notation) == faces


def test_the_verifier_reads_nothing_of_the_server_s_code() -> None:
    source = (Path(__file__).parent / "chain_verifier.py").read_text(encoding="utf-8")
    imported = re.findall(r"^\s*(?:from|import)\s+([\w.]+)", source, re.MULTILINE)
    assert sorted(set(imported)) == [
        "__future__", "collections.abc", "dataclasses", "hashlib", "hmac", "random", "re",
        "rfc8785", "typing"]


# -- the site page's worked example -----------------------------------------------------------

def page_value(name: str) -> str:
    """A value the page's worked example states as ``name: `value` `` (code in backticks)."""
    found = re.search(rf"^- {re.escape(name)}: `([^`]+)`", PAGE.read_text(encoding="utf-8"),
                      re.MULTILINE)
    assert found, f"the page states no {name!r}"
    return found.group(1)


def test_the_page_s_worked_example_recomputes_from_its_own_text() -> None:
    key, chain_id = bytes.fromhex(page_value("klíč")), page_value("id výpravy")
    message = page_value("zpráva")
    assert message == f"{chain_id}/{page_value('pořadí záznamu')}/{page_value('krok')}"
    assert page_value("otisk klíče") == sha(key)
    digest = hmac.new(key, message.encode(), "sha256").digest()
    assert page_value("HMAC-SHA256") == digest.hex()
    assert page_value("prvních 8 bajtů") == digest[:8].hex()
    assert int(page_value("jako číslo")) == int.from_bytes(digest[:8], "big")
    seed = int.from_bytes(digest[:8], "big") >> 11
    assert int(page_value("seed")) == seed
    seq, step = int(page_value("pořadí záznamu")), int(page_value("krok"))
    assert drawn_seed(key, chain_id, seq, step) == seed
    assert [int(page_value("k20"))] == dice_from_seed(seed, [20]) == seeded(seed, [20])
