/* Země psychopatů, as rpg/psychopaths_land/game.py: action points, combat, what a round allows. */
import { R, RuleError, frac, plus } from "./core/engine.js";
import { done, fold, plural } from "./conquest.js";

const P = () => R.psychopaths;
const points = (n) => plural(n, "akční bod", "akční body", "akčních bodů");
const signed = (n) => (n > 0 ? `+${n}` : `−${-n}`);

/** [Určení počtu akčních bodů] 2d6; the player keeps one die. */
export function actionPoints(source, { keep = null }) {
  const dice = [source.die(P().die, "action-points"), source.die(P().die, "action-points")];
  const [a, b] = dice;
  const choices = [...new Set(dice)].sort((x, y) => x - y);
  const kept = keep && (keep === "higher" ? Math.max(a, b) : Math.min(a, b));
  const verdict = keep ? `ponechá ${keep === "higher" ? "vyšší" : "nižší"} → ${points(kept)}`
    : choices.length === 1 ? `obě kostky stejné → ${points(a)}`
      : `hráč si vybere ${choices[0]}, nebo ${points(choices[1])}`;
  return done({ dice, keep, action_points: kept, choices },
    `Akční body: 2d6 = ${a} a ${b}, ${verdict}.`);
}

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
  const { quotes: q, notes, modes, effects: words } = P();
  if (mode === "revenge" && used) {
    throw new RuleError(`Odvetný souboj už v této fázi proběhl: ${q[0]} Vypni 'revenge_used', `
      + "nebo hraj jiný režim.", "revenge_used");
  }
  if (mode !== "revenge" && active !== "attacker") {
    throw new RuleError(`'active_player' rozhoduje jen v odvetném souboji (${q[1]}); mimo něj `
      + "je aktivní hráč útočník – nastav mode 'revenge', nebo 'active_player' vynech.",
    "active_player");
  }
  const a = source.die(P().die, "attacker");
  const d = source.die(P().die, "defender");
  const [at, dt] = [a + am + ac, d + dm + dc];
  const winner = at === dt ? "draw" : at > dt ? "attacker" : "defender";
  const moved = Math.abs(at - dt);
  const [[fa, fd], effects] = fame(mode, winner, moved, active);
  const revenge = mode === "players" && winner === "attacker" && !used;
  const psycho = mode === "psychopath";
  const limits = { attacker: P().duellist_cards, defender: psycho ? 0 : P().duellist_cards,
    bystander: P().bystander_cards,
    plays_first: psycho ? "attacker" : at === dt ? null : at < dt ? "attacker" : "defender",
    note: notes[psycho ? 0 : 1] };
  const side = (die, madness, cards, total) => `1d6 = ${die}${plus(madness, die + madness)}`
    + plus(cards, total);
  const verdict = winner === "draw" ? "remíza" : `vítězí ${winner === "attacker" ? "útočník"
    : psycho ? "psychopat" : "obránce"} o ${moved}`;
  const changes = [["útočník", fa], ["obránce", fd]].filter(([, v]) => v)
    .map(([who, v]) => `${who} ${signed(v)}`);
  const extras = [changes.length ? `sláva: ${changes.join(", ")}` : "sláva se nemění",
    ...effects.map((e) => words[e])];
  if (revenge) extras.push("poražený obránce může vyvolat odvetný souboj");
  return {
    result: { mode, attacker_roll: a, defender_roll: d, attacker_total: at, defender_total: dt,
      winner, fame_moved: moved, fame: { attacker: fa, defender: fd }, revenge_available: revenge,
      effects, card_limits: limits },
    chance: winChance(am + ac - dm - dc),
    text: `${modes[mode]}: ${side(a, am, ac, at)} proti ${side(d, dm, dc, dt)} → ${verdict}; `
      + `${extras.join(", ")}.`,
  };
}

/** [Fáze kola] which phases the active player may play now; nothing is rolled. */
export function turnCheck(source, { psychopath_in_inventory: held = false, action_points: ap = 0,
  visited = [], target_field: target = null, other_player_on_field: other = false,
  unfought_psychopath: unfought = false }) {
  const { quotes: q, move_cost: cost } = P();
  if (unfought && !held) {
    throw new RuleError(`Nebojovaný psychopat musí být v inventáři: ${q[6]} Zapni `
      + "'psychopath_in_inventory', nebo vypni 'unfought_psychopath'.", "unfought_psychopath");
  }
  const can = !held && ap >= cost;
  const notes = held ? [q[2], q[3]] : ap < cost
    ? [`Bez akčních bodů nelze platit průzkum ani pohyb: ${q[5]}.`] : [];
  let [move, left, plan] = [null, ap, ""];
  if (target !== null) {
    const reason = held ? "psychopath-in-inventory" : ap < cost ? "no-action-points"
      : visited.map(fold).includes(fold(target)) ? "already-visited" : null;
    if (!reason) left -= cost;
    if (reason === "already-visited") notes.push(`Na pole ${target} se pohnout nelze: ${q[4]}`);
    move = { field: target, legal: !reason, reason, cost, action_points_left: left };
    plan = `; pohyb na pole ${target} ${reason ? "nelze" : `lze, zbude ${points(left)}`}`;
  }
  const order = [unfought && "psychopath", other && "player"].filter(Boolean);
  if (order.length === 2) notes.push("„Souboj s psychopatem má přednost.“");
  const yes = (flag) => (flag ? "ano" : "ne");
  const fights = order.map((k) => (k === "player" ? "s hráčem" : "s psychopatem")).join(", pak ");
  return done({ exploration_allowed: can, movement_allowed: can, move, combat: !!order.length,
    combat_order: order, combat_first: order[0] ?? null,
    may_repeat_movement: !held && left >= cost, action_points_lost_at_end: left,
    end_of_round_order: "active-player", notes },
  `Kolo: průzkum ${yes(can)}, pohyb ${yes(can)}${plan}; boj: ${fights || "ne"}. Na konci kola `
    + `propadnou zbývající akční body (${left}) a efekty karet proběhnou v pořadí, které určí `
    + "aktivní hráč.");
}

/** The combat's card steps: ± per side re-resolves the same dice with the cards changed, and a
 * line tells who may still play cards in this step (the engine's card_limits). */
export function enhance(root) {
  if (root.dataset.procedure !== "psychopaths-land/combat") return;
  const form = root.querySelector("form");
  const output = root.querySelector("[data-output]");
  const box = document.createElement("div");
  const button = (side, step) => `<button type="button" class="md-button" data-side="${side}" `
    + `data-step="${step}">${step > 0 ? "+" : "−"}1</button>`;
  box.innerHTML = `${[["attacker", "útočníka"], ["defender", "obránce"]].map(([side, who]) =>
    `<p>Zahraná karta na ${who} ${button(side, -1)} ${button(side, 1)}</p>`).join("")}<p>`
    + '<button type="button" class="md-button" data-step="0">Další krok</button></p>'
    + "<p data-limits></p>";
  // The hook's labels are shared by field name; "mode" here is the kind of combat.
  form.querySelector('label[for$="-mode"]').textContent = "Druh boje";
  box.hidden = true;
  output.after(box);
  let played;
  const show = (fresh) => {
    if (fresh) played = { attacker: 0, defender: 0 };
    box.hidden = !output.dataset.result;
    if (box.hidden) return;
    const { card_limits: l, mode } = JSON.parse(output.dataset.result);
    const first = mode === "psychopath" ? "bojující hráč" : l.plays_first === null
      ? "kdokoli (součty jsou stejné)" : `${l.plays_first === "attacker" ? "útočník" : "obránce"}`
        + " (nižší součet)";
    const left = (side) => Math.max(0, l[side] - played[side]);
    box.querySelector("[data-limits]").textContent = `V tomto kroku začíná ${first}; ještě `
      + `smí zahrát karet: útočník ${left("attacker")}, obránce ${left("defender")}, každý `
      + `nebojující hráč na stejném nebo sousedním poli ${l.bystander}.`;
  };
  box.addEventListener("click", (event) => {
    const { side, step } = event.target.dataset;
    if (step === undefined) return;
    if (step === "0") return show(true);
    const field = form.elements[`${side}_cards`];
    const { min, max } = field.dataset;
    field.value = Math.max(min, Math.min(max, Number(field.value || 0) + Number(step)));
    const result = JSON.parse(output.dataset.result);
    played[result.mode === "psychopath" ? "attacker" : side] += 1;
    form.elements.dice.value = `${result.attacker_roll}, ${result.defender_roll}`;
    form.requestSubmit();
  });
  form.addEventListener("submit", (event) => show(event.submitter !== null));
}
