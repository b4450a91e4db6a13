/* A logged step replayed by the calculators' own procedure: the same inputs and dice must give
 * the answer's result, as the golden vectors' parity test runs them (tests/calculators/
 * parity.test.mjs): the procedure with ReplayDice, its result with its next steps as the API
 * lists them, numbers compared to 1e-12. Loaded by the verification page with the first log
 * that needs it; each procedure's module is loaded once, when a step first needs it.
 */
import { setCatalog } from "../calculators/core/catalog.js";
import { ReplayDice, RuleError, setRules } from "../calculators/core/engine.js";
import { nextSteps } from "../calculators/core/ui.js";
import { ReplayUnavailable } from "./verify.js";

/** @typedef {import("./verify.js").Replay} Replay */

/**
 * The first difference between two JSON values (a path and both values), or null; numbers
 * agree to 1e-12 (relative above 1).
 * @param {any} actual
 * @param {any} expected
 * @param {string} [where]
 * @returns {string | null}
 */
export function difference(actual, expected, where = "result") {
  if (typeof expected === "number" && typeof actual === "number") {
    return Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected)) ? null
      : `${where}: ${actual} ≠ ${expected}`;
  }
  if (expected === null || typeof expected !== "object" || actual === null
    || typeof actual !== "object" || Array.isArray(actual) !== Array.isArray(expected)) {
    return actual === expected ? null
      : `${where}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`;
  }
  for (const key of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
    const found = difference(actual[key], expected[key], `${where}.${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * The replay of a step by its calculator: `loaders` give each procedure's function by path
 * (imported when first needed); `rules` and `words` are the rule data and the Czech templates
 * the calculators render (set here for every calculator of the page).
 * @param {Record<string, () => Promise<Function>>} loaders
 * @param {import("../calculators/core/types.js").Rules} rules
 * @param {Record<string, string>} words
 * @returns {Replay}
 */
export function replayer(loaders, rules, words) {
  setRules(rules);
  setCatalog(words);
  /** @type {Map<string, Promise<Function>>} */
  const loaded = new Map();
  return async (answer, dice) => {
    const path = answer.procedure;
    if (!Object.hasOwn(loaders, path)) return null;
    if (!loaded.has(path)) loaded.set(path, loaders[path]());
    let procedure;
    try {
      procedure = await loaded.get(path);
    } catch (error) {
      loaded.delete(path);  // tried again by the next check
      throw new ReplayUnavailable(String(error && error.message || error));
    }
    let outcome;
    try {
      const source = new ReplayDice(dice);
      outcome = procedure(source, structuredClone(answer.input));
      source.finish();
    } catch (error) {  // the rule's refusal, or inputs the calculator cannot read at all
      return { ok: false, message: error instanceof RuleError ? error.message : String(error) };
    }
    const where = difference({ ...outcome.result, next: nextSteps(outcome.next) }, answer.result);
    return where === null ? { ok: true } : { ok: false, where };
  };
}
