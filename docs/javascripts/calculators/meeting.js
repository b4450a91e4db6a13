/* Meeting the enemy, as rpg/pravidla/combat.py and rpg/pravidla/encounters.py: initiative, surprise, encounter
 * distance, the whole encounter and range zones. */
import { R, roll, sumDistribution, written } from "./core/engine.js";
import { reaction } from "./encounters.js";
import { fail, out } from "./health.js";

const M = () => R.meeting;

/** The sides checked, and the players' side among them (the first one if not given). */
function checkSides(sides, players = sides[0]) {
  const [low, high] = M().sides_range;
  if (sides.length < low || sides.length > high) {
    fail(`Stran musí být ${low} až ${high}, zadáno ${sides.length}.`, "sides");
  }
  if (sides.some((side) => !side.trim())) {
    fail("Každá strana potřebuje jméno: odstraň prázdné položky ze 'sides'.", "sides");
  }
  const twice = sides.find((side) => sides.indexOf(side) !== sides.lastIndexOf(side));
  if (twice !== undefined) fail(`Strany musí mít různá jména; '${twice}' je uvedena víckrát.`, "sides");
  named([players], sides, "players");
  return players;
}

const checkLocation = (location) => M().locations.includes(location)
  || fail(M().location_error, "location");

/** `named` sides in the listed order of `sides`, each one listed. */
function named(list, sides, field) {
  const unknown = list.find((side) => !sides.includes(side));
  if (unknown !== undefined) {
    fail(`'${field}' jmenuje stranu '${unknown}', která není v 'sides' (${sides.join(", ")}).`,
      field);
  }
  return sides.filter((side) => list.includes(side));
}

// [Iniciativa] 1d10 per side not surprised; highest first, a tie goes to the players
export function initiative(source, { sides = M().sides, players, surprised = [] }) {
  players = checkSides(sides, players);
  let skipped = named(surprised, sides, "surprised");
  const all = skipped.length === sides.length;
  if (all) skipped = [];
  const die = M().initiative_die;
  const rolls = sides.filter((side) => !skipped.includes(side))
    .map((side) => [side, roll(source, "initiative", 1, die)]);
  const by = new Map(rolls.map(([side, r]) => [side, r.total]));
  // A stable sort keeps the listed order among tied rivals.
  const order = [...by].sort(([a, x], [b, y]) => y - x || (a !== players) - (b !== players))
    .map(([side, n]) => ({ side, roll: n, tied: rolls.filter(([, r]) => r.total === n).length > 1 }));
  let p = null;
  if (by.has(players)) {
    let n = 0;
    for (let mine = 1; mine <= die; mine += 1) n += mine ** (rolls.length - 1);
    p = n / die ** rolls.length;
  }
  const tied = order.filter((e) => e.tied).map((e) => e.side);
  const tie = tied.includes(players) ? " (remíza jde ve prospěch hráčů)"
    : tied.length ? " (při remíze rozhoduje pořadí stran)" : "";
  const text = `Iniciativa: ${rolls.map(([side, r]) => `${side} ${written(r)}`).join(", ")} → `
    + `pořadí: ${order.map((e) => e.side).join(", ")}${tie}.${all
      ? " Překvapené jsou všechny strany: jen chvilkové zaváhání, nikdo kolo nevynechá."
      : skipped.length ? ` Překvapené strany vynechají 1. kolo: ${skipped.join(", ")}.` : ""}`;
  const first = order[0]?.side === players;
  return out({ order, skipped, players_first_chance: p }, text, null, p === null ? null : [
    { label: "hráči první", p, good: true, current: first },
    { label: "soupeř první", p: 1 - p, current: !first }]);
}

// [Hod na překvapení] 1d6 per side, 1–2 surprised; lit all round, a side does not roll
export function surprise(source, { sides = M().sides, light = [] }) {
  checkSides(sides);
  const lit = named(light, sides, "light");
  const [die, at] = M().surprise;
  const shown = [];
  const entries = sides.map((side) => {
    if (sides.every((other) => other === side || lit.includes(other))) {
      shown.push(`${side} bez hodu (ostatní nesou světlo)`);
      return { side, roll: null, surprised: false };
    }
    const r = roll(source, "surprise", 1, die);
    shown.push(`${side} ${written(r)}${r.total <= at ? " → překvapená" : ""}`);
    return { side, roll: r.total, surprised: r.total <= at };
  });
  const caught = entries.filter((e) => e.surprised).map((e) => e.side);
  const rolling = entries.filter((e) => e.roll !== null).length;
  const effect = !caught.length ? "none" : caught.length === sides.length ? "all" : "some";
  const none = ((die - at) / die) ** rolling;
  const every = rolling === sides.length ? (at / die) ** rolling : 0;
  const distribution = [["none", none], ["some", 1 - none - every], ["all", every]]
    .map(([name, p]) => ({ effect: name, probability: p }));
  const names = caught.join(", ");
  const verdict = { none: "Nikdo není překvapený.",
    all: "Překvapené jsou všechny strany: jen chvilkové zaváhání, nikdo nemá výhodu.",
    some: caught.length === 1 ? `Překvapená strana (${names}) vynechá 1 kolo.`
      : `Překvapené strany (${names}) vynechají 1 kolo.` }[effect];
  return out({ sides: entries, effect, distribution },
    `Hod na překvapení: ${shown.join(", ")}. ${verdict}`, null,
    distribution.map(({ effect: name, probability: p }, i) => ({
      label: ["nikdo", "některá", "všechny"][i], p, good: !i, current: name === effect })));
}

/** [Zóny dosahu] the zone of whole metres: [zone, low, high, name, rounds, attacks]. */
const zoneOf = (metres) => M().zones.findLast((zone) => metres >= zone[1]);

// [Vzdálenost setkání] indoors 4d6 m (halved when surprised); outside 4d6 × 10, or 1d4 × 10
export function encounterDistance(source, { location = M().location, surprised = false }) {
  checkLocation(location);
  const [count, wild, scale] = M().distance;
  const indoors = location === "indoors";
  const [n, faces] = !indoors && surprised ? [1, wild] : [count, 6];
  const metres = (total) => (indoors ? (surprised ? Math.floor(total / 2) : total) : total * scale);
  const rolled = roll(source, "distance", n, faces);
  const distance = metres(rolled.total);
  const when = surprised ? ", překvapení" : "";
  const how = indoors
    ? `vnitřní prostory${when}: ${written(rolled)}${surprised ? `, polovina = ${distance}` : ""}`
    : `divočina${when}: ${written(rolled)} × ${scale} = ${distance}`;
  const zone = zoneOf(distance);
  const bars = new Map();
  sumDistribution(n, faces).forEach((p, i) => {
    const d = metres(i + n);
    bars.set(d, (bars.get(d) ?? 0) + p);
  });
  return out({ distance_m: distance, zone: zone[0], zone_name: zone[3] },
    `Vzdálenost setkání (${how} m) → ${zone[3].toLowerCase()}.`, null,
    [...bars].map(([d, p]) => ({ label: String(d), p, current: d === distance })));
}

// [Náhlá setkání] surprise → distance → initiative → reactions, dice in that order
export function encounter(source, {
  sides = M().sides, light = [], location = M().location, players, reaction_modifier: modifier = 0,
}) {
  players = checkSides(sides, players);
  named(light, sides, "light");
  checkLocation(location);
  const caught = surprise(source, { sides, light });
  const surprised = caught.result.sides.filter((e) => e.surprised).map((e) => e.side);
  const distance = encounterDistance(source, { location, surprised: surprised.length > 0 });
  const order = initiative(source, { sides, players, surprised });
  const reactions = sides.filter((side) => side !== players
    && !order.result.skipped.includes(side)).map((side) => [side, reaction(source, { modifier })]);
  const texts = [caught, distance, order].map((step) => step.text).concat(reactions.map(
    ([side, r]) => r.text.replace("Reakce:", `Reakce (${side}):`)));
  return out({ surprise: caught.result, distance: distance.result, initiative: order.result,
    reactions: reactions.map(([side, r]) => ({ side, ...r.result })) }, texts.join(" "), null,
  caught.chart);
}

// [Zóny dosahu] no dice: the zone, how long to get there, which attacks reach
export function rangeZone(source, { distance_m: d }) {
  if (!Number.isFinite(d) || d < 0) fail("Vzdálenost musí být konečné číslo ≥ 0 metrů.", "distance_m");
  const metres = Math.ceil(d) || 0;
  const [zone, low, high, name, rounds, attacks] = zoneOf(metres);
  const clause = (s) => s[0].toLowerCase() + s.slice(1).replace(/\.+$/, "");
  return out({ counted_m: metres, zone, name, rounds_to_reach: rounds, allowed_attacks: attacks },
    `${metres} m → ${name} (${low}${high === null ? "+" : `–${high}`} m): ${clause(rounds)}; `
    + `${clause(attacks)}.`);
}
