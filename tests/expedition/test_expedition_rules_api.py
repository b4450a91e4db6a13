"""Issue 19 through the API, on a SQLite file and on a real PostgreSQL (``db_app``): the ten
divergences, hidden encounters, the conventions (unknown query fields, the bearer token in the
OpenAPI document), the rest of the rules of section 6b, and export → import of every kind of
expedition the API can make.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from tests.expedition.conftest import Table, as_version_1

DAY = 144  # shifts


def party(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {member["name"]: member for member in state["party"]}


def said(acted: dict[str, Any]) -> str:
    entry = acted["entry"]
    return " ".join([entry["text"], *entry["events"]])


def round_trip(table: Table) -> None:
    """Export, import, and the copy reads, acts and exports as the original does."""
    client = table.client
    document = client.get(f"/api/v1/expeditions/{table.id}/export", headers=table.gm)
    assert document.status_code == 200
    imported = client.post("/api/v1/expeditions/import", json=document.get_json())
    assert imported.status_code == 201, imported.get_json()
    copy = Table(client, imported.get_json())
    original, moved = table.read(entries=100), copy.read(entries=100)
    assert moved["state"] == original["state"] and moved["version"] == original["version"]
    assert moved["log"] == original["log"]
    assert copy.read(copy.players, entries=100)["state"] == table.read(
        table.players, entries=100)["state"]
    again = client.get(f"/api/v1/expeditions/{copy.id}/export", headers=copy.gm).get_json()
    assert {**again, "id": None} == {**document.get_json(), "id": None}
    # It acts as the original does.
    act = {"kind": "round"} if original["state"]["encounter"] else {"kind": "shift", "seed": 99}
    assert copy.act(**act)["state"] == table.act(**act)["state"]


# --- the ten divergences ------------------------------------------------------------------------


def test_1_fast_travel_takes_the_party_into_the_wilderness(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), supplies=40)
    journey = table.act("fast-travel", dice=[2], days=7)
    assert journey["state"]["mode"] == "wilderness"
    assert "Výprava vyráží do divočiny." in journey["entry"]["events"]
    assert table.act("shift")["entry"]["answers"] == []
    assert "směna" not in table.read()["state"]["clock_text"]
    met = table.act("encounter", seed=5, sides=["hráči", "goblini"])["entry"]["text"]
    assert met.startswith("Setkání (venku): ") and "uvnitř" not in met
    # Going back underground is logged as a move, not "Jinde".
    assert table.act("mode", mode="dungeon")["entry"]["title"] == "Přesun"


def test_2_two_forced_marches_then_a_dungeon_rest(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), mode="wilderness", effects=[])
    for _ in range(2):
        table.act("travel-day", dice=[5, 4], forced_march=True)
    assert table.read()["state"]["since_rest_text"] == "48 h 0 min"
    table.act("mode", mode="dungeon")
    rest = table.act("rest", dice=[6])
    assert rest["state"]["last_rest_at"] == rest["state"]["clock"]
    early = table.act("rest", 422, dice=[6])
    assert early["message"].startswith(
        "Na odpočinek je brzy: od posledního odpočinku uběhlo 0 h 0 min.")


def test_3_a_forced_march_then_a_shift_is_one_sleepless_day(db_app: Flask) -> None:
    # Supplies to eat on the way: hunger is another rule, held elsewhere.
    table = Table.create(db_app.test_client(), mode="wilderness", effects=[], supplies=100)
    table.act("travel-day", dice=[5, 4], forced_march=True)
    table.act("mode", mode="dungeon")
    shift = table.act("shift")
    assert {m["fatigue"] for m in shift["state"]["party"]} == {1}
    assert "odpočinku" not in said(shift)
    assert "bez odpočinku" not in shift["entry"]["answers"][0]["text"]
    # The next falls 24 h after the march's (a day of shifts, every 2nd check meeting nothing)
    # and is charged once, beside the day without food that falls at the same shift; the shifts
    # after it say nothing of it.
    day = table.act("shift", dice=[6] * (DAY // 2 - 1), count=DAY - 2)
    assert {m["fatigue"] for m in day["state"]["party"]} == {1}
    assert not any("bez odpočinku" in a["text"] for a in day["entry"]["answers"])
    due = table.act("shift", dice=[6])
    assert {m["fatigue"] for m in due["state"]["party"]} == {3}
    assert said(due).count("Bez odpočinku: únava pro celou družinu.") == 1
    assert said(due).count("Hlad a žízeň: 1 den bez jídla navíc") == 1
    assert due["entry"]["answers"][-1]["text"].endswith("24 h bez odpočinku → 1 bod únavy.")
    later = table.act("shift")
    assert {m["fatigue"] for m in later["state"]["party"]} == {3}
    assert "odpočinku" not in said(later)
    assert "bez odpočinku" not in later["entry"]["answers"][0]["text"]


def test_4_subdual_and_hit_points_set_to_0(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    knocked = table.act("attack", dice=[20, 3], target="Dan",
                        attack={"ac": 12, "damage": "1d6+4", "subdual": True})
    dan = party(knocked["state"])["Dan"]
    assert (dan["hp"], dan["status"], dan["unconscious_shifts"]) == (0, "unconscious", 3)
    assert [a["procedure"] for a in knocked["entry"]["answers"]] == ["attack", "roll"]
    healed = table.act("heal", character="Dan", magic=2)
    assert party(healed["state"])["Dan"]["status"] == "ok"
    edited = table.act("edit-character", character="Ota", hp=0)
    assert party(edited["state"])["Ota"]["status"] == "dead"
    assert edited["entry"]["offers"] == [
        {"action": "death-save", "input": {"character": "Ota"}, "missing": []}]


def test_5_the_offered_saving_throw_works(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("edit-character", character="Ota", fatigue=6)
    tired = table.act("fatigue", character="Ota", reasons=["illness"])
    offer = tired["entry"]["offers"]
    assert offer == [{"action": "saving-throw", "input": {"character": "Ota", "against": "death"},
                      "missing": ["target"]}]
    saved = table.act("saving-throw", dice=[20], **offer[0]["input"], target=12)
    assert party(saved["state"])["Ota"]["status"] == "ok"
    assert not party(saved["state"])["Ota"]["fatigue_save_due"]


def test_6_checks_fall_due_by_the_clock(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("encounter", seed=3, sides=["hráči", "goblini"])
    ended = table.act("encounter-end", dice=[6], rounds=150)
    assert [a["procedure"] for a in ended["entry"]["answers"]] == [
        "encounter-duration", "dungeon-turn"]
    run = table.act("shift", dice=[6, 1], count=6)  # turns 3..8: checks on 4 and 6
    assert run["state"]["clock"] == 6 and run["state"]["dungeon_turn"] == 6
    assert run["entry"]["text"].startswith("Uběhly 4 z 6 směn, pak přišlo putující monstrum")


def test_7_morale_after_a_failure_and_outside_an_encounter(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    outside = table.act("morale", dice=[2, 3], group="goblini", morale=7)
    assert outside["entry"]["text"] == "Morálka skupiny goblini: drží; mimo setkání se " \
        "úspěchy nepočítají."
    table.act("encounter", seed=3, sides=["hráči", "goblini"])
    table.act("morale", dice=[6, 6], group="goblini", morale=7)
    again = table.act("morale", 422, dice=[1, 1], group="goblini", morale=7)
    assert "„V případě neúspěchu stvoření většinou uteče nebo se vzdá.“" in again["message"]
    assert list(again["errors"]) == ["group"]


def test_8_travel_day_takes_activities(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), mode="wilderness")
    day = table.act("travel-day", dice=[4, 1, 3, 2, 4, 5, 6, 6],
                    activities=[{"group": "Eva, Ota", "activity": "forage"},
                                {"group": "Dan, Iva", "activity": "explore"}])
    assert day["state"]["supplies"] == 12 + 3
    assert "Nalezeny 3 zásoby." in day["entry"]["events"]


def test_9_the_sheets_oc_with_the_fatigue_penalty(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), party=[
        {"name": "Eva", "max_hp": 10, "ac": 14, "fatigue": 2}])
    bite = table.act("attack", dice=[12, 3], attacker="vlk", target="Eva",
                     attack={"damage": "1d6"})
    defense, attack = bite["entry"]["answers"]
    assert defense["result"]["ac"] == 12 and attack["input"]["ac"] == 12
    assert party(bite["state"])["Eva"]["hp"] == 7
    missing = table.act("attack", 422, target="vlk", attack={"damage": "1d6"})
    assert list(missing["errors"]) == ["attack.ac"]


def test_10_an_encounter_without_sides_exports_and_imports(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("encounter", seed=5)
    exported = table.client.get(f"/api/v1/expeditions/{table.id}/export",
                                headers=table.gm).get_json()
    assert "sides" not in exported["log"][1]["input"]
    round_trip(table)
    # An export written before (an encounter's "sides": null) still imports.
    exported = as_version_1(exported)
    old = {**exported, "log": [*exported["log"][:1],
                               {**exported["log"][1], "input": {**exported["log"][1]["input"],
                                                                "sides": None}}]}
    assert table.client.post("/api/v1/expeditions/import", json=old).status_code == 201


# --- every kind of expedition round-trips ---------------------------------------------------------

SCENES: dict[str, Callable[[Table], None]] = {
    "hidden encounter with creatures, revealed": lambda t: (
        t.act("encounter", seed=1, hidden=True, sides=["hráči", "goblini"],
              creatures=[{"name": "skřeti", "count": 3, "hp": 4, "ac": 12, "morale": 7}]),
        t.act("attack", seed=2, hidden=True, attacker="skřeti 1", target="Eva",
              attack={"ac": 10, "damage": "1d6"}),
        t.act("reveal"),
        t.act("attack", seed=3, attacker="Eva", target="skřeti 2", attack={"damage": "1d8"}),
        t.act("morale", seed=4, group="goblini"),
        t.act("encounter-end", seed=5)),
    "a night watch broken, then a day of travel": lambda t: (
        t.act("mode", mode="wilderness"),
        t.act("rest", dice=[4, 4, 4, 1]),
        t.act("travel-day", seed=6, activities=[{"group": "Eva", "activity": "forage"}],
              night_chance=2)),
    "hunger, a forced march, a safe building": lambda t: (
        t.act("mode", mode="wilderness"),
        t.act("shift", count=DAY),
        t.act("shift", count=DAY),
        t.act("travel-day", seed=7, forced_march=True),
        t.act("rest", seed=8, safe_building=True, night_check=False)),
    "a subdued character, checks and saves": lambda t: (
        t.act("attack", seed=9, target="Dan", attack={"ac": 1, "damage": "1d6+10",
                                                      "subdual": True}),
        t.act("saving-throw", seed=10, character="Eva"),
        t.act("skill-check", seed=11, character="Ota", dc=12),
        t.act("persistent-damage", seed=12, target="Iva", damage="1d4", rounds=2),
        t.act("shift", seed=13, count=5, noise=True)),
    "death, destructive, and an undo": lambda t: (
        t.act("damage", character="Dan", amount=20, destructive=True),
        t.act("death-save", seed=14, character="Dan", destructive=True),
        t.act("fatigue", seed=15, character="Eva", reasons=["illness"], magic=0),
        t.undo(),
        t.act("rest", seed=16, force=True)),
    "fast travel with the damage shared later, then town": lambda t: (
        t.act("supplies", change=28),
        t.act("fast-travel", seed=17, days=9),  # 36 supplies for 4 mouths, 30 paid: 6 damage
        t.act("split-damage", seed=18, allocation={"Eva": 6}),
        t.act("mode", mode="civilization"),
        t.act("rest", days=2)),
}


@pytest.mark.parametrize("scene", list(SCENES))
def test_every_kind_of_expedition_round_trips(db_app: Flask, scene: str) -> None:
    table = Table.create(db_app.test_client(), supplies=2)
    SCENES[scene](table)
    round_trip(table)


# --- hidden encounters, the conventions ---------------------------------------------------------


def test_a_hidden_encounter_is_absent_from_the_players_state_until_revealed(
        db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("encounter", seed=4, hidden=True, sides=["hráči", "goblini"],
              creatures=[{"name": "vlk", "hp": 5, "ac": 11}])
    assert table.read(table.players)["state"]["encounter"] is None
    assert table.read()["state"]["encounter"]["sides"] == ["hráči", "goblini"]
    bite = table.act("attack", dice=[20], hidden=True, attacker="vlk", target="Eva",
                     attack={"ac": 10, "damage": "1d6"})
    players = table.read(table.players)
    assert party(players["state"])["Eva"]["hp"] == party(bite["state"])["Eva"]["hp"] == 4
    assert players["log"][0]["text"] == "PJ hodil skrytě."
    revealed = table.act("reveal")
    assert revealed["entry"]["text"] == "PJ odhaluje setkání (uvnitř): hráči, goblini; kolo 0."
    shown = table.read(table.players)["state"]["encounter"]
    assert shown["sides"] == ["hráči", "goblini"] and shown["creatures"][0]["name"] == "vlk"
    assert table.act("reveal", 422)["errors"] == {
        "action": ["Setkání není skryté: není co odhalit."]}


@pytest.mark.parametrize(("path", "query"), [
    ("", "entires=1"), ("/log", "limt=3"), ("/export", "x=1"), ("/players-link", "lang=cs&y=2"),
])
def test_unknown_query_fields_are_named_in_a_422(db_app: Flask, path: str, query: str) -> None:
    table = Table.create(db_app.test_client())
    answer = table.client.get(f"/api/v1/expeditions/{table.id}{path}?{query}", headers=table.gm)
    assert answer.status_code == 422
    unknown = query.rsplit("&", 1)[-1].split("=")[0]
    assert answer.get_json()["errors"] == {unknown: ["Neznámé pole: tento postup ho nezná."]}


def test_a_posts_query_may_only_choose_the_language_and_format(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    typo = table.client.post(f"/api/v1/expeditions/{table.id}/actions/shift?formt=text",
                             json={"version": 1}, headers=table.gm)
    assert typo.status_code == 422 and list(typo.get_json()["errors"]) == ["formt"]
    fine = table.client.post(f"/api/v1/expeditions/{table.id}/actions/shift?format=text&lang=en",
                             json={"version": 1}, headers=table.gm)
    assert fine.status_code == 200 and fine.get_data(as_text=True).startswith("A shift passes")


def test_the_openapi_document_says_how_the_token_is_sent(db_app: Flask) -> None:
    document = db_app.test_client().get("/api/v1/openapi.json").get_json()
    assert document["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    without = {("post", "/api/v1/expeditions"), ("post", "/api/v1/expeditions/import")}
    operations = [(method, path, operation) for path, item in document["paths"].items()
                  if path.startswith("/api/v1/expeditions")
                  for method, operation in item.items() if method in ("get", "post")]
    assert len(operations) > 20
    for method, path, operation in operations:
        expected = None if (method, path) in without else [{"bearer": []}]
        assert operation.get("security") == expected, (method, path)


# --- the rest of the rules (section 6b) ---------------------------------------------------------


def test_shifts_at_once_are_bounded(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), mode="wilderness")
    assert "count" in table.act("shift", 422, count=145)["errors"]
    assert table.act("shift", count=DAY)["state"]["clock"] == DAY


def test_the_night_watch_through_the_api(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), mode="wilderness")
    broken = table.act("rest", dice=[4, 4, 4, 2], night_chance=2)
    assert broken["entry"]["offers"] == [{"action": "encounter", "input": {}, "missing": []}]
    assert broken["state"]["clock"] == 24 and broken["state"]["last_rest_at"] == 0
    calm = table.act("rest", dice=[4, 4, 4], night_check=False)
    assert calm["state"]["last_rest_at"] == calm["state"]["clock"]


def test_darkness_through_the_api(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), effects=[])
    assert table.read(table.players)["state"]["dark"] is True
    ranged = table.act("attack", 422, attacker="Eva",
                       attack={"ac": 10, "damage": "1d6", "ranged": True})
    assert "Útoky na dálku nejsou možné" in ranged["message"]
    lit = table.act("add-effect", name="Lucerna", shifts=12, light=True)
    assert lit["state"]["dark"] is False
    assert "Světlo: družina už není ve tmě." in lit["entry"]["events"]


def test_hunger_through_the_api(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), mode="wilderness", hunger_points=2)
    table.act("shift", count=DAY)
    hungry = table.act("shift", count=DAY)
    assert {m["fatigue"] for m in hungry["state"]["party"]} == {2}
    assert hungry["state"]["hungry_days"] == 1 and hungry["state"]["hunger_points"] == 2
    assert [a["input"]["hungry_days"] for a in hungry["entry"]["answers"]] == [1] * 4


def test_fatigue_shed_in_safety_and_the_gms_decisions(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), effects=[], party=[
        {"name": "Eva", "max_hp": 10, "fatigue": 4}])
    forced = table.act("rest", dice=[6], force=True, safe_building=True)
    assert party(forced["state"])["Eva"]["fatigue"] == 3
    assert "PJ rozhodl odpočívat dřív" in " ".join(forced["entry"]["events"])
    lifted = table.act("fatigue", character="Eva", magic=2)
    assert party(lifted["state"])["Eva"]["fatigue"] == 1


def test_creatures_through_the_api(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    met = table.act("encounter", seed=4, sides=["hráči", "goblini"],
                    creatures=[{"name": "skřeti", "count": 5, "hp": 4, "ac": 12, "morale": 7}])
    assert [c["name"] for c in met["state"]["encounter"]["creatures"]] == [
        f"skřeti {n}" for n in range(1, 6)]
    assert met["state"]["encounter"]["creatures"][0]["status_text"] == "v boji"
    hit = table.act("attack", dice=[20], attacker="Eva", target="skřeti 1",
                    attack={"damage": "1d6"})
    goblin = hit["state"]["encounter"]["creatures"][0]
    assert (goblin["status"], goblin["status_text"]) == ("dead", "mrtvé stvoření")
    morale = table.act("morale", dice=[3, 3], group="goblini")
    assert morale["entry"]["answers"][0]["input"]["morale"] == 7
    ended = table.act("encounter-end")
    assert "Mrtvé stvoření: skřeti 1." in ended["entry"]["events"]
    assert "creatures" in table.act("encounter", 422, seed=1, creatures=[
        {"name": "x", "hp": 0}])["errors"]


def test_saves_checks_and_persistent_damage_through_the_api(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("edit-character", character="Eva", fatigue=1)
    save = table.act("saving-throw", dice=[12], character="Eva", against="death")
    assert save["entry"]["answers"][0]["input"]["target"] == 12
    assert save["entry"]["answers"][0]["input"]["fatigue"] == 1
    assert "target" in table.act("saving-throw", 422, character="Ota")["errors"]
    check = table.act("skill-check", dice=[10], character="Eva", difficulty="lehka")
    assert check["entry"]["answers"][0]["input"]["fatigue"] == 1
    burn = table.act("persistent-damage", dice=[3], target="Ota", damage="1d4")
    assert party(burn["state"])["Ota"]["hp"] == 5


def test_destructive_blows_through_the_api(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    killed = table.act("damage", character="Dan", amount=7, destructive=True)
    assert any(event.startswith("Dan: výbava je zničená") for event in killed["entry"]["events"])
    offer = killed["entry"]["offers"][0]
    assert offer == {"action": "magic-items", "input": {"character": "Dan"},
                     "missing": ["items", "target"]}
    items = table.act("magic-items", dice=[15, 3], **offer["input"], target=12,
                      items=[{"name": "Hůl"}, {"name": "Kniha kouzel"}])
    answer = items["entry"]["answers"][0]
    assert [i["survives"] for i in answer["result"]["items"]] == [True, False]
    assert "předmět Hůl" in answer["text"] and answer["text"].endswith("Přežil 1 z 2.")
    saved = table.act("death-save", dice=[1, 2], character="Dan", destructive=True)
    assert any("výbava je zničená" in event for event in saved["entry"]["events"])



def test_a_state_written_before_these_rules_reads_and_acts(db_app: Flask) -> None:
    # An expedition kept before: no hunger, OČ, creatures or hidden encounters in its records,
    # and its exploring hours. It reads with defaults (fed now, not days hungry) and plays on.
    from sqlalchemy import select

    from api.expeditions.models import ExpeditionRow

    table = Table.create(db_app.test_client())
    table.act("shift", count=30, dice=[6] * 15)
    table.act("encounter", seed=3, sides=["hráči", "goblini"])
    database = db_app.extensions["rpg_expeditions"].database
    with database.writing() as session:
        row = session.execute(select(ExpeditionRow).where(
            ExpeditionRow.public_id == table.id)).scalar_one()
        old = {key: value for key, value in row.state.items()
               if key not in ("fed_at", "hungry_days", "hunger_points")}
        old["exploring"] = 30
        old["party"] = [{key: value for key, value in member.items()
                         if key not in ("ac", "fatigue_save_due")} for member in old["party"]]
        old["encounter"] = {key: old["encounter"][key]
                            for key in ("sides", "players", "started_at", "rounds")}
        row.state = old
    state = table.read(table.players)["state"]
    assert (state["fed_at"], state["hungry_days"], state["hunger_points"]) == (30, 0, 1)
    assert state["encounter"]["creatures"] == [] and state["party"][0]["ac"] is None
    table.act("round")
    assert table.act("encounter-end")["state"]["clock"] == 31  # turn 31: no check due
