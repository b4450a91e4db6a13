/* Dobývání soustav, [Konec hry] (rpg/conquest/end_of_game.py): a sector's ranking and the
 * winner of the game. */
import { field, join, msg } from "../core/catalog.js";
import { answer, fail } from "../core/engine.js";
import { counted, credits, fold, unit } from "./game.js";

/** Places 1, 2, … in sorted order; entries equal by `same` share a place. */
function place(sorted, same) {
  sorted.forEach((s, i) => {
    const prev = sorted[i - 1];
    s.place = i && same(prev, s) ? prev.place : i + 1;
  });
  return sorted;
}

/** [Konec hry] most checkpoints first, ties by the units' value; equals share a place. */
function rank(factions, at) {
  if (!Array.isArray(factions) || !factions.length) fail("conquest/score.no-factions", {}, at);
  const parsed = factions.map((data, i) => {
    const where = `${at}.${i}`;
    const { name: raw = "", checkpoints = 0, units: counts = {} } = data;
    const name = String(raw).trim()
      || fail("conquest/score.nameless", { name: field("name") }, where);
    counted(checkpoints, `${where}.checkpoints`, "tie-break");
    const seen = new Set();
    let value = 0;
    let any = false;
    for (const [key, count] of Object.entries(counts)) {
      const u = unit(key, `${where}.units`);
      counted(count, `${where}.units`, "tie-break");
      if (seen.has(u.name)) {
        fail("conquest/score.unit-twice", { unit: u.name, name }, `${where}.units`);
      }
      seen.add(u.name);
      value += u.cost * count;
      any ||= count > 0;
    }
    return { name, checkpoints, unit_value: value, place: 0, eliminated: !checkpoints && !any };
  });
  if (new Set(parsed.map((f) => fold(f.name))).size < parsed.length) {
    fail("conquest/score.repeated", {}, at);
  }
  return place(parsed.sort((x, y) => y.checkpoints - x.checkpoints
    || y.unit_value - x.unit_value), (p, f) => p.checkpoints === f.checkpoints
    && p.unit_value === f.unit_value);
}

/** [Konec hry] the sector's ranking when the time runs out. */
export function score(source, { factions }) {
  const ranking = rank(factions, "factions");
  return answer({ ranking }, msg("conquest/score.text", { ranking: join(ranking.map((s) =>
    msg("conquest/score.standing", { ...s, value: credits(s.unit_value) })), "; ") }));
}

/** [Konec hry] each sector's winner, then the points of all sectors in the final order. */
export function winner(source, { sectors }) {
  if (!Array.isArray(sectors) || !sectors.length) fail("conquest/winner.no-sectors", {}, "sectors");
  const totals = new Map();
  const results = sectors.map((factions, i) => {
    const ranking = rank(factions, `sectors.${i}`);
    const standing = ranking.filter((s) => !s.eliminated);
    const last = standing.length === 1 && ranking.length > 1;
    const top = ranking.filter((s) => s.place === 1);
    const won = last ? standing[0].name : top.length === 1 ? top[0].name : null;
    for (const s of ranking) {
      s.points = ranking.length - s.place;
      const entry = totals.get(fold(s.name)) || { name: s.name, points: 0, sectors_won: 0 };
      entry.points += s.points;
      entry.sectors_won += s.name === won;
      totals.set(fold(s.name), entry);
    }
    return { sector: i + 1, winner: won, decided_by: last ? "last-standing" : "ranking",
      ranking };
  });
  const final = place([...totals.values()].sort((x, y) => y.points - x.points),
    (p, s) => p.points === s.points);
  return answer({ sectors: results, final,
    winners: final.filter((s) => s.place === 1).map((s) => s.name) },
  msg("conquest/winner.text", {
    sectors: join(results.map((r) => msg("conquest/winner.sector", { sector: r.sector,
      winner: r.winner ?? msg("conquest/winner.shared") }))),
    order: join(final.map((s) => msg("conquest/winner.standing", s)), "; ") }));
}
