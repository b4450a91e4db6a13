/* Země psychopatů, [Boj] (rpg/psychopaths_land/combat.py): combat in its four modes, and the
 * card steps of the calculator. The words are the catalog's, the numbers the engine's. */
import { choice, field, join, msg } from "../core/catalog.js";
import { R, answer, fail, frac, plus } from "../core/engine.js";

const P = () => R["psychopaths_land/combat"];
const K = "psychopaths-land/combat.";
const side = (who) => msg(`${K}side.${who}`);

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

/** [Boj] d6 + madness + cards for each side; the higher total wins the difference in fame. */
export function combat(source, { mode = "players", attacker_madness: am = 0,
  defender_madness: dm = 0, attacker_cards: ac = 0, defender_cards: dc = 0,
  active_player: active = "attacker", revenge_used: used = false }) {
  if (mode === "revenge" && used) {
    fail(`${K}revenge-used`, { quote: msg("psychopaths-land.quote.one-revenge"),
      revenge_used: field("revenge_used") }, "revenge_used");
  }
  if (mode !== "revenge" && active !== "attacker") {
    fail(`${K}active-player`, { active_player: field("active_player"),
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
  const numbers = { duellist: P().duellist_cards, bystander: P().bystander_cards };
  const limits = { attacker: numbers.duellist, defender: psycho ? 0 : numbers.duellist,
    bystander: numbers.bystander,
    plays_first: psycho ? "attacker" : at === dt ? null : at < dt ? "attacker" : "defender",
    note: String(msg(`${K}cards-${psycho ? "psychopath" : "players"}`, numbers)) };
  const shown = (die, madness, cards, total) => `1d6 = ${die}${plus(madness, die + madness)}`
    + plus(cards, total);
  const changes = [["attacker", fa], ["defender", fd]].filter(([, v]) => v).map(([who, v]) =>
    msg(`${K}fame-change`, { side: side(who), change: v > 0 ? `+${v}` : `−${-v}` }));
  const extras = [changes.length ? msg(`${K}fame`, { changes: join(changes) }) : msg(`${K}no-fame`),
    ...effects.map((e) => msg(`${K}effect.${e}`))];
  if (revenge) extras.push(msg(`${K}revenge-available`));
  return answer({ mode, attacker_roll: a, defender_roll: d, attacker_total: at,
    defender_total: dt, winner, fame_moved: moved, fame: { attacker: fa, defender: fd },
    revenge_available: revenge, effects, card_limits: limits },
  msg(`${K}text`, { mode: msg(`${K}mode.${mode}`), attacker: shown(a, am, ac, at),
    defender: shown(d, dm, dc, dt), extras: join(extras),
    verdict: winner === "draw" ? msg(`${K}draw`) : msg(`${K}wins`, { moved,
      side: side(psycho && winner === "defender" ? "psychopath" : winner) }) }),
  { chance: winChance(am + ac - dm - dc) });
}

/** The combat's card steps: ± per side re-resolves the same dice with the cards changed, and a
 * line tells who may still play cards in this step (the engine's card_limits). */
export function enhance(root) {
  if (root.dataset.procedure !== "psychopaths-land/combat") return;
  const form = root.querySelector("form");
  const output = root.querySelector("[data-output]");
  const box = document.createElement("div");
  const button = (who, step) => `<button type="button" class="md-button" data-side="${who}" `
    + `data-step="${step}">${step > 0 ? "+" : "−"}1</button>`;
  box.innerHTML = `${["attacker", "defender"].map((who) => `<p>${msg(`${K}card-on.${who}`)} `
    + `${button(who, -1)} ${button(who, 1)}</p>`).join("")}<p><button type="button" `
    + `class="md-button" data-step="0">${msg(`${K}next-step`)}</button></p><p data-limits></p>`;
  box.hidden = true;
  output.after(box);
  let played;
  const show = (fresh) => {
    if (fresh) played = { attacker: 0, defender: 0 };
    box.hidden = !output.dataset.result;
    if (box.hidden) return;
    const { card_limits: l, mode } = JSON.parse(output.dataset.result);
    const first = mode === "psychopath" ? msg(`${K}first.fighter`) : l.plays_first === null
      ? msg(`${K}first.anyone`) : msg(`${K}first.lower`, { side: side(l.plays_first) });
    const left = (who) => Math.max(0, l[who] - played[who]);
    box.querySelector("[data-limits]").textContent = msg(`${K}step`, { first,
      attacker: left("attacker"), defender: left("defender"), bystander: l.bystander });
  };
  box.addEventListener("click", (event) => {
    const { side: who, step } = event.target.dataset;
    if (step === undefined) return;
    if (step === "0") return show(true);
    const input = form.elements[`${who}_cards`];
    const { min, max } = input.dataset;
    input.value = Math.max(min, Math.min(max, Number(input.value || 0) + Number(step)));
    const result = JSON.parse(output.dataset.result);
    played[result.mode === "psychopath" ? "attacker" : who] += 1;
    form.elements.dice.value = `${result.attacker_roll}, ${result.defender_roll}`;
    form.requestSubmit();
  });
  form.addEventListener("submit", (event) => show(event.submitter !== null));
}
