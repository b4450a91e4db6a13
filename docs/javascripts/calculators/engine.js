/* The calculators' core: rule data, dice sources, exact fractions and Czech numbers.
 * It mirrors rpg/core/dice.py, rpg/pravidla/d20.py and rpg/core/text.py; the rule constants are not written here
 * but set from the rule data the docs build exports from the Python engine into the bundle. */

/** The rule constants exported from the engine (set once by setRules). */
export let R = null;

export function setRules(data) {
  R = data;
}

/** The input breaks a rule; `field` names the input at fault (as the API's 422 does). */
export class RuleError extends Error {
  constructor(message, field = null) {
    super(message);
    this.field = field;
  }
}

class Source {
  constructor() {
    this.drawn = 0;
  }

  die(faces, label) {
    if (this.drawn >= R.dice.max_per_procedure) {
      throw new RuleError(
        `Příliš mnoho kostek: nejvýše ${R.dice.max_per_procedure} na jeden postup.`);
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
      throw new RuleError(
        `Zadáno ${values.length} kostek, nejvýše lze ${R.dice.max_given}.`, "dice");
    }
    this.values = values;
  }

  next(faces, label) {
    const pos = this.drawn + 1;
    if (this.drawn >= this.values.length) {
      throw new RuleError(
        `Chybí kostka: je potřeba d${faces} pro '${label}' (kostka č. ${pos}).`, "dice");
    }
    const value = this.values[this.drawn];
    if (!(value >= 1 && value <= faces)) {
      throw new RuleError(`Kostka č. ${pos} ('${label}') je d${faces}: hodnota ${value} `
        + `není mezi 1 a ${faces}.`, "dice");
    }
    return value;
  }

  finish() {
    if (this.drawn < this.values.length) {
      throw new RuleError(`Příliš mnoho kostek: zadáno ${this.values.length}, postup `
        + `použil ${this.drawn}.`, "dice");
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

/** A number as Czech writes it: "2,5", no ".0", at most 4 decimals (as rpg/core/text.py). */
export function number(value) {
  if (Number.isInteger(value)) return String(value);
  let fixed = value.toFixed(4);
  const scaled = value * 1e4;
  // Python rounds an exact tie to even; toFixed rounds it away from zero.
  if (Math.abs(scaled % 1) === 0.5 && Math.abs(Math.round(scaled)) % 2 === 1) {
    fixed = ((Math.round(scaled) - Math.sign(scaled)) / 1e4).toFixed(4);
  }
  return fixed.replace(/0+$/, "").replace(/\.$/, "").replace(".", ",");
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

// --- The d20 test (rpg/pravidla/d20.py) ----------------------------------------------------------------

export const diceMode = (advantage, disadvantage) => Number(!!advantage) - Number(!!disadvantage);

export function rollD20(source, label, mode) {
  if (mode === 0) {
    const natural = source.die(R.d20, label);
    return { label, notation: "1d20", results: [natural], total: natural };
  }
  const first = source.die(R.d20, label);
  const second = source.die(R.d20, label);
  const kept = mode > 0 ? Math.max(first, second) : Math.min(first, second);
  return { label, notation: mode > 0 ? "2d20kh1" : "2d20kl1", results: [first, second],
    total: kept };
}

export function judge(natural, modifier, target) {
  const total = natural + modifier;
  if (natural === R.d20) return [total, true, "success"];
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
  for (let n = 1; n <= R.d20; n += 1) k += judge(n, modifier, target)[1] ? 1 : 0;
  const f = R.d20;
  if (mode > 0) return frac(f * f - (f - k) ** 2, f * f);
  if (mode < 0) return frac(k * k, f * f);
  return frac(k, f);
}

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
