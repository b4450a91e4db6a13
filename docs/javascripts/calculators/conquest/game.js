/* Dobývání soustav (rpg/conquest/game.py): the unit table, the numbers and the quoted rule
 * sentences every procedure of the game shares, and the table itself (conquest/units): one
 * module per rule beside this one. Nothing is rolled; every refusal quotes the rule it breaks.
 * The words are the catalog's, the unit table and the numbers the engine's. The form already
 * bounds every number it takes and offers only the table's units, so only what it cannot check
 * is refused here: values inside JSON inputs and the rules' own limits. */
import { field, join, msg } from "../core/catalog.js";
import { R, answer, fail, sum } from "../core/engine.js";
import { writtenTerms } from "../pravidla/d20.js";

export const C = () => R["conquest/game"];
/** The unit table's columns: the order of the engine's rows. */
const KEYS = ["name", "hp", "attack", "defense", "range_min", "range_max", "movement", "regen",
  "cost"];
export const fold = (name) => String(name).trim().toLowerCase();
const table = () => C().units.map((row) => Object.fromEntries(KEYS.map((k, i) => [k, row[i]])));
const names = () => join(table().map((u) => u.name));

/** Digits grouped by thousands, as each language writes them ("1 250"). */
export const grouped = (n, key = "conquest.thousands") => (n < 1000 ? n
  : msg(key, { high: grouped(Math.floor(n / 1000), key), low: String(n % 1000).padStart(3, "0") }));
export const credits = (amount) => msg("conquest.credits", { amount: grouped(amount) });

/** "9 − 2 (už na cíli) − 10 → 0": every term shown, a clamp written as one. */
export function reckoned(start, terms, total) {
  const shown = writtenTerms(terms);
  return shown.join.length ? msg(start + sum(terms.map((t) => t.value)) === total
    ? "conquest.sum" : "conquest.clamp", { start, terms: shown, total }) : start;
}

/** The rule sentence `key`, quoted, with the rule's numbers from the table. */
export function quote(key) {
  const [gold, silver, teal] = C().coins.map((coin) => grouped(coin, "conquest.quote.thousands"));
  return msg(`conquest.quote.${key}`, {
    units: { names: names() },
    coins: { gold, silver, teal },
    price: { prices: join(table().map((u) => msg("conquest.price", { unit: u.name,
      cost: u.cost }))) },
  }[key]);
}

export const units = () => answer({ units: table() }, msg("conquest/units.text",
  { names: names() }));

export function unit(name, at = "unit") {
  return table().find((u) => fold(u.name) === fold(name))
    || fail("conquest.unknown-unit", { name: String(name).slice(0, 40), quote: quote("units") },
      at);
}

/** A count inside a JSON input is at least 0, else the rule `rule` is broken. */
export function counted(value, at, rule) {
  if (value < 0) fail("conquest.at-least", { field: field(at), low: 0, value, quote: quote(rule) }, at);
}

/** A unit with as many damage counters as hit points is no longer on the map. */
export function alive(u, damage, at) {
  if (damage >= u.hp) {
    fail("conquest.gone", { unit: u.name, hp: u.hp, damage, quote: quote("removed") }, at);
  }
}
