"""The players' page remembers the head of the log it verified on its device (390 px, Chromium,
on SQLite or PostgreSQL): it shows the head quietly, moves it on as the GM acts (reading
older pages when more came than a read holds), and says plainly, naming the entry and both
hashes, when the log no longer extends it: a history rewritten in the database (an entry's public
form changed and the chain computed again after it, as a forger would) is named on the next
visit, the remembered head stays, and a device that never saw the old log simply verifies the
new one. An entry changed without its hash is named as not linking to the one before it.
Each state is written as a screenshot into the test's temporary folder, for a person to look at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from api.expeditions import chain
from api.expeditions.database import Database
from api.expeditions.models import EntryRow, ExpeditionRow
from tests.expedition.phones import ANSWER_MS, Expedition, finished, phone, shot

pytestmark = pytest.mark.browser

#: Where the page keeps the heads it verified (docs/javascripts/expedition/chain.js).
REMEMBERED = "rpg-vyprava-overeno"
#: How many entries a read of the players' page holds (api.js, expeditions.read).
READ_ENTRIES = 30


def short(hash_: str) -> str:
    return f"{hash_[:8]}…"


def shows_verified(page: Page, head: dict[str, Any]) -> None:
    """The page's quiet line names ``head``: its entry and its hash, shortened."""
    expect(page.locator('[data-chain="head"]')).to_contain_text(
        f"Ověřeno do záznamu č. {head['seq']} · otisk {short(head['hash'])}", timeout=ANSWER_MS)
    expect(page.locator('[data-chain="head"] code')).to_have_attribute("title", head["hash"])


def remembered(page: Page, public_id: str) -> dict[str, Any]:
    """The head the device remembers of the expedition ``public_id``."""
    kept = json.loads(page.evaluate(f"localStorage.getItem('{REMEMBERED}')") or "{}")
    head = kept.get(public_id)
    return {"seq": head["seq"], "hash": head["hash"]} if head else {}


def rewritten(url: str, public_id: str, seq: int, *, rechain: bool) -> dict[str, str]:
    """The entry ``seq`` of the expedition given another text straight in the database; with
    ``rechain``, every hash from it on computed again (and the head's), as a forger who rewrites
    the history would. Each entry's hash after the change, by seq."""
    database = Database(url)
    try:
        with database.writing() as session:
            row = session.execute(select(ExpeditionRow).where(
                ExpeditionRow.public_id == public_id)).scalar_one()
            entries = session.execute(select(EntryRow).where(
                EntryRow.expedition_id == row.id).order_by(EntryRow.seq)).scalars().all()
            changed = entries[seq - 1]
            changed.public_form = {**changed.public_form, "text": "PJ tu nic nezapsal."}
            if rechain:
                previous = row.chain_id
                for entry in entries:
                    if entry.seq >= seq:
                        entry.hash = chain.link(previous, entry.public_form)
                    previous = entry.hash
                row.head_hash = previous
            return {str(entry.seq): entry.hash for entry in entries}
    finally:
        database.close()


def opened_watching(page: Page, expedition: Expedition) -> Page:
    """``page`` opening the players' link of ``expedition``, its script errors and the older
    pages of the log it reads noted from the start."""
    errors: list[str] = []
    older: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: older.append(request.url)
            if "/log?" in request.url else None)
    page.errors = errors  # type: ignore[attr-defined]
    page.older = older  # type: ignore[attr-defined]
    page.goto(f"{expedition.base}vyprava/hraci/#{expedition.id}.{expedition.players_token}")
    return page


def test_the_page_moves_its_head_and_names_a_rewritten_history(
        browser: Any, base: str, database_url: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=5,
                            party=[{"name": "Eva", "max_hp": 10}])
    expedition.act("shift", count=1, seed=1)
    players = expedition.players_page(browser)
    first = expedition.read()["head"]
    shows_verified(players, first)
    expect(players.locator('[data-chain="broken"]')).to_be_hidden()
    assert remembered(players, expedition.id) == first
    players.locator('[data-chain="head"]').scroll_into_view_if_needed()
    shot(players, tmp_path, "1-verified")

    # The GM acts: the page reads the new entry, checks that it links on, and moves its head.
    expedition.act("supplies", change=-1)
    second = expedition.read()["head"]
    assert second["seq"] == first["seq"] + 1
    shows_verified(players, second)
    assert remembered(players, expedition.id) == second

    # The page closed, the GM writes more than a read holds: opened again, the page reads the
    # older page it lacks back to its remembered head, and verifies every entry since.
    context = players.context
    players.close()
    for _ in range(READ_ENTRIES + 5):
        expedition.act("supplies", change=1)
    third = expedition.read()["head"]
    players = opened_watching(context.new_page(), expedition)
    older = players.older  # type: ignore[attr-defined]
    shows_verified(players, third)
    assert remembered(players, expedition.id) == third
    assert [url.rsplit("before=", 1)[1] for url in older] == [
        str(third["seq"] - READ_ENTRIES + 1)]
    expect(players.locator('[data-chain="broken"]')).to_be_hidden()

    # Someone rewrites the history in the database: the entry 2's text, and the chain after it
    # computed again. On the next visit the page names its remembered entry, with both hashes,
    # and keeps its remembered head.
    hashes = rewritten(database_url, expedition.id, 2, rechain=True)
    assert hashes[str(third["seq"])] != third["hash"]
    players.reload()
    alarm = players.locator('[data-chain="broken"]')
    expect(alarm).to_be_visible(timeout=ANSWER_MS)
    expect(alarm).to_have_attribute("data-why", "changed")
    expect(alarm.locator('[data-why="changed"]')).to_have_text(
        f"Pozor: historie výpravy se změnila od tvé poslední návštěvy (záznam č. {third['seq']} "
        f"má jiný otisk: dřív {short(third['hash'])}, teď {short(hashes[str(third['seq'])])}). "
        "Někdo přepsal záznamy.")
    shows_verified(players, third)
    assert remembered(players, expedition.id) == third
    alarm.scroll_into_view_if_needed()
    shot(players, tmp_path, "2-rewritten")

    # The GM acts on: the log still does not extend the remembered head, the warning stays.
    expedition.act("supplies", change=1)
    fourth = expedition.read()["head"]
    expect(players.locator('h2[data-field="name"]')).to_be_visible()
    expect(players.locator(f'[data-field="log"] > li[data-seq="{fourth["seq"]}"]')).to_be_visible(
        timeout=ANSWER_MS)
    expect(alarm).to_be_visible()
    expect(alarm).to_have_attribute("data-seq", str(third["seq"]))
    assert remembered(players, expedition.id) == third

    # A device that never saw the old log has nothing to compare: it verifies the log it reads.
    fresh = expedition.players_page(browser)
    shows_verified(fresh, fourth)
    expect(fresh.locator('[data-chain="broken"]')).to_be_hidden()
    assert remembered(fresh, expedition.id) == fourth
    fresh.locator('[data-chain="head"]').scroll_into_view_if_needed()
    shot(fresh, tmp_path, "3-fresh-device")

    # An entry changed without its hash: it no longer links to the one before it, on any device.
    seq = fourth["seq"] - 3
    hashes = rewritten(database_url, expedition.id, seq, rechain=False)
    fresh.reload()
    alarm = fresh.locator('[data-chain="broken"]')
    expect(alarm).to_have_attribute("data-why", "link", timeout=ANSWER_MS)
    expect(alarm).to_be_visible()
    expect(alarm.locator('[data-why="link"]')).to_contain_text(
        f"Pozor: deník výpravy nesedí (záznam č. {seq} nenavazuje na záznam před ním: má otisk "
        f"{short(hashes[str(seq)])}, ale z obsahu vychází ")
    assert remembered(fresh, expedition.id) == fourth
    alarm.scroll_into_view_if_needed()
    shot(fresh, tmp_path, "4-not-linked")
    finished(players, fresh)


def test_a_fresh_device_verifies_what_it_reads(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=5,
                            party=[{"name": "Eva", "max_hp": 10}])
    for _ in range(READ_ENTRIES + 2):
        expedition.act("supplies", change=1)
    head = expedition.read()["head"]
    players = opened_watching(phone(browser), expedition)
    shows_verified(players, head)
    expect(players.locator('[data-chain="broken"]')).to_be_hidden()
    assert remembered(players, expedition.id) == head
    assert players.older == []  # type: ignore[attr-defined]  # nothing to read back to
    players.locator('[data-chain="head"]').scroll_into_view_if_needed()
    shot(players, tmp_path, "fresh")
    finished(players)
