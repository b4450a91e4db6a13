/* Dobývání soustav, [Útok] (rpg/conquest/attack.py). */
import { msg } from "../core/catalog.js";
import { answer } from "../core/engine.js";
import { term } from "../pravidla/d20.js";
import { alive, reckoned, unit } from "./game.js";

/** [Útok] damage = attack − the target's defence (at least 0), if the target is in range. */
export function attack(source, { attacker, target, distance, target_damage: hit = 0 }) {
  const [a, t] = [unit(attacker), unit(target)];
  alive(t, hit, "target_damage");
  const inRange = a.range_min <= distance && distance <= a.range_max;
  const potential = Math.max(0, a.attack - t.defense);
  const dealt = inRange ? potential : 0;
  const left = Math.max(0, t.hp - hit - dealt);
  const said = { attacker: a.name, target: t.name, distance: msg("conquest.hexes",
    { n: distance }), reach: msg("conquest.reach", { low: a.range_min, high: a.range_max }) };
  return answer({ attacker: a.name, target: t.name, in_range: inRange, range_min: a.range_min,
    range_max: a.range_max, damage: dealt, damage_if_in_range: potential, hp_left: left,
    destroyed: !left },
  inRange ? msg("conquest/attack.text", { ...said,
    damage: reckoned(a.attack, [term(-t.defense)], potential),
    hp: reckoned(t.hp, [term(-hit, msg("conquest/attack.counters")), term(-dealt)], left),
    end: left ? "" : msg("conquest/attack.destroyed") })
    : msg("conquest/attack.out-of-range", { ...said, quote: msg("conquest.quote.range") }));
}
