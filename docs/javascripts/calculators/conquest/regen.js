/* Dobývání soustav, [Regenerace] (rpg/conquest/regen.py). */
import { msg } from "../core/catalog.js";
import { R, answer } from "../core/engine.js";
import { term } from "../pravidla/d20.js";
import { C, alive, reckoned, unit } from "./game.js";

/** [Regenerace] repaired = min(damage, regen + Mechanics in range, 5). */
export function regen(source, { unit: name, damage, mechanics_in_range: m = 0 }) {
  const u = unit(name);
  alive(u, damage, "damage");
  const { regen_cap: cap } = R["conquest/regen"];
  const { mechanic_bonus: bonus } = C();
  const rate = u.regen + bonus * m;
  const fixed = Math.min(damage, rate, cap);
  const hp = u.hp - damage + fixed;
  return answer({ unit: u.name, repaired: fixed, damage_left: damage - fixed, hp,
    capped: rate > cap && damage > cap },
  msg("conquest/regen.text", { unit: u.name, repaired: fixed, left: damage - fixed, hp,
    max: u.hp, rate: reckoned(u.regen, [term(bonus * m,
      msg("conquest/regen.mechanics", { n: m }))], rate),
    cap: rate > cap ? msg("conquest/regen.cap", { cap }) : "" }));
}
