/* Země psychopatů, [Boj] (rpg/psychopaths_land/combat.py): combat in its four modes.
 * The words are the catalog's, the numbers the engine's. */
import { choice, field, join, msg } from "../core/catalog.js";
import { R, answer, fail, frac } from "../core/engine.js";
import { minusSign, term, writtenTerms } from "../pravidla/d20.js";

const P = () => R["psychopaths_land/combat"];
const K = "psychopaths-land/combat.";
/** A duellist as the rules call them: against a psychopath, the player and the psychopath. */
const named = (mode, who) => msg(`${K}side.${mode === "psychopath"
  ? { attacker: "player", defender: "psychopath" }[who] : who}`);

/** P(d6 + lead > d6), exact. */
function winChance(lead) {
  const f = P().die;
  let ways = 0;
  for (let k = 1 - f; k < f; k += 1) if (k + lead > 0) ways += f - Math.abs(k);
  return frac(ways, f * f);
}

/** Fame changes and card effects of a finished combat, per mode. */
function fame(mode, winner, moved, active) {
  if (winner === "draw") return [[0, 0], mode === "psychopath" ? ["psychopath-to-inventory"] : []];
  if (mode === "psychopath") {
    return winner === "attacker" ? [[moved, 0], ["psychopath-killed"]]
      : [[-moved, 0], ["psychopath-to-deck-bottom"]];
  }
  const loser = winner === "attacker" ? "defender" : "attacker";
  let [gain, loss, effects] = [moved, -moved, []];
  if (mode === "psychopath-holder" && loser === "defender") {
    [loss, effects] = [0, ["psychopath-card-lost"]];
  }
  if (mode === "revenge" && loser === active) gain += P().revenge_bonus;
  return [winner === "attacker" ? [gain, loss] : [loss, gain], effects];
}

/** One side's d6 with every modifier named: "1d6 = 4 + 3 (šílenost) − 1 (karty) = 6". */
function shown(die, madness, cards) {
  const terms = writtenTerms([term(madness, msg(`${K}madness`)), term(cards, msg(`${K}cards`))]);
  return terms.join.length ? msg(`${K}side`, { die, terms, total: minusSign(die + madness + cards) })
    : msg(`${K}die`, { die });
}

/** [Boj] d6 + madness + cards for each side; the higher total wins the difference in fame. */
export function combat(source, { mode = "players", attacker_madness: am = 0,
  defender_madness: dm = 0, attacker_cards: ac = 0, defender_cards: dc = 0,
  active_player: active = "attacker", revenge_used: used = false }) {
  if (mode === "revenge" && used) {
    fail(`${K}revenge-used`, { quote: msg("psychopaths-land.quote.one-revenge"),
      revenge_used: field("revenge_used") }, "revenge_used");
  }
  if (mode !== "revenge" && active !== "attacker") {
    fail(`${K}active-player`, { active_player: field("active_player"), mode: field("mode"),
      quote: msg("psychopaths-land.quote.revenge-bonus", { bonus: P().revenge_bonus }),
      revenge: choice("mode", "revenge") }, "active_player");
  }
  const a = source.die(P().die, "attacker");
  const d = source.die(P().die, "defender");
  const [at, dt] = [a + am + ac, d + dm + dc];
  const winner = at === dt ? "draw" : at > dt ? "attacker" : "defender";
  const moved = Math.abs(at - dt);
  const [[fa, fd], effects] = fame(mode, winner, moved, active);
  const revenge = mode === "players" && winner === "attacker" && !used;
  const psycho = mode === "psychopath";
  const cards = { duellist: P().duellist_cards, bystander: P().bystander_cards };
  const changes = [["attacker", fa], ["defender", fd]].filter(([, v]) => v).map(([who, v]) => (
    v > moved ? msg(`${K}fame-bonus`, { side: named(mode, who), moved, bonus: v - moved, total: v })
      : msg(`${K}fame-change`, { side: named(mode, who), change: v > 0 ? `+${v}` : `−${-v}` })));
  const extras = [changes[0] ? msg(`${K}fame`, { changes: join(changes) }) : msg(`${K}no-fame`),
    ...effects.map((e) => msg(`${K}effect.${e}`))];
  if (revenge) extras.push(msg(`${K}revenge-available`));
  return answer({ mode, attacker_roll: a, defender_roll: d, attacker_total: at,
    defender_total: dt, winner, fame_moved: moved, fame: { attacker: fa, defender: fd },
    revenge_available: revenge, effects, card_limits: { attacker: cards.duellist,
      defender: psycho ? 0 : cards.duellist, bystander: cards.bystander,
      plays_first: psycho ? "attacker" : at === dt ? null : at < dt ? "attacker" : "defender",
      note: String(msg(`${K}cards-${psycho ? "psychopath" : "players"}`, cards)) } },
  msg(`${K}text`, { mode: msg(`${K}mode.${mode}`), attacker: shown(a, am, ac),
    defender: shown(d, dm, dc), extras: join(extras), verdict: winner === "draw"
      ? msg(`${K}draw`) : msg(`${K}wins`, { moved, side: named(mode, winner) }) }),
  { chance: winChance(am + ac - dm - dc) });
}
