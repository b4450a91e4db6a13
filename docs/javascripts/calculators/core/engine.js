/* The calculators' core: rule data, dice sources, exact fractions, refusals and answers.
 * It mirrors rpg/core/dice.py and rpg/core/errors.py; the rule constants are not written here
 * but set from the rule data the docs build exports from the Python engine into the bundle. */
import { choice, field, join, known, msg, number, t } from "./catalog.js";

/** @typedef {import("./types.js").Answer} Answer */
/** @typedef {import("./types.js").Bar} Bar */
/** @typedef {import("./types.js").Chart} Chart */
/** @typedef {import("./types.js").DiceSource} DiceSource */
/** @typedef {import("./types.js").Fraction} Fraction */
/** @typedef {import("./types.js").NextStep} NextStep */
/** @typedef {import("./types.js").Rolled} Rolled */
/** @typedef {import("./types.js").Rules} Rules */
/** @typedef {import("./catalog.js").Message} Message */

export { number };

/** The rule constants exported from the engine (set once by setRules).
 * @type {Rules} */
export let R = null;

/** @param {Rules} data */
export function setRules(data) {
  R = data;
}

/** The input breaks a rule; `field` names the input at fault (as the API's 422 does). The
 * message is a catalog message. */
export class RuleError extends Error {
  /**
   * @param {Message | string} message
   * @param {string | null} [field]
   */
  constructor(message, field = null) {
    super(String(message));
    this.field = field;
  }
}

/** @implements {DiceSource} */
class Source {
  constructor() {
    this.drawn = 0;
  }

  /**
   * One die of `faces` for `label`, counted against the procedure's budget.
   * @param {number} faces
   * @param {string} label
   * @returns {number}
   */
  die(faces, label) {
    if (this.drawn >= R.dice.max_per_procedure) {
      throw new RuleError(msg("dice.too-many-drawn", { n: R.dice.max_per_procedure }));
    }
    const value = this.next(faces, label);
    this.drawn += 1;
    return value;
  }

  /**
   * The next die: each kind of source rolls its own.
   * @abstract
   * @param {number} faces
   * @param {string} label
   * @returns {number}
   */
  next(faces, label) { // eslint-disable-line no-unused-vars
    throw new Error("a dice source rolls its own dice");
  }

  finish() {}
}

/** Dice rolled by the browser: crypto.getRandomValues, without modulo bias. */
export class RandomDice extends Source {
  /** @param {number} faces */
  next(faces) {
    const limit = Math.floor(2 ** 32 / faces) * faces;
    const word = new Uint32Array(1);
    do crypto.getRandomValues(word); while (word[0] >= limit);
    return (word[0] % faces) + 1;
  }
}

/** Physical dice, consumed in order; the same misfits and words as the engine's ReplayDice. */
/** What the die `label` is for, as a message names it (as rpg/core/dice.py's `die_named`).
 * @param {string} label
 */
const dieNamed = (label) => (known(`dice.for-${label}`) ? msg(`dice.for-${label}`) : label);

export class ReplayDice extends Source {
  /** @param {number[]} values */
  constructor(values) {
    super();
    if (values.length > R.dice.max_given) {
      throw new RuleError(msg("dice.too-many-given", { n: values.length, m: R.dice.max_given }),
        "dice");
    }
    this.values = values;
  }

  /**
   * @param {number} faces
   * @param {string} label
   */
  next(faces, label) {
    const pos = this.drawn + 1;
    if (this.drawn >= this.values.length) {
      throw new RuleError(msg("dice.missing", { faces, die: dieNamed(label), pos }), "dice");
    }
    const value = this.values[this.drawn];
    if (!(value >= 1 && value <= faces)) {
      throw new RuleError(msg("dice.off-the-die", { pos, die: dieNamed(label), faces, value }),
        "dice");
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

/** `count` d`faces` for `label`: {label, notation, results, total}.
 * @param {DiceSource} source
 * @param {string} label
 * @param {number} count
 * @param {number} faces
 * @returns {Rolled}
 */
export function roll(source, label, count, faces) {
  const results = [];
  for (let i = 0; i < count; i += 1) results.push(source.die(faces, label));
  return { label, notation: `${count}d${faces}`, results, total: sum(results) };
}

/** @param {number[]} values */
export const sum = (values) => values.reduce((a, b) => a + b, 0);

/** The dice as the rules write them: "2d6 = 3 + 4 = 7", or "1d20 = 14".
 * @param {Rolled} rolled
 */
export function written(rolled) {
  if (rolled.results.length === 1) return `${rolled.notation} = ${rolled.total}`;
  return `${rolled.notation} = ${rolled.results.join(" + ")} = ${rolled.total}`;
}

/** A modifier and the total it gives: " + 2 = 14", " − 1 = 11"; empty for 0.
 * @param {number} modifier
 * @param {number} total
 */
export function plus(modifier, total) {
  if (!modifier) return "";
  return ` ${modifier > 0 ? "+" : "−"} ${Math.abs(modifier)} = ${total < 0 ? "−" : ""}${Math.abs(total)}`;
}

// --- Exact fractions {n, d} (numbers while they fit, the chances here are small) -------------

/**
 * @param {number} a
 * @param {number} b
 */
function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return Math.abs(a);
}

/**
 * @param {number} n
 * @param {number} [d]
 * @returns {Fraction}
 */
export function frac(n, d = 1) {
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}

/** @param {Fraction | null} f */
export const value = (f) => (f === null ? null : f.n / f.d);

// The d20 test lives with its rulebook (pravidla/d20.js); re-exported for the modules that have
// not moved to the catalog yet.
export { d20Test, diceMode, judge, rollD20, successChance } from "../pravidla/d20.js";

/** Exact distribution of the sum of `count` d`faces`: probabilities from count to count×faces.
 * @param {number} count
 * @param {number} faces
 * @returns {number[]}
 */
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

/** Refuse the input: a RuleError on `field` with a catalog message.
 * @param {string} key
 * @param {Record<string, any>} params
 * @param {string | null} [field]
 * @returns {never}
 */
export const fail = (key, params, field) => {
  throw new RuleError(msg(key, params), field);
};

/** A chart of a distribution: its title (the catalog's `key`, what it shows) and its bars
 * ({label, p, good, current}); null without bars.
 * @param {string} key
 * @param {Bar[] | null} bars
 * @returns {Chart | null}
 */
export const chart = (key, bars) => (bars ? { title: t(key), bars } : null);

/** A procedure's answer: the result, the text, and optionally the exact chance, a chart of a
 * distribution, a figure (an SVG its module drew: a move on the hex map) and the next steps
 * ({procedure, inputs, missing}).
 * @param {Record<string, any>} result
 * @param {Message | string} text
 * @param {{chance?: Fraction | null, chart?: Chart | null, figure?: string | null,
 *   next?: NextStep[]}} [extra]
 * @returns {Answer}
 */
export const answer = (result, text, { chance = null, chart = null, figure = null,
  next = [] } = {}) => ({ result, text: String(text), chance, chart, figure, next });

/**
 * An integer within low..high, else the engine's refusal naming the field (errors.check_int).
 * @overload
 * @param {number} value
 * @param {number} low
 * @param {number} high
 * @param {string} name
 * @returns {number}
 */
/**
 * The same, its bounds spread from the rule data (`bounded(ac, ...A().ac, "ac")`).
 * @overload
 * @param {number} value
 * @param {...any} boundsAndName
 * @returns {number}
 */
/**
 * @param {number} value
 * @param {number} low
 * @param {number} high
 * @param {string} name
 * @returns {number}
 */
export function bounded(value, low, high, name) {
  if (!Number.isInteger(value) || !(value >= low && value <= high)) {
    fail("error.whole-number", { field: field(name), low, high, value: String(value) }, name);
  }
  return value;
}

/** `value` if it is one of `allowed`, else the engine's refusal listing them.
 * @template T
 * @param {T} value
 * @param {readonly T[]} allowed
 * @param {string} name
 * @returns {T}
 */
export function oneOf(value, allowed, name) {
  if (!allowed.includes(value)) {
    fail("error.one-of", { field: field(name), value: String(value),
      allowed: join(allowed.map((v) => choice(name, v))) }, name);
  }
  return value;
}
