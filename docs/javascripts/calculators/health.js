/* [Únava, Mírnější systém smrti, Přirozené léčení], as rpg/pravidla/health.py; and the small helpers
 * that attack.js, wilderness.js and meeting.js share with it. */
import { R, RuleError, d20Test, frac, number, roll, successChance, written } from "./core/engine.js";

/** Refuse the input: a RuleError on `field`. */
export const fail = (message, field) => {
  throw new RuleError(message, field);
};

/** A procedure's answer. */
export const out = (result, text, chance = null, chart = null) => ({ result, chance, text, chart });

/** "1 den", "3 dny", "5 dní": a count with its Czech plural. */
export const plural = (n, one, few, many) => `${n} ${n === 1 ? one : n > 1 && n < 5 ? few
  : many}`;

/** `value` if it is one of `allowed`, else a RuleError on `field`. */
export function choice(value, allowed, field) {
  if (!allowed.includes(value)) {
    fail(`'${field}' musí být jedno z: ${allowed.join(", ")}; ne ${value}.`, field);
  }
  return value;
}

const H = () => R.health;
const term = (n) => (n ? ` ${n > 0 ? "+" : "−"} ${Math.abs(n)}` : "");

// [Únava] a level per reason; from 7 a save vs death, d20 + modifier − level
export function fatigue(source, {
  level, reasons = [], in_civilization: civ = false, save_target: target = null, modifier = 0,
}) {
  const [deadly, perDay] = H().fatigue;
  reasons.forEach((r) => choice(r, H().reasons, "reasons"));
  const n = level + reasons.length;
  const required = n >= deadly && !civ;
  let text = `Únava ${reasons.length ? `${level} + ${reasons.length} = ${n}` : n}: ${n
    ? `postih −${n} k útoku, poškození silou, OČ, záchranným hodům a ověřením dovedností; `
      + `v civilizaci ${plural(n, "den", "dny", "dní")} do nuly.` : "bez postihu."}`;
  let [dies, natural, total, chance] = [required ? null : false, null, null, null];
  if (required && target !== null) {
    const test = d20Test(source, "death-save", modifier - n, target);
    ({ natural, total } = test);
    dies = !test.success;
    chance = successChance(modifier - n, target);
    text += ` Záchranný hod proti smrti: 1d20 = ${natural}${term(modifier)}${term(-n)} = `
      + `${total < 0 ? "−" : ""}${Math.abs(total)} ${total >= target ? "≥" : "<"} ${target}`
      + `${test.critical ? ` (přirozená ${natural})` : ""} → ${dies ? "umírá." : "přežívá."}`;
  } else if (required) {
    text += ` Při únavě ${deadly} a víc je nutný záchranný hod proti smrti (zadej 'save_target' `
      + "a hodí se).";
  } else if (n >= deadly) {
    text += " Při odpočinku v civilizaci se na únavu neumírá.";
  }
  return out({ level: n, penalty: n, death_save_required: required, dies,
    recovery_days: Math.floor(n / perDay), natural, save_total: total }, text, chance);
}

// [Mírnější systém smrti] a d6, 1–3 survives; "Ale já chci žít" for 5 skill points
export function deathSave(source, {
  hours_since_death: hours = 0, body_destroyed: destroyed, poisoned, died_before: before,
  healed_to_max_since: since, healed = 0, give_up_skill_points: giveUp,
}) {
  const [limit, on, survivorHp, shiftDie, points, tired] = H().death;
  if (since && !before) {
    fail("'healed_to_max_since' se týká jen opakované smrti: zapni 'died_before', nebo ho "
      + "vypni.", "healed_to_max_since");
  }
  const lost = destroyed || poisoned;
  const hopeless = hours > limit || (before && !since);
  const chance = frac(lost ? 0 : giveUp ? 6 : hopeless ? 0 : on, 6);
  // alive with `hp` (else dead): the result and its text
  const end = (reason, text, hp = 0, shifts = null, skill = 0) => out({ alive: !!hp, hp,
    unconscious_shifts: shifts, fatigue_gained: hp && tired, reason, skill_points_lost: skill },
  text, chance);
  if (lost) {
    return end(destroyed ? "body-destroyed" : "poisoned", (destroyed
      ? "Zničené tělo nelze zkontrolovat: postava automaticky umírá."
      : "Jed: postava umírá bez možnosti záchrany.")
      + (giveUp ? " Ani „Ale já chci žít“ ji nezachrání." : ""));
  }
  let [reason, lead] = hours > limit
    ? ["too-late", `Po ${number(hours)} h (víc než ${limit} h) už záchrana není možná`]
    : ["repeated-death", "Opakovaná smrt bez vyléčení na maximum od té minulé: záchrana "
      + "není možná"];
  if (!hopeless) {
    const rolled = roll(source, "survival", 1, 6);
    const saved = rolled.total <= on;
    reason = saved ? "survived" : "failed-roll";
    lead = `Záchrana ${written(rolled)} ${saved ? "≤" : ">"} ${on}`;
    if (saved && healed) {
      return end(reason, `${lead} → přežívá a díky léčení hned přichází k sobě `
        + `${lives(healed)}; únava +${tired}.`, healed, 0);
    }
    if (saved) {
      const shifts = roll(source, "unconscious", 1, shiftDie);
      return end(reason, `${lead} → přežívá ${lives(survivorHp)}, v bezvědomí na `
        + `${written(shifts)} ${shifts.total === 1 ? "směnu" : "směny"}; únava +${tired}.`,
      survivorHp, shifts.total);
    }
  }
  if (!giveUp) return end(reason, `${lead} → umírá.`);
  const hp = healed || survivorHp;
  return end("gave-up-skill-points", `${lead} → umírá, ale „Ale já chci žít“: žije ${lives(hp)} `
    + `a ztrácí ${points} náhodných dovednostních bodů; únava +${tired}.`, hp, null, points);
}

const lives = (n) => `s ${plural(n, "životem", "životy", "životy")}`;

// [Přirozené léčení] 2 HP a safe night, plus magic, never above the maximum; no dice
export function healing(source, { hp, max_hp: max, nights = 0, safe = true, magic = 0 }) {
  if (hp > max) {
    fail(`'hp' (${hp}) nesmí být víc než 'max_hp' (${max}): oprav jedno z nich.`, "hp");
  }
  const natural = safe ? H().hp_per_night * nights : 0;
  const raw = hp + natural + magic;
  const now = Math.min(max, raw);
  const parts = [];
  if (nights) {
    parts.push(`${plural(nights, "noc", "noci", "nocí")} ${safe ? "odpočinku" : "v nebezpečí"} `
      + `+${natural}`);
  }
  if (magic) parts.push(`magie +${magic}`);
  return out({ hp: now, healed: now - hp, natural_healing: natural, magic_healing: magic,
    at_max: now === max }, `Léčení: ${parts.join(", ") || "nic"} → životy ${now} z ${max}`
    + `${raw > max ? " (maximum)" : ""}, vyléčeno ${now - hp}.`);
}
