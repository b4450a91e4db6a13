/* Dobývání soustav, [Displacer] (rpg/conquest/teleport.py). */
import { msg } from "../core/catalog.js";
import { R, answer, fail } from "../core/engine.js";
import { quote } from "./game.js";

/** [Displacer] the teleport's timeline; a damaged Displacer cannot teleport. */
export function teleport(source, { turn, damage = 0, other_sector: other = false,
  target_sector_checkpoints: held = 0 }) {
  if (damage > 0) { // whatever the damage: this is the rule it breaks
    fail("conquest/teleport.damaged", { damage, quote: quote("damaged-displacer") }, "damage");
  }
  if (other && held < 1) {
    fail("conquest/teleport.no-checkpoint", { quote: quote("teleport-sector") },
      "target_sector_checkpoints");
  }
  const c = R["conquest/teleport"];
  const [flip, removed] = [turn + c.flip_after, turn + c.removed_after];
  const T = "conquest/teleport.";
  const step = (at, event, params) => ({ turn: at, event,
    text: String(msg(T + event, { turn: at, ...params })) });
  return answer({ turn, flip_turn: flip, removed_turn: removed, acts_again_turn: removed,
    untargetable_until_turn: removed, handed_over: other, timeline: [
      step(turn, "teleported", { actions: c.teleport_actions }),
      step(flip, "token-flipped"),
      step(removed, "token-removed", { phase: c.unit_actions_phase })] },
  msg(`${T}text`, { turn, flip, removed, handed: other ? msg(`${T}handed-over`) : "" }));
}
