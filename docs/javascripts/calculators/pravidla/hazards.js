/* Hazards (rpg/pravidla/hazards.py): falling, holding breath, sight in darkness. The words are
 * the catalog's, the constants the engine's (R["pravidla/hazards"]). */
import { field, msg } from "../core/catalog.js";
import { R, answer, chart, fail, roll, sumDistribution, written } from "../core/engine.js";
import {
  checkedFatigue, d20Test, fatigueTerm, judged, successChance, term,
} from "./d20.js";

const H = () => R["pravidla/hazards"];

/** d6s for a fall: one for each started 2 m beyond the first 2 m. */
export const fallingDice = (distance) => Math.ceil(Math.max(0, distance - H().free_fall_m)
  / H().metres_per_die);

/** The damage distribution of `count` dice (for the chart; large falls are not drawn). */
function damageChart(count, damage) {
  if (!count || count > R.chart_max_dice) return null;
  return sumDistribution(count, H().damage_die).map((p, i) => ({
    label: String(count + i), p, good: false, current: count + i === damage }));
}

/** [Pád z výšky] damage of a fall, with an optional grab on the way down. */
export function falling(source, {
  height_m: height, catch: grab = false, caught_at_m: at = null, dex_modifier = 0, fatigue = 0,
}) {
  const names = { caught_at: field("caught_at_m"), catch: field("catch") };
  if (grab && at === null) fail("falling.catch-needs-distance", names, "caught_at_m");
  if (!grab && at !== null) fail("falling.distance-needs-catch", names, "caught_at_m");
  if (at !== null && at > height) {
    fail("falling.beyond-height", { caught_at: names.caught_at, at, height }, "caught_at_m");
  }
  let [caught, chance, shown] = [null, null, null];
  if (grab) {
    const terms = [term(dex_modifier), fatigueTerm(checkedFatigue(fatigue))];
    const modifier = dex_modifier - fatigue;
    const test = d20Test(source, "catch", modifier, H().catch_dc);
    caught = test.success;
    chance = successChance(modifier, H().catch_dc);
    shown = judged(test, terms, H().catch_dc);
  }
  const counted = caught ? at : height;
  const count = fallingDice(counted);
  let damage = 0;
  let damageText = msg("falling.no-damage");
  if (count) {
    const rolled = roll(source, "damage", count, H().damage_die);
    damage = rolled.total;
    damageText = msg("falling.damage", { dice: written(rolled) });
  }
  const text = msg("falling.text", { height, counted, free: H().free_fall_m, damage: damageText,
    catch: shown === null ? "" : msg("falling.catch", { shown,
      caught: msg(caught ? "falling.caught" : "falling.not-caught") }) });
  return answer({ caught, distance_counted_m: counted, dice_count: count, damage,
    fall_seconds: height / H().fall_speed_m_per_s }, text,
  { chance, chart: chart("falling.chart", damageChart(count, damage)) });
}

/** [Zadržení dechu] as many rounds as the Výdrž score; speaking or casting ends it at once. */
export function holdBreath(source, { endurance, rounds_held: held = 0, speaks_or_casts: speaks }) {
  const left = speaks ? 0 : Math.max(0, endurance - held);
  const ended = speaks ? "speaking-or-casting" : left ? null : "out-of-breath";
  return answer({ rounds: endurance, rounds_left: left, holding: !ended, ended_by: ended },
    msg("hold-breath.text", { endurance, held,
      verdict: ended ? msg(`hold-breath.${ended}`) : msg("hold-breath.left", { left }) }));
}

/** [Tma, Termovize] blind in darkness; thermal vision up to its range, broken by any light or a
 * large heat source (sight back to normal: by the light it sees, in darkness it is blind). */
export function vision(source, {
  light = false, thermal = false, thermal_range_m: range = H().thermal_range_m,
  distance_m: distance = null, large_heat: heat = false,
}) {
  if (!thermal && range !== H().thermal_range_m) {
    fail("vision.range-without-thermal", { range: field("thermal_range_m"),
      thermal: field("thermal") }, "thermal_range_m");
  }
  const broken = !thermal ? null : light && heat ? "light-and-heat" : light ? "light"
    : heat ? "heat" : null;
  const sees = light ? "normal" : thermal && !broken ? "thermal" : "blind";
  const inRange = sees !== "thermal" || distance === null ? null : distance <= range;
  return answer({ sees, can_read: sees === "normal", in_range: inRange, broken_by: broken },
    msg("vision.text", { where: msg(light ? "vision.light" : "vision.dark"),
      broken: broken ? msg(`vision.broken-by-${broken}`) : "",
      sight: sees === "thermal" ? msg("vision.thermal", { range }) : msg(`vision.${sees}`),
      target: inRange === null ? "" : msg(inRange ? "vision.in-range" : "vision.out-of-range",
        { distance }) }));
}
