/* Combat (rpg/pravidla/combat.py): morale, initiative, range zones, and the sides of a conflict
 * that the encounters share. The words are the catalog's, the tables the engine's
 * (R["pravidla/combat"]). */
import { field, join, msg, t } from "../core/catalog.js";
import { R, answer, chart, fail, frac, roll, written } from "../core/engine.js";

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
      chart: chart("morale.chart", totals.map((total) => ({ label: String(total),
        p: ways2d6(total) / 36, good: total <= score, current: total === rolled.total }))),
    });
}

// --- The sides of a conflict -------------------------------------------------------------------

/** The sides when none are named, as the calculators show them: the players and their enemies.
 * (The engine also takes a default side's English name; the calculators show the Czech one.) */
export const defaultSides = () => C().default_sides.map((key) => t(key));

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
    fail("sides.unknown", { field: field(name), side: unknown, listed: join(sides) }, name);
  }
  return sides.filter((side) => list.includes(side));
}

/** The players' side among the checked sides: as given, else the first. */
export const thePlayers = (sides, players) => namedSides([players ?? sides[0]], sides,
  "players")[0];

/** "Překvapená strana (…) vynechá 1 kolo", for one surprised side or several. */
export const loseARound = (surprised) => msg(surprised.length === 1 ? "sides.one-surprised"
  : "sides.some-surprised", { sides: join(surprised), rounds: C().rounds_lost });

// --- Initiative --------------------------------------------------------------------------------

/** The order of the sides not surprised (all when all are): highest d10 first, a tie to the
 * players, between rivals the listed order; its chart: the players' chance to act first. */
export function ordered(source, sides, players, surprised) {
  let skipped = namedSides(surprised, sides, "surprised");
  const everyone = skipped.length === sides.length;
  if (everyone) skipped = [];
  const die = C().initiative_die;
  const rolling = sides.filter((side) => !skipped.includes(side));
  const rolls = rolling.map(() => roll(source, "initiative", 1, die));
  // A stable sort keeps the listed order among tied rivals.
  const order = rolling.map((side, i) => ({ side, roll: rolls[i].total,
    tied: rolls.filter((r) => r.total === rolls[i].total).length > 1 }))
    .sort((a, b) => b.roll - a.roll || Number(a.side !== players) - Number(b.side !== players));
  let p = null;
  if (rolling.includes(players)) {
    let n = 0;
    for (let mine = 1; mine <= die; mine += 1) n += mine ** (rolls.length - 1);
    p = n / die ** rolls.length;
  }
  const first = order[0]?.side === players;
  return { result: { order, skipped, players_first_chance: p }, rolling, rolls, everyone,
    chart: chart("initiative.chart", p === null ? null : [
      { label: t("initiative.chart-players"), p, good: true, current: first },
      { label: t("initiative.chart-rival"), p: 1 - p, current: !first }]) };
}

/** The initiative's sentence, without a word on surprise. */
export function initiativeText({ result, rolling, rolls }, players) {
  const tied = result.order.filter((e) => e.tied).map((e) => e.side);
  return msg("initiative.text", {
    rolls: join(rolling.map((side, i) => msg("initiative.roll", { side, dice: written(rolls[i]) }))),
    order: join(result.order.map((e) => e.side)),
    tie: tied.includes(players) ? msg("initiative.tie-players")
      : tied.length ? msg("initiative.tie-listed") : join([]),
  });
}

/** [Iniciativa] 1d10 per side not surprised; highest first, a tie goes to the players. */
export function initiative(source, { sides = defaultSides(), players, surprised = [] }) {
  checkSides(sides);
  players = thePlayers(sides, players);
  const rolled = ordered(source, sides, players, surprised);
  const { skipped } = rolled.result;
  const text = initiativeText(rolled, players);
  return answer(rolled.result, !rolled.everyone && !skipped.length ? text
    : msg("initiative.and-surprise", { initiative: text, surprise: rolled.everyone
      ? msg("initiative.everyone-surprised") : loseARound(skipped) }), { chart: rolled.chart });
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
