/* Encounter procedures [Náhlá setkání], as rpg/pravidla/encounters.py: the reaction roll. */
import { R, frac, plus, roll, written } from "./core/engine.js";

function bandOf(total) {
  return R.reaction.table.find((band) => (band.low === null || total >= band.low)
    && (band.high === null || total <= band.high));
}

/** Exact probability of each band for 2d6 + modifier, in the table's order. */
function distribution(modifier) {
  const counts = new Map(R.reaction.table.map((band) => [band.band, 0]));
  for (let a = 1; a <= 6; a += 1) {
    for (let b = 1; b <= 6; b += 1) {
      const band = bandOf(a + b + modifier).band;
      counts.set(band, counts.get(band) + 1);
    }
  }
  return [...counts].map(([band, n]) => ({ band, ways: n }));
}

const span = ({ low, high }) => (low === null ? `≤${high}` : high === null ? `${low}+`
  : `${low}–${high}`);

/** [Akce monster] 2d6 + modifier on the reaction table. */
export function reaction(source, { modifier = 0 }) {
  const rolled = roll(source, "reaction", 2, 6);
  const total = rolled.total + modifier;
  const band = bandOf(total);
  const bands = distribution(modifier);
  const shown = written(rolled) + plus(modifier, total);
  return {
    result: {
      total, band: band.band, reaction: band.reaction.cs, npc_interaction: band.npc_interaction.cs,
      distribution: bands.map(({ band: name, ways }) => ({ band: name, probability: ways / 36 })),
    },
    chance: frac(bands.find((b) => b.band === band.band).ways, 36),
    text: `Reakce: ${shown} → ${band.reaction.cs} (NPC: ${band.npc_interaction.cs}).`,
    chart: bands.map(({ band: name, ways }, i) => ({
      label: span(R.reaction.table[i]), p: ways / 36, good: i >= 3,
      current: name === band.band })),
  };
}
