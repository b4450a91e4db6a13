/* The d20 test of "Pravidla a procedury" (rpg/pravidla/d20.py): one d20, or two keeping the
 * higher or lower; natural 20 and 1 decide; every modifier written, fatigue named. */
import { join, msg } from "../core/catalog.js";
import { R, RuleError, frac } from "../core/engine.js";

const D = () => R["pravidla/d20"];


export const diceMode = (advantage, disadvantage) => Number(!!advantage) - Number(!!disadvantage);

export function rollD20(source, label, mode) {
  if (mode === 0) {
    const natural = source.die(D().faces, label);
    return { label, notation: "1d20", results: [natural], total: natural };
  }
  const first = source.die(D().faces, label);
  const second = source.die(D().faces, label);
  const kept = mode > 0 ? Math.max(first, second) : Math.min(first, second);
  return { label, notation: mode > 0 ? "2d20kh1" : "2d20kl1", results: [first, second],
    total: kept };
}

export function judge(natural, modifier, target) {
  const total = natural + modifier;
  if (natural === D().faces) return [total, true, "success"];
  if (natural === 1) return [total, false, "failure"];
  return [total, total >= target, null];
}

export function d20Test(source, label, modifier, target, mode = 0) {
  const rolled = rollD20(source, label, mode);
  const [total, success, critical] = judge(rolled.total, modifier, target);
  return { roll: rolled, natural: rolled.total, total, target, success, critical };
}

/** Exact P(success) of a d20 test: the kept die of two is 1 − (1 − p)² or p². */
export function successChance(modifier, target, mode = 0) {
  let k = 0;
  for (let n = 1; n <= D().faces; n += 1) k += judge(n, modifier, target)[1] ? 1 : 0;
  const f = D().faces;
  if (mode > 0) return frac(f * f - (f - k) ** 2, f * f);
  if (mode < 0) return frac(k * k, f * f);
  return frac(k, f);
}

/** Fatigue is a level, never negative. */
export function checkedFatigue(fatigue) {
  if (fatigue < D().fatigue_min) {
    throw new RuleError(msg("d20.negative-fatigue", { value: fatigue }), "fatigue");
  }
  return fatigue;
}

/** A modifier that entered a total; `name` a message naming it. */
export const term = (value, name = null) => ({ value, name });
/** Fatigue as a term: subtracted, and named. */
export const fatigueTerm = (fatigue) => term(-fatigue, msg("d20.fatigue"));
/** An integer with the typographic minus. */
export const minusSign = (value) => (value < 0 ? `−${-value}` : String(value));

/** " + 3 + 1 − 2 (únava)": every term but zeros. */
export function writtenTerms(terms) {
  return join(terms.filter((t) => t.value).map((t) => {
    const part = msg(t.value > 0 ? "d20.plus" : "d20.minus", { value: Math.abs(t.value) });
    return t.name ? msg("d20.named", { term: part, name: t.name }) : part;
  }), "");
}

/** "1d20 = 14 + 2 − 2 (únava) = 14"; with advantage both dice; no terms: "1d20 = 14". */
export function shownTotal(rolled, terms, total) {
  const dice = rolled.results.length === 1 ? msg("d20.one", { natural: rolled.total })
    : msg(rolled.notation.endsWith("kh1") ? "d20.advantage" : "d20.disadvantage",
      { dice: rolled.results.join(", "), natural: rolled.total });
  const shown = writtenTerms(terms);
  return shown.join.length ? msg("d20.total", { dice, terms: shown, total: minusSign(total) })
    : dice;
}

/** "1d20 = 14 + 3 = 17 ≥ 15", or the natural that decided it. */
export function judged(test, terms, target) {
  const shown = shownTotal(test.roll, terms, test.total);
  if (test.critical === "success") return msg("d20.natural-20", { shown });
  if (test.critical === "failure") return msg("d20.natural-1", { shown });
  return msg(test.success ? "d20.at-least" : "d20.below", { shown, target });
}
