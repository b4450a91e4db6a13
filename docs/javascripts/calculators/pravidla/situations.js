/* Movement and the other combat situations (rpg/pravidla/situations.py): movement, thrown
 * range, the shield block, the 50 % mishaps. The words are the catalog's, the constants the
 * engine's (R["pravidla/situations"]). */
import { msg } from "../core/catalog.js";
import { R, answer, fail, frac, roll, written } from "../core/engine.js";

const S = () => R["pravidla/situations"];

/** [Pohyb] metres a creature covers this round, whether its action is still free, and what is
 * left after `already_moved_m` (never below 0: written as a clamp). */
export function movement(source, { movement: hybnost, mode = "walk", already_moved_m: moved = 0 }) {
  const [share, free] = S().movement[mode];
  const metres = hybnost * share;
  const blind = mode === "blind";
  const left = Math.max(0, metres - moved);
  const note = msg(`movement.note.${mode}`, blind ? { directed: S().blind_directed_m } : {});
  const shown = moved <= metres ? msg("movement.left", { metres, moved, left })
    : msg("movement.left-clamped", { metres, moved });
  return answer({ mode, metres, directed_metres: blind ? Math.min(S().blind_directed_m, metres)
    : metres, random_direction: blind, action_free: free, prone: mode === "stand-up",
  note: String(note), metres_left: left }, msg("movement.text", {
    name: msg(`movement.name.${mode}`), movement: hybnost, metres, note,
    action: msg(free ? "movement.action-free" : "movement.no-action"),
    moved: moved ? msg("movement.moved", { moved, left: shown }) : "" }));
}

/** [Hození zbraně], [Neefektivní vzdálenost u hozených zbraní] a throw's effective and
 * ineffective distance in metres: Síla, and twice Síla (the one source of thrownRange and a
 * thrown weapon's attack). */
export const thrownRanges = (strength) => [strength, S().ineffective_factor * strength];

/** [Hození zbraně] effective range = Síla, ineffective range = 2 × Síla (zone Poblíž). */
export function thrownRange(source, { strength }) {
  const [effective, ineffective] = thrownRanges(strength);
  return answer({ effective_range_m: effective, ineffective_range_m: ineffective,
    zone: S().thrown_zone, damage_note: String(msg("thrown-range.damage-note")) },
  msg("thrown-range.text", { strength, effective, ineffective }));
}

/** [Reflexivní blokování štítem] remove damage dice, one shield AC point each. */
export function shieldBlock(source, {
  shield_ac: ac, dice_blocked: blocked, trained = true, surprised, used_this_round: used,
  damage_dice: dice = null,
}) {
  const refuse = (key, rule, name) => fail(`shield-block.${key}`,
    { rule: msg(`shield-block.rule-${rule}`) }, name);
  if (!trained) refuse("untrained", "untrained", "trained");
  if (surprised) refuse("surprised", "surprised", "surprised");
  if (used) refuse("used", "once", "used_this_round");
  if (blocked > ac) {
    fail("shield-block.too-many-dice", { ac, blocked, rule: msg("shield-block.rule-dice") },
      "dice_blocked");
  }
  if (dice !== null && blocked > dice) {
    fail("shield-block.beyond-attack", { dice, blocked }, "dice_blocked");
  }
  const left = ac - blocked;
  return answer({ dice_removed: blocked, shield_ac_left: left, destroyed: !left },
    msg("shield-block.text", { blocked, left,
      destroyed: left ? "" : msg("shield-block.destroyed") }));
}

/** A 50 % mishap: its kind's row of odds, d100, 1–50 it happens; written as every row of odds
 * (the roll keeps the label "mishap"). */
export function mishap(source, { kind }) {
  const [x, y] = S().mishaps[kind];
  const rolled = roll(source, "mishap", 1, y);
  const happens = rolled.total <= x;
  const consequence = msg(`mishap.${kind}.happens`);
  return answer({ roll: rolled.total, happens, consequence: String(consequence) },
    msg("odds.text", { head: msg(`mishap.${kind}.head`), odds: msg("odds.percent", { x }),
      dice: written(rolled), sign: happens ? "≤" : ">", x,
      outcome: happens ? consequence : msg("mishap.nothing") }), { chance: frac(x, y) });
}
