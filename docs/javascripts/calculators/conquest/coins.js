/* Dobývání soustav, [Kredity] (rpg/conquest/coins.py). */
import { msg } from "../core/catalog.js";
import { answer, fail } from "../core/engine.js";
import { C, credits, quote } from "./game.js";

export /** Credits are paid in coins: a multiple of the smallest. */
function payable(amount) {
  const smallest = C().coins.at(-1);
  if (amount % smallest) {
    fail("conquest/coins.not-payable", { credits: amount, smallest, quote: quote("coins") },
      "credits");
  }
}

/** [Kredity] the fewest coins: gold 1 000, silver 200, teal 50. */
export function coins(source, { credits: amount }) {
  payable(amount);
  let left = amount;
  const [gold, silver, teal] = C().coins.map((coin) => [Math.floor(left / coin),
    left %= coin][0]);
  const count = gold + silver + teal;
  return answer({ coins: Object.fromEntries(C().coins.map((coin, i) => [coin,
    [gold, silver, teal][i]])), count },
  msg("conquest/coins.text", { credits: credits(amount), gold, silver, teal, count }));
}
