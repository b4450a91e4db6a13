/* Hazards [Nebezpečí a nástrahy], as rpg/pravidla/hazards.py: falling. */
import {
  R, RuleError, d20Test, number, roll, successChance, sumDistribution, written,
} from "./core/engine.js";
import { verdict } from "./checks.js";

/** d6s for a fall: one for each started 2 m beyond the first 2 m. */
export function fallingDice(distance) {
  const { free_fall_m: free, metres_per_die: per } = R.falling;
  return Math.ceil(Math.max(0, distance - free) / per);
}

/** The damage distribution of `count` d6 (for the chart; large falls are not drawn). */
function damageChart(count, damage) {
  if (!count || count > R.chart_max_dice) return null;
  return sumDistribution(count, 6).map((p, i) => ({
    label: String(count + i), p, good: false, current: count + i === damage }));
}

/** [Pád z výšky] damage of a fall, with an optional grab on the way down. */
export function falling(source, {
  height_m: height, catch: grab = false, caught_at_m: at = null, dex_modifier = 0, fatigue = 0,
}) {
  if (grab && at === null) {
    throw new RuleError("Při pokusu o zachycení zadej 'caught_at_m': kolik metrů postava už "
      + "spadla.", "caught_at_m");
  }
  if (!grab && at !== null) {
    throw new RuleError("'caught_at_m' má smysl jen s 'catch': zapni pokus o zachycení, nebo "
      + "ji vynech.", "caught_at_m");
  }
  if (at !== null && at > height) {
    throw new RuleError(`'caught_at_m' (${number(at)} m) nesmí být větší než výška pádu `
      + `(${number(height)} m).`, "caught_at_m");
  }
  let caught = null;
  let chance = null;
  let catchText = "";
  if (grab) {
    const modifier = dex_modifier - fatigue;
    const dc = R.falling.catch_dc;
    const test = d20Test(source, "catch", modifier, dc);
    caught = test.success;
    chance = successChance(modifier, dc);
    catchText = `zachycení ${verdict(test, dc, modifier)} → `
      + `${caught ? "zachytil se" : "nezachytil se"}; `;
  }
  const counted = caught ? at : height;
  const count = fallingDice(counted);
  let damage = 0;
  let damageText = `bez poškození (první ${R.falling.free_fall_m} m se nepočítají)`;
  if (count) {
    const rolled = roll(source, "damage", count, 6);
    damage = rolled.total;
    damageText = `${written(rolled)} poškození`;
  }
  return {
    result: { caught, distance_counted_m: counted, dice_count: count, damage,
      fall_seconds: height / R.falling.fall_speed_m_per_s },
    chance,
    text: `Pád z ${number(height)} m: ${catchText}počítá se ${number(counted)} m → ${damageText}.`,
    chart: damageChart(count, damage),
  };
}
