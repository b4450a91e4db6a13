/* Section 2b, as rpg/pravidla/situations.py, rpg/pravidla/hazards.py (hold-breath) and rpg/pravidla/dungeon.py. */
import { R, RuleError, frac, number, roll } from "./core/engine.js";

const S = () => R.situations;
const plural = (n, one, few, many) => (n === 1 ? one : n >= 2 && n <= 4 ? few : many);
const dice = (n) => plural(n, "kostku", "kostky", "kostek");
const rounds = (n) => plural(n, "kolo", "kola", "kol");
const out = (result, text, chance = null) => ({ result, chance, text, chart: null });
const fail = (message, field) => {
  throw new RuleError(message, field);
};

// [Pohyb]
export function movement(source, { movement: m, mode = "walk" }) {
  const [share, free, note, name] = S().movement[mode];
  const metres = m * share;
  const blind = mode === "blind";
  return out({ mode, metres, directed_metres: blind ? Math.min(S().blind_m, metres) : metres,
    random_direction: blind, action_free: free, prone: mode === "stand-up", note },
  `${name} (${number(m)} m): ${number(metres)} m, ${free ? "akce volná" : "bez akce"}. ${note}`);
}

// [Hození zbraně]
export function thrownRange(source, { strength: s }) {
  const [zone, note] = S().thrown;
  return out({ effective_range_m: s, ineffective_range_m: 2 * s, zone, damage_note: note },
    `Hod zbraní se Sílou ${s}: efektivní vzdálenost ${s} m, neefektivní ${2 * s} m (Poblíž); `
    + "k poškození přičti modifikátor síly.");
}

// [Zadržení dechu]
export function holdBreath(source, { endurance: e, rounds_held: held = 0, speaks_or_casts: sc }) {
  const left = sc ? 0 : Math.max(0, e - held);
  const ended = sc ? "speaking-or-casting" : left ? null : "out-of-breath";
  const verdict = sc ? "mluvení nebo sesílání kouzla → dech okamžitě pouští" : left
    ? `${left > 1 && left < 5 ? "zbývají" : "zbývá"} ${left} ${rounds(left)}` : "došel dech";
  return out({ rounds: e, rounds_left: left, holding: !ended, ended_by: ended },
    `Zadržení dechu (Výdrž ${e}): nejvýše ${e} ${rounds(e)}, uplynulo ${held} → ${verdict}.`);
}

// [Reflexivní blokování štítem]
export function shieldBlock(source, {
  shield_ac: ac, dice_blocked: n, trained = true, surprised, used_this_round: used,
  damage_dice: most = null,
}) {
  const [untrained, instant, once, perDie] = S().shield;
  if (!trained) fail(`Netrénovaný se štítem nemůže blokovat: ${untrained}`, "trained");
  if (surprised) fail(`Překvapená postava nemůže blokovat: ${instant}`, "surprised");
  if (used) fail(`Blok už v tomto kole proběhl: ${once}`, "used_this_round");
  if (n > ac) fail(`Štít s OČ ${ac} nezablokuje ${n} ${dice(n)}: ${perDie}`, "dice_blocked");
  if (most !== null && n > most) {
    fail(`Útok má jen ${most} ${dice(most)} poškození, nelze zablokovat ${n}.`, "dice_blocked");
  }
  const left = ac - n;
  return out({ dice_removed: n, shield_ac_left: left, destroyed: !left },
    `Blok štítem: −${n} ${plural(n, "kostka", "kostky", "kostek")} poškození, štítu zbývá `
    + `OČ ${left}${left ? "" : " → štít je zničen"}.`);
}

// [Vázání v boji na blízko, Držení kouzla, Nestabilní povrchy] d100, 1–50 it happens
export function mishap(source, { kind }) {
  const [situation, consequence] = S().mishap[kind];
  const p = S().mishap_percent;
  const { total } = roll(source, "mishap", 1, 100);
  const happens = total <= p;
  return out({ roll: total, happens, consequence },
    `${situation[0].toUpperCase()}${situation.slice(1)}: 1d100 = ${total} ${happens ? "≤" : ">"}`
    + ` ${p} → ${happens ? consequence : "vyšlo to"}.`, frac(p, 100));
}

// [Průzkum kobek] one turn: the check, the rest, the fatigue
export function dungeonTurn(source, {
  turn, noise, hours_since_rest: since = 0, hours_exploring_since_rest: exploring = 0, roll: go,
}) {
  const [every, x, y, restEvery, restMin, restMax, tiredAfter] = S().dungeon;
  if (exploring > since) {
    fail(`'hours_exploring_since_rest' (${number(exploring)} h) nemůže být víc než `
      + `'hours_since_rest' (${number(since)} h).`, "hours_exploring_since_rest");
  }
  const reason = turn % every ? (noise ? "noise" : null) : "schedule";
  let [rolled, monster, chance] = [null, null, null];
  let check = "hod na putující monstra se nedělá";
  if (reason && go) {
    rolled = roll(source, "wandering-monsters", 1, y).total;
    monster = rolled <= x;
    chance = frac(x, y);
    check = `putující monstra 1d${y} = ${rolled} → ${monster ? "setkání!" : "nic"}`;
  } else if (reason) {
    check = `hoď na putující monstra (${reason === "noise" ? "kvůli hluku" : "podle plánu"}, `
      + `${x} z ${y})`;
  }
  const rest = exploring >= restEvery;
  const tired = since >= tiredAfter ? 1 : 0;
  return out({ check_due: !!reason, check_reason: reason, roll: rolled, wandering_monster: monster,
    rest_allowed: rest, rest_hours: [restMin, restMax], fatigue_due: tired,
    next_check_turn: turn + every - (turn % every) },
  `Směna ${turn}: ${check}; ${rest ? `odpočinek možný (${restMin}–${restMax} h)`
    : `odpočinek zatím ne (nejvýše jednou za ${restEvery} h průzkumu)`}`
    + `${tired ? `; ${tiredAfter} h bez odpočinku → 1 bod únavy` : ""}.`, chance);
}
