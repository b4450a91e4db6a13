/* The calculators' core: rule data, dice sources, exact fractions, refusals and answers.
 * It mirrors rpg/core/dice.py and rpg/core/errors.py; the rule constants are not written here
 * but set from the rule data the docs build exports from the Python engine into the bundle. */
import { choice, field, join, msg, number, t } from "./catalog.js";

export { number };

/** The rule constants exported from the engine (set once by setRules). */
export let R = null;

export function setRules(data) {
  R = data;
}

/** The input breaks a rule; `field` names the input at fault (as the API's 422 does). The
 * message is a catalog message. */
export class RuleError extends Error {
  constructor(message, field = null) {
    super(String(message));
    this.field = field;
  }
}

class Source {
  constructor() {
    this.drawn = 0;
  }

  die(faces, label) {
    if (this.drawn >= R.dice.max_per_procedure) {
      throw new RuleError(msg("dice.too-many-drawn", { n: R.dice.max_per_procedure }));
    }
    const value = this.next(faces, label);
    this.drawn += 1;
    return value;
  }

  finish() {}
}

/** Dice rolled by the browser: crypto.getRandomValues, without modulo bias. */
export class RandomDice extends Source {
  next(faces) {
    const limit = Math.floor(2 ** 32 / faces) * faces;
    const word = new Uint32Array(1);
    do crypto.getRandomValues(word); while (word[0] >= limit);
    return (word[0] % faces) + 1;
  }
}

/** Physical dice, consumed in order; the same misfits and words as the engine's ReplayDice. */
export class ReplayDice extends Source {
  constructor(values) {
    super();
    if (values.length > R.dice.max_given) {
      throw new RuleError(msg("dice.too-many-given", { n: values.length, m: R.dice.max_given }),
        "dice");
    }
    this.values = values;
  }

  next(faces, label) {
    const pos = this.drawn + 1;
    if (this.drawn >= this.values.length) {
      throw new RuleError(msg("dice.missing", { faces, label, pos }), "dice");
    }
    const value = this.values[this.drawn];
    if (!(value >= 1 && value <= faces)) {
      throw new RuleError(msg("dice.off-the-die", { pos, label, faces, value }), "dice");
    }
    return value;
  }

  finish() {
    if (this.drawn < this.values.length) {
      throw new RuleError(msg("dice.left-over", { given: this.values.length, used: this.drawn }),
        "dice");
    }
  }
}

/** `count` d`faces` for `label`: {label, notation, results, total}. */
export function roll(source, label, count, faces) {
  const results = [];
  for (let i = 0; i < count; i += 1) results.push(source.die(faces, label));
  return { label, notation: `${count}d${faces}`, results, total: sum(results) };
}

export const sum = (values) => values.reduce((a, b) => a + b, 0);

/** The dice as the rules write them: "2d6 = 3 + 4 = 7", or "1d20 = 14". */
export function written(rolled) {
  if (rolled.results.length === 1) return `${rolled.notation} = ${rolled.total}`;
  return `${rolled.notation} = ${rolled.results.join(" + ")} = ${rolled.total}`;
}

/** A modifier and the total it gives: " + 2 = 14", " − 1 = 11"; empty for 0. */
export function plus(modifier, total) {
  if (!modifier) return "";
  return ` ${modifier > 0 ? "+" : "−"} ${Math.abs(modifier)} = ${total < 0 ? "−" : ""}${Math.abs(total)}`;
}

// --- Exact fractions {n, d} (numbers while they fit, the chances here are small) -------------

function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return Math.abs(a);
}

export function frac(n, d = 1) {
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}

export const value = (f) => (f === null ? null : f.n / f.d);

// The d20 test lives with its rulebook (pravidla/d20.js); re-exported for the modules that have
// not moved to the catalog yet.
export { d20Test, diceMode, judge, rollD20, successChance } from "../pravidla/d20.js";

/** Exact distribution of the sum of `count` d`faces`: probabilities from count to count×faces. */
export function sumDistribution(count, faces) {
  let ways = [1];
  for (let i = 0; i < count; i += 1) {
    const next = new Array(ways.length + faces - 1).fill(0);
    ways.forEach((w, s) => {
      for (let f = 0; f < faces; f += 1) next[s + f] += w / faces;
    });
    ways = next;
  }
  return ways;
}

/** Refuse the input: a RuleError on `field` with a catalog message. */
export const fail = (key, params, field) => {
  throw new RuleError(msg(key, params), field);
};

/** A chart of a distribution: its title (the catalog's `key`, what it shows) and its bars
 * ({label, p, good, current}); null without bars. */
export const chart = (key, bars) => (bars ? { title: t(key), bars } : null);

/** A procedure's answer: the result, the text, and optionally the exact chance, a chart of a
 * distribution (`chart`) and the next steps ({procedure, inputs, missing}). */
export const answer = (result, text, { chance = null, chart = null, next = [] } = {}) => (
  { result, text: String(text), chance, chart, next });

/** An integer within low..high, else the engine's refusal naming the field (errors.check_int). */
export function bounded(value, low, high, name) {
  if (!Number.isInteger(value) || !(value >= low && value <= high)) {
    fail("error.whole-number", { field: field(name), low, high, value: String(value) }, name);
  }
  return value;
}

/** `value` if it is one of `allowed`, else the engine's refusal listing them. */
export function oneOf(value, allowed, name) {
  if (!allowed.includes(value)) {
    fail("error.one-of", { field: field(name), value: String(value),
      allowed: join(allowed.map((v) => choice(name, v))) }, name);
  }
  return value;
}
