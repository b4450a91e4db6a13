/* Transitional: the old text helpers of the d20 test, for the modules not yet moved to the
 * catalog (their new forms are pravidla/d20.js); deleted with the last of them. */
import {
  R, RuleError, number, plus, written,
} from "./core/engine.js";

/** An integer within low..high, else a RuleError naming the field (as errors.check_int). */
export function bounded(value, low, high, field) {
  if (!Number.isInteger(value) || !(value >= low && value <= high)) {
    throw new RuleError(`'${field}' musí být celé číslo od ${low} do ${high}, ne ${value}.`,
      field);
  }
  return value;
}

export function checkedFatigue(fatigue) {
  if (fatigue < R["pravidla/d20"].fatigue_min) {
    throw new RuleError(`Únava nemůže být záporná (${number(fatigue)}); zadej 0 nebo víc.`,
      "fatigue");
  }
  return fatigue;
}

/** A d20 test as the rules write it: "1d20 = 14 + 3 = 17", with advantage both dice. */
export function writtenD20(rolled, modifier, total) {
  let shown = written(rolled);
  if (rolled.results.length > 1) {
    const word = rolled.notation.endsWith("kh1") ? "s výhodou" : "s nevýhodou";
    shown = `1d20 ${word} (${rolled.results.join(", ")}) = ${rolled.total}`;
  }
  return shown + plus(modifier, total);
}

/** "1d20 = 14 + 3 = 17 ≥ 15", or the natural that decided it. */
export function verdict(test, target, modifier) {
  let note = `, přirozená ${test.critical === "success" ? 20 : 1}`;
  if (test.critical === null) note = ` ${test.success ? "≥" : "<"} ${target}`;
  return writtenD20(test.roll, modifier, test.total) + note;
}

