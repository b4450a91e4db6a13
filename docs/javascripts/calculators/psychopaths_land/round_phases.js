/* Země psychopatů, [Fáze kola] (rpg/psychopaths_land/round_phases.py): the round's action
 * points and what the round allows. The words are the catalog's, the numbers the engine's. */
import { field, msg } from "../core/catalog.js";
import { R, answer, fail } from "../core/engine.js";

const P = () => R["psychopaths_land/round_phases"];
const A = "psychopaths-land/action-points.";
const T = "psychopaths-land/turn-check.";
const quote = (key, params) => msg(`psychopaths-land.quote.${key}`, params);
const points = (n) => msg("psychopaths-land.action-points", { n });
const fold = (name) => name.trim().toLowerCase();

/** [Určení počtu akčních bodů] 2d6; the player keeps one die. */
export function actionPoints(source, { keep = null }) {
  const dice = [source.die(P().die, "action-points"), source.die(P().die, "action-points")];
  const [first, second] = dice;
  const choices = [...new Set(dice)].sort((a, b) => a - b);
  const kept = keep && (keep === "higher" ? Math.max(...dice) : Math.min(...dice));
  const verdict = keep ? msg(A + keep, { points: points(kept) })
    : choices[1] ? msg(`${A}pick`, { low: choices[0], points: points(choices[1]) })
      : msg(`${A}alike`, { points: points(first) });
  return answer({ dice, keep, action_points: kept, choices },
    msg(`${A}text`, { first, second, verdict }));
}

/** [Fáze kola] which phases the active player may play now; nothing is rolled. */
export function turnCheck(source, { psychopath_in_inventory: held = false, action_points: ap = 0,
  visited = [], target_field: target = null, other_player_on_field: other = false,
  unfought_psychopath: unfought = false }) {
  if (unfought && !held) {
    fail(`${T}unfought-not-held`, { quote: quote("unfought"),
      held: field("psychopath_in_inventory"), unfought: field("unfought_psychopath") },
    "unfought_psychopath");
  }
  const cost = P().move_cost;
  const can = !held && ap >= cost;
  const notes = held ? [quote("no-exploration"), quote("no-movement")] : can ? []
    : [msg(`${T}no-action-points`, { quote: quote("pays", { cost }) })];
  /** @type {[Record<string, any> | null, number, string | import("../core/catalog.js").Message]} */
  let [move, left, plan] = [null, ap, ""];
  if (target !== null) {
    const reason = held ? "psychopath-in-inventory" : can
      ? visited.map(fold).includes(fold(target)) && "already-visited" : "no-action-points";
    if (!reason) left -= cost;
    if (reason === "already-visited") {
      notes.push(msg(`${T}no-move`, { target, quote: quote("no-field-twice") }));
    }
    move = { field: target, legal: !reason, reason: reason || null, cost,
      action_points_left: left };
    plan = msg(T + (reason ? "move-illegal" : "move-legal"), { target, n: left });
  }
  const order = [unfought && "psychopath", other && "player"].filter(Boolean);
  if (order[1]) notes.push(quote("psychopath-first"));
  const yes = msg(T + (can ? "yes" : "no"));
  return answer({ exploration_allowed: can, movement_allowed: can, move,
    combat: !!order[0], combat_order: order, combat_first: order[0] ?? null,
    may_repeat_movement: !held && left >= cost, action_points_lost_at_end: left,
    end_of_round_order: "active-player", notes: notes.map(String) },
  msg(`${T}text`, { exploration: yes, movement: yes, plan,
    combat: msg(T + (order.join("-then-") || "no")),
    lost: left ? msg(`${T}lost`, { n: left }) : msg(`${T}none-left`) }));
}
