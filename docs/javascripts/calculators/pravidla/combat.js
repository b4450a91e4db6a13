/* Combat (rpg/pravidla/combat.py): morale, initiative, range zones, and the sides of a conflict
 * that the encounters share. The words are the catalog's, the tables the engine's
 * (R["pravidla/combat"]). */
import { field, join, msg, t } from "../core/catalog.js";
import { R, answer, fail, frac, roll, written } from "../core/engine.js";

const C = () => R["pravidla/combat"];

/** Ways of 36 that 2d6 make `total`. */
const ways2d6 = (total) => Math.max(0, 6 - Math.abs(total - 7));

/** [Morálka] 2d6 at or under the morale holds; two holds in one encounter: to the death. */
export function morale(source, { morale: score, successes = 0 }) {
  const toDeathAfter = C().successes_to_death;
  if (successes >= toDeathAfter) {
    return answer({ total: null, holds: true, fights_to_death: true, outcome: "fights-to-death" },
      msg("morale.already-twice", { morale: score }), { chance: frac(1) });
  }
  const rolled = roll(source, "morale", 2, 6);
  const holds = rolled.total <= score;
  const toDeath = holds && successes + 1 >= toDeathAfter;
  const outcome = toDeath ? "fights-to-death" : holds ? "holds" : "flees-or-surrenders";
  const totals = Array.from({ length: 11 }, (_, i) => i + 2);
  return answer({ total: rolled.total, holds, fights_to_death: toDeath, outcome },
    msg("morale.text", { morale: score, dice: written(rolled), sign: holds ? "≤" : ">",
      outcome: msg(`morale.${outcome}`) }), {
      chance: frac(totals.reduce((n, total) => n + (total <= score ? ways2d6(total) : 0), 0), 36),
      chart: totals.map((total) => ({ label: String(total), p: ways2d6(total) / 36,
        good: total <= score, current: total === rolled.total })),
    });
}

// --- The sides of a conflict -------------------------------------------------------------------

/** The sides checked: 2..10 distinct, non-blank names. */
export function checkSides(sides) {
  const [low, high] = C().sides;
  if (sides.length < low || sides.length > high) {
    fail("sides.count", { low, high, count: sides.length }, "sides");
  }
  if (sides.some((side) => !side.trim())) fail("sides.blank", { sides: field("sides") }, "sides");
  const twice = sides.find((side) => sides.indexOf(side) !== sides.lastIndexOf(side));
  if (twice !== undefined) fail("sides.repeated", { side: twice }, "sides");
  return sides;
}

/** `list` (the surprised sides, the lit ones) in the listed order of `sides`, each one listed. */
export function namedSides(list, sides, name) {
  const unknown = list.find((side) => !sides.includes(side));
  if (unknown !== undefined) {
    fail("sides.unknown", { field: field(name), side: unknown, sides: field("sides"),
      listed: join(sides) }, name);
  }
  return sides.filter((side) => list.includes(side));
}

/** The players' side: as given, else the first side listed. */
export const playersSide = (sides, players) => players ?? sides[0];

// --- Initiative --------------------------------------------------------------------------------

/** [Iniciativa] 1d10 per side not surprised; highest first, a tie goes to the players. */
export function initiative(source, { sides = C().default_sides, players, surprised = [] }) {
  checkSides(sides);
  players = playersSide(sides, players);
  namedSides([players], sides, "players");
  let skipped = namedSides(surprised, sides, "surprised");
  const everyone = skipped.length === sides.length;
  if (everyone) skipped = [];
  const die = C().initiative_die;
  const rolling = sides.filter((side) => !skipped.includes(side));
  const rolls = rolling.map(() => roll(source, "initiative", 1, die));
  const by = new Map(rolling.map((side, i) => [side, rolls[i].total]));
  // A stable sort keeps the listed order among tied rivals.
  const order = [...by].sort(([a, x], [b, y]) => y - x || (a !== players) - (b !== players))
    .map(([side, n]) => ({ side, roll: n, tied: rolls.filter((r) => r.total === n).length > 1 }));
  let p = null;
  if (by.has(players)) {
    let n = 0;
    for (let mine = 1; mine <= die; mine += 1) n += mine ** (rolls.length - 1);
    p = n / die ** rolls.length;
  }
  const tied = order.filter((e) => e.tied).map((e) => e.side);
  const tie = tied.includes(players) ? "tie-players" : tied.length ? "tie-listed" : "no-tie";
  const after = everyone ? msg("initiative.everyone-surprised") : skipped.length
    ? msg("initiative.skipped", { sides: join(skipped) }) : msg("initiative.nobody-surprised");
  const first = order[0]?.side === players;
  return answer({ order, skipped, players_first_chance: p }, msg("initiative.text", {
    rolls: join(rolling.map((side, i) => msg("initiative.roll", { side, dice: written(rolls[i]) }))),
    order: join(order.map((e) => e.side)), tie: msg(`initiative.${tie}`), surprised: after,
  }), { chart: p === null ? null : [
    { label: t("initiative.chart-players"), p, good: true, current: first },
    { label: t("initiative.chart-rival"), p: 1 - p, current: !first }] });
}

// --- Range zones -------------------------------------------------------------------------------

/** The zone [key, low, high] of whole metres. */
export const zoneOf = (metres) => C().zones.findLast(([, low]) => metres >= low);

/** A sentence of the rules quoted inside another: lower-case start, no final full stop. */
export function lowered(message) {
  const sentence = String(message);
  return sentence[0].toLowerCase() + sentence.slice(1).replace(/\.+$/, "");
}

/** [Zóny dosahu] no dice: the zone, how long to get there, which attacks reach. */
export function rangeZone(source, { distance_m: distance }) {
  if (!Number.isFinite(distance) || distance < 0) fail("range-zone.negative", {}, "distance_m");
  const metres = Math.ceil(distance) || 0;
  const [zone, low, high] = zoneOf(metres);
  const [name, rounds, attacks] = ["", ".rounds", ".attacks"].map((part) => msg(
    `range-zone.${zone}${part}`));
  return answer({ counted_m: metres, zone, name: String(name), rounds_to_reach: String(rounds),
    allowed_attacks: String(attacks) }, msg("range-zone.text", {
    metres, name, rounds: lowered(rounds), attacks: lowered(attacks),
    span: high === null ? msg("range-zone.span-open", { low })
      : msg("range-zone.span", { low, high }) }));
}
