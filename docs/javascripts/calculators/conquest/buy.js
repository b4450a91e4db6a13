/* Dobývání soustav, [Nákup a umisťování jednotek] (rpg/conquest/buy.py). */
import { join, msg } from "../core/catalog.js";
import { R, answer, fail, sum } from "../core/engine.js";
import { payable } from "./coins.js";
import { counted, credits, quote, unit } from "./game.js";

/** [Nákup a umisťování jednotek] the cost, the credits left, and where units go. */
export function buy(source,
  { units: wanted, credits: amount = R["conquest/buy"].starting_credits }) {
  payable(amount);
  const lines = [];
  for (const [name, count] of Object.entries(wanted)) {
    const u = unit(name, "units");
    counted(count, "units", "price");
    if (lines.some((line) => line.unit === u.name)) {
      fail("conquest/buy.unit-twice", { unit: u.name }, "units");
    }
    const ex = u.name === "Extractor";
    lines.push({ unit: u.name, count, unit_cost: u.cost, cost: u.cost * count,
      placement: ex ? "own-system-blue-hex" : "own-checkpoint",
      placement_rule: String(quote(ex ? "extractor-placement" : "placement")) });
  }
  const cost = sum(lines.map((l) => l.cost));
  if (cost > amount) {
    fail("conquest/buy.too-dear", { cost, credits: amount, quote: quote("price") }, "units");
  }
  const bought = lines.filter((l) => l.count).map((l) => msg("conquest.count", l));
  return answer({ cost, credits_left: amount - cost, purchases: lines },
    msg("conquest/buy.text", { bought: bought[0] ? join(bought) : msg("conquest/buy.nothing"),
      cost: credits(cost), left: credits(amount - cost) }));
}
