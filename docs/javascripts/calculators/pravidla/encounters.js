/* Encounters (rpg/pravidla/encounters.py): the reaction roll, surprise, the encounter distance,
 * the whole encounter and its duration. The words are the catalog's, the tables the engine's
 * (R["pravidla/encounters"]); the sides and the zones are combat's. */
import { join, msg, t } from "../core/catalog.js";
import {
  R, answer, bounded, chart, frac, oneOf, plus, roll, sumDistribution, written,
} from "../core/engine.js";
import {
  checkSides, defaultSides, initiativeText, loseARound, lowered, namedSides, ordered, thePlayers,
  zoneOf,
} from "./combat.js";

const E = () => R["pravidla/encounters"];

const bandOf = (total) => E().bands.find(([, low, high]) => (low === null || total >= low)
  && (high === null || total <= high));

/** Ways of 36 of each band for 2d6 + modifier, in the table's order. */
function bandWays(modifier) {
  const ways = E().bands.map(() => 0);
  for (let a = 1; a <= 6; a += 1) {
    for (let b = 1; b <= 6; b += 1) ways[E().bands.indexOf(bandOf(a + b + modifier))] += 1;
  }
  return ways;
}

const span = ([, low, high]) => (low === null ? `≤${high}` : high === null ? `${low}+`
  : `${low}–${high}`);

/** A reaction roll; `who` names the side in the text (in an encounter). */
function reacting(source, modifier, who) {
  const rolled = roll(source, "reaction", 2, 6);
  const total = rolled.total + modifier;
  const [band] = bandOf(total);
  const ways = bandWays(modifier);
  const at = E().bands.findIndex(([name]) => name === band);
  const [reaction, npc] = [msg(`reaction.${band}`), msg(`reaction.${band}.npc`)];
  return answer({
    total, band, reaction: String(reaction), npc_interaction: String(npc),
    distribution: E().bands.map(([name], i) => ({ band: name, probability: ways[i] / 36 })),
  }, msg("reaction.text", { who, shown: written(rolled) + plus(modifier, total), reaction,
    npc_interaction: npc }), {
    chance: frac(ways[at], 36),
    chart: chart("reaction.chart", E().bands.map((row, i) => ({ label: span(row),
      p: ways[i] / 36, good: i >= 3, current: i === at }))),
  });
}

/** [Akce monster] 2d6 + modifier on the reaction table. */
export const reaction = (source, { modifier = 0 }) => reacting(source, modifier, join([]));

/** [Hod na překvapení] 1d6 per side, 1–2 surprised; lit all round, a side does not roll. The
 * encounter goes on with its distance and the initiative, with what the roll tells of them. */
export function surprise(source, { sides, light = [] }) {
  const named = sides !== undefined;
  sides ??= defaultSides();
  checkSides(sides);
  const lit = namedSides(light, sides, "light");
  const [die, at] = E().surprise;
  const shown = [];
  const entries = sides.map((side) => {
    if (sides.every((other) => other === side || lit.includes(other))) {
      shown.push(msg("surprise.lit", { side }));
      return { side, roll: null, surprised: false };
    }
    const r = roll(source, "surprise", 1, die);
    shown.push(msg(r.total <= at ? "surprise.caught" : "surprise.rolled", { side,
      dice: written(r) }));
    return { side, roll: r.total, surprised: r.total <= at };
  });
  const caught = entries.filter((e) => e.surprised).map((e) => e.side);
  const rolling = entries.filter((e) => e.roll !== null).length;
  const effect = !caught.length ? "none" : caught.length === sides.length ? "all" : "some";
  const none = ((die - at) / die) ** rolling;
  const every = rolling === sides.length ? (at / die) ** rolling : 0;
  const distribution = /** @type {[string, number][]} */ (
    [["none", none], ["some", 1 - none - every], ["all", every]])
    .map(([name, p]) => ({ effect: name, probability: p }));
  const verdict = effect !== "some" ? msg(`surprise.${effect}`) : loseARound(caught);
  const order = { ...(named ? { sides } : {}), ...(caught.length ? { surprised: caught } : {}) };
  return answer({ sides: entries, effect, distribution },
    msg("surprise.text", { rolls: join(shown), verdict }), {
      chart: chart("surprise.chart", distribution.map(({ effect: name, probability: p }, i) => ({
        label: t(`surprise.chart-${name}`), p, good: !i, current: name === effect }))),
      next: [{ procedure: "encounter-distance", inputs: { surprised: caught.length > 0 } },
        { procedure: "initiative", inputs: order }],
    });
}

const checkLocation = (location) => oneOf(location, E().locations, "location");

/** [Vzdálenost setkání] indoors 4d6 m (halved when surprised); outside 4d6 × 10, or 1d4 × 10. */
export function encounterDistance(source, { location = E().default_location, surprised = false }) {
  checkLocation(location);
  const indoors = location === "indoors";
  const scale = E().wilderness_scale_m;
  const [n, faces] = !indoors && surprised ? [1, E().surprised_wild_die] : E().distance;
  const metres = (total) => (!indoors ? total * scale
    : surprised ? Math.floor(total / E().indoors_divisor) : total);
  const rolled = roll(source, "distance", n, faces);
  const distance = metres(rolled.total);
  const [zone] = zoneOf(distance);
  const name = msg(`range-zone.${zone}`);
  const bars = new Map();
  sumDistribution(n, faces).forEach((p, i) => {
    const d = metres(i + n);
    bars.set(d, (bars.get(d) ?? 0) + p);
  });
  return answer({ distance_m: distance, zone, zone_name: String(name) },
    msg("encounter-distance.text", { zone: lowered(name),
      how: msg(`encounter-distance.${location}${surprised ? "-surprised" : ""}`, {
        dice: written(rolled), distance, scale }) }),
    { chart: chart("encounter-distance.chart", [...bars].map(([d, p]) => ({ label: String(d), p,
      current: d === distance }))) });
}

/** [Náhlá setkání] surprise → distance → initiative → reactions, dice in that order; the text
 * says once who loses the first round (in the surprise's sentence). */
export function encounter(source, {
  sides = defaultSides(), light = [], location = E().default_location, players,
  reaction_modifier: modifier = 0,
}) {
  checkSides(sides);
  players = thePlayers(sides, players);
  namedSides(light, sides, "light");
  checkLocation(location);
  const caught = surprise(source, { sides, light });
  const surprised = caught.result.sides.filter((e) => e.surprised).map((e) => e.side);
  const distance = encounterDistance(source, { location, surprised: surprised.length > 0 });
  const order = ordered(source, sides, players, surprised);
  const reactions = sides.filter((side) => side !== players
    && !order.result.skipped.includes(side))
    .map((side) => [side, reacting(source, modifier, msg("reaction.side", { side }))]);
  return answer({ surprise: caught.result, distance: distance.result, initiative: order.result,
    reactions: reactions.map(([side, r]) => ({ side, ...r.result })) },
  msg("encounter.text", { steps: join([caught.text, distance.text,
    initiativeText(order, players), ...reactions.map(([, r]) => r.text)], " ") }),
  { chart: caught.chart,
    next: [{ procedure: "encounter-duration", inputs: {}, missing: ["rounds"] }] });
}

/** [Konec setkání] at least 1 shift, the rounds rounded up to whole shifts. */
export function encounterDuration(source, { rounds }) {
  const D = E().duration;
  bounded(rounds, D.rounds[0], D.rounds[1], "rounds");
  const roundedUp = Math.ceil(rounds / ((D.shift_minutes * 60) / D.round_seconds));
  const shifts = Math.max(D.least_shifts, roundedUp);
  const result = { shifts, minutes: shifts * D.shift_minutes,
    rounds_minutes: (rounds * D.round_seconds) / 60 };
  return answer(result, msg("encounter-duration.text", { ...result, rounds,
    round_seconds: D.round_seconds,
    least: shifts > roundedUp ? msg("encounter-duration.at-least") : join([]) }));
}
