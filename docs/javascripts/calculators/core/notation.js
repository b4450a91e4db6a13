/* Dice notation, as rpg/core/notation.py: parse "2d6+3", "4d6kh3", "d%", Czech "2k6"; roll it. */
import { join, msg } from "./catalog.js";
import { R, RuleError } from "./engine.js";

// Python's str.isspace(), so both parsers skip the same characters (the information
// separators \x1c–\x1f among them).
// eslint-disable-next-line no-control-regex
const SPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

class Parser {
  constructor(text) {
    this.text = text;
    this.pos = 0;
    this.limits = R.notation;
  }

  /** The mistake `problem` (a "notation.*" message) at the current or given place. */
  error(problem, at = null, values = {}) {
    const position = (at === null ? this.pos : at) + 1;
    return new RuleError(msg("notation.error", { expr: this.text, position,
      problem: msg(`notation.${problem}`, values) }), "expr");
  }

  skipSpace() {
    while (this.pos < this.text.length && SPACE.test(this.text[this.pos])) this.pos += 1;
  }

  peek() {
    this.skipSpace();
    return this.pos < this.text.length ? this.text[this.pos].toLowerCase() : "";
  }

  /** Whether a space ends the term before and a new one starts here: a number, or a die ("d6",
   * "k6", "d%"); the space is then read as "+" (an unencoded "+" of a query string). */
  spacedTerm() {
    const here = this.text.slice(this.pos, this.pos + 2).toLowerCase();
    return this.pos > 0 && SPACE.test(this.text[this.pos - 1]) && here !== "" && (
      "0123456789".includes(here[0])
      || ("dk".includes(here[0]) && here.length === 2 && "0123456789%".includes(here[1])));
  }

  integer() {
    this.skipSpace();
    const start = this.pos;
    while (this.pos < this.text.length && "0123456789".includes(this.text[this.pos])) {
      this.pos += 1;
    }
    if (start === this.pos) return null;
    if (this.pos - start > 6) throw this.error("too-large", start);
    return Number(this.text.slice(start, this.pos));
  }

  parse() {
    const L = this.limits;
    if (this.text.length > L.max_length) {
      throw new RuleError(msg("notation.too-long", { n: L.max_length }), "expr");
    }
    const terms = [];
    let sign = 1;
    if (this.peek() && "+-".includes(this.peek())) {
      sign = this.peek() === "-" ? -1 : 1;
      this.pos += 1;
    }
    for (;;) {
      if (terms.length === L.max_terms) throw this.error("terms", null, { n: L.max_terms });
      terms.push(this.term(sign));
      const following = this.peek();
      if (following === "") break;
      if ("+-".includes(following)) {
        sign = following === "-" ? -1 : 1;
        this.pos += 1;
      } else if (this.spacedTerm()) { // an unencoded "+" that arrived as a space
        sign = 1;
      } else {
        throw this.error("sign");
      }
    }
    const dice = terms.reduce((n, t) => n + (t.faces ? t.count : 0), 0);
    if (dice > L.max_dice) {
      throw new RuleError(msg("notation.too-many-dice", { n: dice, m: L.max_dice }), "expr");
    }
    return terms;
  }

  term(sign) {
    const L = this.limits;
    this.skipSpace();
    const start = this.pos;
    const count = this.integer();
    if (!["d", "k"].includes(this.peek())) {
      if (count === null) throw this.error("term");
      if (count > L.max_constant) throw this.error("constant", start, { n: L.max_constant });
      return { sign, value: count };
    }
    const dice = count === null ? 1 : count;
    if (dice < 1 || dice > L.max_count) {
      throw this.error("count", start, { n: L.max_count });
    }
    this.pos += 1;
    this.skipSpace();
    const facesAt = this.pos;
    let faces;
    if (this.peek() === "%") {
      this.pos += 1;
      faces = 100;
    } else {
      faces = this.integer();
      if (faces === null) throw this.error("faces");
      if (faces < L.min_faces || faces > L.max_faces) {
        throw this.error("faces-range", facesAt, { low: L.min_faces, high: L.max_faces });
      }
    }
    let mode = null;
    let keep = null;
    if (this.peek() === "k" && !this.spacedTerm()) { // "2d6 k4" is 2d6+1d4
      const keepAt = this.pos;
      this.pos += 1;
      mode = this.peek();
      if (mode !== "h" && mode !== "l") throw this.error("keep-mode", keepAt);
      this.pos += 1;
      keep = this.integer();
      if (keep === null) throw this.error("keep-count");
      if (keep < 1 || keep > dice) throw this.error("keep-range", keepAt, { n: dice });
    }
    return { sign, count: dice, faces, mode, keep: keep === null ? dice : keep };
  }
}

const termNotation = (t) => (t.faces
  ? `${t.count}d${t.faces}${t.mode ? `k${t.mode}${t.keep}` : ""}` : String(t.value));

/** The kept dice, in the order rolled (ties keep the earlier die, as Python's stable sort). */
function keepDice(dice, mode, count) {
  if (!mode) return dice;
  const order = dice.map((_, i) => i).sort((a, b) => (mode === "h"
    ? dice[b] - dice[a] : dice[a] - dice[b]));
  return order.slice(0, count).sort((a, b) => a - b).map((i) => dice[i]);
}

function binomial(n, k) {
  let c = 1n;
  for (let i = 0n; i < BigInt(k); i += 1n) c = (c * (BigInt(n) - i)) / (i + 1n);
  return c;
}

const means = new Map();

/** Exact mean of the kept dice as [numerator, denominator] BigInts (see rpg/core/notation.py). */
function keptMean(count, faces, mode, kept) {
  const key = `${count}d${faces}k${mode}${kept}`;
  if (!means.has(key)) means.set(key, computeKeptMean(count, faces, mode, kept));
  return means.get(key);
}

function computeKeptMean(count, faces, mode, kept) {
  if (!mode || kept === count) return [BigInt(count * (faces + 1)), 2n];
  if (mode === "l") {
    const [n, d] = keptMean(count, faces, "h", count - kept);
    return [BigInt(count * (faces + 1)) * d - 2n * n, 2n * d];
  }
  const weights = [];
  for (let j = 0; j <= count; j += 1) weights.push(BigInt(Math.min(kept, j)) * binomial(count, j));
  let numerator = 0n;
  for (let x = 1; x <= faces; x += 1) {
    const atLeast = BigInt(faces - x + 1);
    const below = BigInt(x - 1);
    weights.forEach((w, j) => {
      if (w) numerator += w * atLeast ** BigInt(j) * below ** BigInt(count - j);
    });
  }
  return [numerator, BigInt(faces) ** BigInt(count)];
}

/** A BigInt fraction as the nearest double (as Python's float(Fraction)).
 * @param {bigint} n
 * @param {bigint} d
 * @returns {number}
 */
function toFloat(n, d) {
  if (n === 0n) return 0;
  const negative = (n < 0n) !== (d < 0n);
  n = n < 0n ? -n : n;
  d = d < 0n ? -d : d;
  const shift = 64 - (n.toString(2).length - d.toString(2).length);
  const scaled = shift >= 0 ? n << BigInt(shift) : n;
  const divisor = shift >= 0 ? d : d << BigInt(-shift);
  let q = scaled / divisor;
  if (q * divisor !== scaled) q |= 1n;  // a sticky bit, so the rounding below is exact
  const result = Number(q) * 2 ** -shift;
  return negative ? -result : result;
}

function writtenTerm(term, first) {
  const sign = term.value < 0 ? "- " : (first ? "" : "+ ");
  if (!term.dice.length) return `${sign}${Math.abs(term.value)}`;
  const kept = term.kept.join(" + ");
  const dropped = [...term.dice];
  for (const k of term.kept) dropped.splice(dropped.indexOf(k), 1);
  if (!dropped.length) return `${sign}${term.notation} (${kept})`;
  return msg("notation.dropped", { sign, notation: term.notation, kept,
    dropped: dropped.join(", ") });
}

/** [Zápis kostek] roll a dice expression, left to right, die by die. */
export function roll(source, { expr }) {
  const terms = new Parser(expr).parse();
  const rolled = terms.map((t) => {
    if (!t.faces) return { notation: termNotation(t), dice: [], kept: [], value: t.sign * t.value };
    const dice = [];
    for (let i = 0; i < t.count; i += 1) dice.push(source.die(t.faces, "roll"));
    const kept = keepDice(dice, t.mode, t.keep);
    return { notation: termNotation(t), dice, kept, value: t.sign * kept.reduce((a, b) => a + b) };
  });
  const total = rolled.reduce((s, t) => s + t.value, 0);
  let low = 0;
  let high = 0;
  let meanN = 0n;
  let meanD = 1n;
  for (const t of terms) {
    const [a, b] = t.faces ? [t.keep, t.keep * t.faces] : [t.value, t.value];
    low += t.sign > 0 ? a : -b;
    high += t.sign > 0 ? b : -a;
    const [n, d] = t.faces ? keptMean(t.count, t.faces, t.mode, t.keep) : [BigInt(t.value), 1n];
    meanN = meanN * d + BigInt(t.sign) * n * meanD;
    meanD *= d;
  }
  const notation = terms.map((t, i) => (t.sign < 0 ? "-" : (i ? "+" : "")) + termNotation(t))
    .join("");
  const terms_ = join(rolled.map((t, i) => writtenTerm(t, i === 0)), " ");
  return {
    result: { total, min: low, max: high, mean: toFloat(meanN, meanD), terms: rolled },
    chance: null,
    text: String(msg("roll.text", { notation, terms: terms_, total: String(total) })),
    chart: null,
  };
}
