/* Dobývání soustav, [Vyhodnocení speciálních efektů] (rpg/conquest/capture.py). */
import { field, join, msg } from "../core/catalog.js";
import { answer, fail, sum } from "../core/engine.js";
import { counted, fold, quote, unit } from "./game.js";

/** A trimmed name; a blank one is refused (a blank holder is no unoccupied checkpoint). */
function named(value, at) {
  const key = at.split(".").pop();
  return (typeof value === "string" && value.trim()) || fail("conquest.blank-name", {
    key: field(key), hint: key === "holder" ? msg("conquest.unoccupied-hint") : "" }, at);
}

/** [Vyhodnocení speciálních efektů] ships on unoccupied or enemy checkpoints leave the board
 * and gain them; a system's last checkpoint brings its Extractors to the captor. */
export function capture(source, { faction, ships, holdings = [] }) {
  const me = named(faction, "faction");
  const key = (owner, system) => JSON.stringify([fold(owner), fold(system)]);
  const held = new Map();
  const holdingsField = field("holdings");
  holdings.forEach((row, i) => {
    const at = `holdings.${i}.`;
    const [owner, system] = [named(row.faction, `${at}faction`), named(row.system, `${at}system`)];
    const { checkpoints = 0, extractors = 0 } = row;
    counted(checkpoints, `${at}checkpoints`, "system-lost");
    counted(extractors, `${at}extractors`, "system-lost");
    if (held.has(key(owner, system))) {
      fail("conquest/capture.holding-twice", { faction: owner, system,
        holdings: holdingsField }, "holdings");
    }
    held.set(key(owner, system), [owner, system, checkpoints, extractors]);
  });
  const taken = new Map(); // key → [holder, system as first written, checkpoints taken]
  const captures = ships.map((ship, i) => {
    const at = `ships.${i}.`;
    const u = unit(String(ship.unit ?? ""), `${at}unit`);
    if (u.name === "Extractor") {
      fail("conquest/capture.extractor", { quote: quote("extractor-placement") }, `${at}unit`);
    }
    const system = named(ship.system, `${at}system`);
    const holder = ship.holder == null ? null : named(ship.holder, `${at}holder`);
    const own = holder !== null && fold(holder) === fold(me);
    if (holder !== null && !own) {
      const k = key(holder, system);
      taken.set(k, taken.get(k) || [holder, system, 0]).get(k)[2] += 1;
    }
    return { unit: u.name, system, holder, captured: !own, ship_removed: !own };
  });
  const losses = [...taken.values()].map(([holder, where, lost]) => {
    const [owner, system, n, ex] = held.get(key(holder, where))
      || fail("conquest/capture.holding-missing", { faction: holder, system: where,
        holdings: holdingsField, quote: quote("system-lost") }, "holdings");
    if (lost > n) {
      fail("conquest/capture.too-many", { faction: owner, system, n, lost,
        holdings: holdingsField, ships: field("ships") }, "holdings");
    }
    return { faction: owner, system, checkpoints_lost: lost, checkpoints_left: n - lost,
      system_lost: n === lost, extractors_lost: n === lost ? ex : 0 };
  });
  const removed = captures.filter((c) => c.ship_removed).length;
  const gained = sum(losses.map((l) => l.extractors_lost));
  return answer({ captures, ships_removed: removed, checkpoints_gained: removed, losses,
    extractors_gained: gained }, msg("conquest/capture.text", { faction: me, removed,
    gained: removed, extractors: gained, losses: join(losses.filter((l) => l.system_lost)
      .map((l) => msg("conquest/capture.system-lost", { ...l, n: l.extractors_lost })), "") }));
}
