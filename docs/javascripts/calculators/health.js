/* Small helpers that calculators not yet moved to the message catalog (attack.js, meeting.js)
 * share. Fatigue, the milder death and healing are in pravidla/health.js; this module goes when
 * nothing imports it any more. */
import { RuleError } from "./core/engine.js";

/** Refuse the input: a RuleError on `field`. */
export const fail = (message, field) => {
  throw new RuleError(message, field);
};

/** A procedure's answer. */
export const out = (result, text, chance = null, chart = null) => ({ result, chance, text, chart });

/** "1 den", "3 dny", "5 dní": a count with its Czech plural. */
export const plural = (n, one, few, many) => `${n} ${n === 1 ? one : n > 1 && n < 5 ? few
  : many}`;

/** `value` if it is one of `allowed`, else a RuleError on `field`. */
export function choice(value, allowed, field) {
  if (!allowed.includes(value)) {
    fail(`'${field}' musí být jedno z: ${allowed.join(", ")}; ne ${value}.`, field);
  }
  return value;
}
