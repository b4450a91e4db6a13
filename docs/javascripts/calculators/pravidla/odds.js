/* Rolls of "x in y" (rpg/pravidla/odds.py): one dy, 1..x makes the event happen. Every procedure
 * of this shape is a row of odds and a few catalog entries; this one function rolls them all. */
import { field, msg } from "../core/catalog.js";
import { R, answer, bounded, fail, frac, roll, written } from "../core/engine.js";

const O = () => R["pravidla/odds"];

/** `x` and `y` as the convention allows them (y 2..100, x 1..y), else the engine's refusal. */
export function checkedOdds(x, y, xField = "x", yField = "y") {
  bounded(y, O().y[0], O().y[1], yField);
  if (!(x >= O().x_min && x <= y)) {
    fail("odds.x-range", { field: field(xField), low: O().x_min, y, x }, xField);
  }
  return [x, y];
}

/** Roll `x` in `y` for the odds named `key` (a percentage: `x` in 100, written "x %"). */
export function rollOdds(source, key, x, y, percent = false) {
  const rolled = roll(source, key, 1, y);
  const success = rolled.total <= x;
  const text = msg("odds.text", {
    head: msg(`${key}.head`), odds: msg(percent ? "odds.percent" : "odds.x-in-y", { x, y }),
    dice: written(rolled), sign: success ? "≤" : ">", x,
    outcome: msg(`${key}.${success ? "happens" : "nothing"}`),
  });
  return answer({ roll: rolled.total, success, x, y }, text, { chance: frac(x, y) });
}

/** The calculator of a procedure that is only a row of odds (a trap, wandering monsters): its
 * default odds are the engine module's (`R[module].odds[key]`), x and y may be given. */
export const oddsRow = (module, key) => (source, { x = R[module].odds[key][0],
  y = R[module].odds[key][1] }) => rollOdds(source, key, ...checkedOdds(x, y));
