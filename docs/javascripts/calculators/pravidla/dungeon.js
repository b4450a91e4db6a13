/* Dungeon exploration (rpg/pravidla/dungeon.py): the dungeon turn. The trap and the
 * wandering-monster check are rows of odds, rolled by pravidla/odds.js; the turn rolls the same
 * wandering-monster row. The words are the catalog's, the constants the engine's. */
import { field, msg } from "../core/catalog.js";
import { R, answer, fail, frac, roll, written } from "../core/engine.js";

const D = () => R["pravidla/dungeon"];
/** The wandering-monster row: its odds and the roll's label. */
const WANDERING = "wandering-monsters";

/** [Průzkum kobek] one turn: is a wandering-monster check due, may the party rest, is fatigue
 * due; with `roll` and a check due, the wandering-monster row is rolled (a monster met: an
 * encounter indoors next). */
export function dungeonTurn(source, {
  turn, noise = false, hours_since_rest: since = 0, hours_exploring_since_rest: exploring = 0,
  roll: rolling = false, hours_since_no_rest_fatigue: sinceFatigue = null,
}) {
  if (sinceFatigue !== null && sinceFatigue !== undefined && sinceFatigue > since) {
    fail("dungeon-turn.fatigue-before-rest", { fatigue: field("hours_since_no_rest_fatigue"),
      value: sinceFatigue, since: field("hours_since_rest"), since_value: since },
    "hours_since_no_rest_fatigue");
  }
  if (exploring > since) {
    fail("dungeon-turn.exploring-beyond-rest", { exploring: field("hours_exploring_since_rest"),
      value: exploring, since: field("hours_since_rest"), since_value: since },
    "hours_exploring_since_rest");
  }
  const every = D().check_every_turns;
  const [x, y] = D().odds[WANDERING];
  const reason = turn % every ? (noise ? "noise" : null) : "schedule";
  let [rolled, monster, chance] = [null, null, null];
  let check = msg("dungeon-turn.no-check");
  if (reason && !rolling) {
    check = msg("dungeon-turn.check-due", { why: msg(`dungeon-turn.${reason}`),
      odds: msg("odds.x-in-y", { x, y }) });
  } else if (reason) {
    const die = roll(source, WANDERING, 1, y);
    [rolled, monster, chance] = [die.total, die.total <= x, frac(x, y)];
    check = msg("dungeon-turn.checked", { dice: written(die),
      outcome: msg(monster ? "dungeon-turn.encounter" : "dungeon-turn.nothing") });
  }
  const restAllowed = exploring >= D().rest_every_hours;
  const [low, high] = D().rest_hours;
  const [tiredAfter, fatigue] = D().fatigue_without_rest;
  // One day without rest, one fatigue: one already taken counts the day before it.
  const awake = sinceFatigue === null || sinceFatigue === undefined ? since : sinceFatigue;
  const due = awake >= tiredAfter ? fatigue : 0;
  const rest = restAllowed ? msg("dungeon-turn.rest", { low, high })
    : msg("dungeon-turn.no-rest", { every: D().rest_every_hours });
  const tired = due ? msg("dungeon-turn.tired", { hours: tiredAfter, fatigue: due }) : "";
  const text = msg("dungeon-turn.text", { turn, check, rest, tired });
  return answer({ check_due: reason !== null, check_reason: reason, roll: rolled,
    wandering_monster: monster, rest_allowed: restAllowed, rest_hours: [low, high],
    fatigue_due: due, next_check_turn: turn + every - (turn % every) }, text, { chance,
    next: monster ? [D().encounter] : [] });
}
