/* Combat procedures [Souboje], as rpg/pravidla/combat.py: morale. */
import { R, frac, roll, written } from "./core/engine.js";

/** P(2d6 ≤ morale) as an exact fraction. */
function holdChance(morale) {
  let ways = 0;
  for (let a = 1; a <= 6; a += 1) for (let b = 1; b <= 6; b += 1) ways += a + b <= morale;
  return frac(ways, 36);
}

/** The 2d6 totals, each marked as holding or fleeing. */
function moraleChart(morale, total) {
  const bars = [];
  for (let t = 2; t <= 12; t += 1) {
    bars.push({ label: String(t), p: (6 - Math.abs(t - 7)) / 36, good: t <= morale,
      current: t === total });
  }
  return bars;
}

/** [Morálka] 2d6 at or under the morale holds; two holds in one encounter: to the death. */
export function morale(source, { morale, successes = 0 }) {
  const toDeathAfter = R.morale.successes_to_death;
  if (successes >= toDeathAfter) {
    return {
      result: { total: null, holds: true, fights_to_death: true, outcome: "fights-to-death" },
      chance: frac(1),
      text: `Morálka ${morale}: už dvakrát uspěla → bojuje až do smrti, nehází se.`,
      chart: null,
    };
  }
  const rolled = roll(source, "morale", 2, 6);
  const holds = rolled.total <= morale;
  const toDeath = holds && successes + 1 >= toDeathAfter;
  const outcome = toDeath ? "fights-to-death" : holds ? "holds" : "flees-or-surrenders";
  const verdict = { "holds": "drží", "fights-to-death": "drží podruhé → bojuje až do smrti",
    "flees-or-surrenders": "prchá nebo se vzdává" }[outcome];
  return {
    result: { total: rolled.total, holds, fights_to_death: toDeath, outcome },
    chance: holdChance(morale),
    text: `Morálka ${morale}: ${written(rolled)} ${holds ? "≤" : ">"} ${morale} → ${verdict}.`,
    chart: moraleChart(morale, rolled.total),
  };
}

