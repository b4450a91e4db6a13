/* Fatigue, the milder death and healing (rpg/pravidla/health.py). Only what must be computed is
 * here: the words are the catalog's, the constants the engine's (R["pravidla/health"]). */
import { field, join, msg } from "../core/catalog.js";
import { R, answer, bounded, fail, frac, oneOf, roll, written } from "../core/engine.js";
import {
  d20Test, fatigueTerm, judged, minusSign, successChance, term, writtenTerms,
} from "./d20.js";

const H = () => R["pravidla/health"];

/** [Únava] a level per reason and per hungry day ([Hlad a žízeň]); from 7 a save vs death,
 * d20 + modifier − level, or (without the save) the saving throw as the next step. */
export function fatigue(source, {
  level, reasons = [], hungry_days: days = 0, hunger_points: points = 1,
  in_civilization: civ = false, save_target: target = null, modifier = 0,
}) {
  const h = H();
  bounded(level, ...h.fatigue, "level");
  if (!Array.isArray(reasons) || reasons.length > h.reasons_max) {
    fail("fatigue.reasons", { field: field("reasons"), high: h.reasons_max }, "reasons");
  }
  reasons.forEach((reason) => oneOf(reason, h.reasons, "reasons"));
  bounded(days, 0, h.hungry_days_max, "hungry_days");
  bounded(points, ...h.hunger_points, "hunger_points");
  if (target !== null) bounded(target, ...h.save_target, "save_target");
  bounded(modifier, ...h.modifier, "modifier");
  const hunger = days * points;
  const n = level + reasons.length + hunger;
  const recovery = Math.floor(n / h.recovery_per_day);
  const required = n >= h.death_level && !civ;
  const added = writtenTerms([term(reasons.length), term(hunger, points === 1
    ? msg("fatigue.hunger") : msg("fatigue.hunger-twice", { days, points }))]);
  const shown = added.join.length ? msg("fatigue.sum", { level, added, total: n }) : n;
  const effects = n ? msg("fatigue.effects", { level: shown, penalty: n, days: recovery })
    : msg("fatigue.none", { level: shown });
  let [dies, natural, total, chance, death, next] = [required ? null : false, null, null, null,
    null, []];
  if (required && target !== null) {
    const test = d20Test(source, "death-save", modifier - n, target);
    ({ natural, total } = test);
    dies = !test.success;
    chance = successChance(modifier - n, target);
    death = msg("fatigue.save", { shown: judged(test, [term(modifier), fatigueTerm(n)], target),
      outcome: msg(dies ? "fatigue.dies" : "fatigue.survives") });
  } else if (required) {
    death = msg("fatigue.save-due", { level: h.death_level, field: field("save_target") });
    next = [{ procedure: "saving-throw", missing: ["target"], inputs: { against: "death",
      ...(modifier ? { modifier } : {}), fatigue: Math.min(n, h.save_fatigue_max) } }];
  } else if (n >= h.death_level) {
    death = msg("fatigue.civilization");
  }
  return answer({ level: n, penalty: n, death_save_required: required, dies,
    recovery_days: recovery, natural, save_total: total },
  death ? msg("fatigue.text", { effects, death }) : effects, { chance, next });
}

/** [Mírnější systém smrti] a d6, 1–3 survives; "Ale já chci žít" for 5 skill points. */
export function deathSave(source, {
  hours_since_death: hours = 0, body_destroyed: destroyed = false, poisoned = false,
  died_before: before = false, healed_to_max_since: since = false, healed = 0,
  give_up_skill_points: giveUp = false,
}) {
  const h = H();
  if (typeof hours !== "number" || !(hours >= 0 && hours <= h.amount_max)) {
    fail("death-save.hours", { field: field("hours_since_death"), high: h.amount_max },
      "hours_since_death");
  }
  bounded(healed, 0, h.amount_max, "healed");
  if (since && !before) {
    fail("death-save.not-repeated", { field: field("healed_to_max_since"),
      died_before: field("died_before") }, "healed_to_max_since");
  }
  const tired = h.survived_death_fatigue;
  // alive with `hp` (else dead): the result
  const end = (reason, hp = 0, shifts = null, skill = 0) => ({ alive: !!hp, hp,
    unconscious_shifts: shifts, fatigue_gained: hp && tired, reason, skill_points_lost: skill });
  if (destroyed || poisoned) {
    const reason = destroyed ? "body-destroyed" : "poisoned";
    const lead = msg(`death-save.${reason}`);
    return answer(end(reason), giveUp ? msg("death-save.not-even", { lead }) : lead,
      { chance: frac(0) });
  }
  const tooLate = hours > h.survival_hours;
  const saveable = !tooLate && !(before && !since);
  const chance = frac(giveUp ? 1 : saveable ? h.survives_on : 0, giveUp ? 1 : 6);
  let reason = tooLate ? "too-late" : "repeated-death";
  let lead = tooLate ? msg("death-save.too-late", { hours, limit: h.survival_hours })
    : msg("death-save.repeated");
  if (saveable) {
    const rolled = roll(source, "survival", 1, 6);
    const saved = rolled.total <= h.survives_on;
    reason = saved ? "survived" : "failed-roll";
    lead = msg(saved ? "death-save.saved" : "death-save.not-saved",
      { dice: written(rolled), on: h.survives_on });
    if (saved && healed) {
      return answer(end(reason, healed, 0),
        msg("death-save.wakes", { lead, hp: healed, fatigue: tired }), { chance });
    }
    if (saved) {
      const shifts = roll(source, "unconscious", 1, h.unconscious_die);
      return answer(end(reason, h.survivor_hp, shifts.total), msg("death-save.unconscious", {
        lead, hp: h.survivor_hp, dice: written(shifts), shifts: shifts.total, fatigue: tired }),
      { chance });
    }
  }
  if (!giveUp) return answer(end(reason), msg("death-save.dies", { lead }), { chance });
  const hp = healed || h.survivor_hp;
  return answer(end("gave-up-skill-points", hp, null, h.skill_points_lost),
    msg("death-save.gives-up", { lead, hp, points: h.skill_points_lost, fatigue: tired }),
    { chance });
}

/** [Přirozené léčení] 2 HP a safe night, plus magic, never above the maximum; no dice. */
export function healing(source, {
  hp: given, max_hp: max, nights = 0, safe = true, magic = 0, subdued = false,
}) {
  const h = H();
  bounded(max, h.max_hp_min, h.amount_max, "max_hp");
  bounded(given, -h.amount_max, h.amount_max, "hp");
  // [Přemožení] a subdued creature is unconscious, not dead: healed from 0.
  const hp = subdued ? Math.max(given, h.dead_hp) : given;
  if (!subdued && hp <= h.dead_hp) {
    // The milder death's title: the bundle carries it as a next step's (titles stay out of it).
    fail("healing.dead", { field: field("hp"), hp: minusSign(hp), rule: msg("healing.dead-rule"),
      death: R.next["death-save"][0] }, "hp");
  }
  bounded(nights, 0, h.amount_max, "nights");
  bounded(magic, 0, h.amount_max, "magic");
  if (hp > max) {
    fail("healing.above-max", { hp: field("hp"), hp_value: hp, max_hp: field("max_hp"),
      max_value: max }, "hp");
  }
  const natural = safe ? h.hp_per_night * nights : 0;
  const raw = hp + natural + magic;
  const now = Math.min(max, raw);
  const parts = [];
  if (nights) parts.push(msg(safe ? "healing.rest" : "healing.danger", { nights, healed: natural }));
  if (magic) parts.push(msg("healing.magic", { healed: magic }));
  if (!parts.length) parts.push(msg("healing.nothing"));
  const said = { parts: join(parts), hp: now, max_hp: max,
    capped: msg(raw > max ? "healing.capped" : "healing.not-capped"), healed: now - hp };
  return answer({ hp: now, healed: now - hp, natural_healing: natural, magic_healing: magic,
    at_max: now === max }, subdued ? msg("healing.subdued-text", { base: hp, ...said })
    : msg("healing.text", said));
}
