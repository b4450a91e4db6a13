/* The attack (rpg/pravidla/attack.py): to hit against OČ, then damage, with every situation of
 * [Ostatní bojové situace]. Only numbers are computed here: the words are the catalog's
 * ("attack.*"), the constants the engine's (R["pravidla/attack"]). */
import { choice, field, join, msg } from "../core/catalog.js";
import { R, RuleError, answer, bounded, fail, frac } from "../core/engine.js";
import { roll as rollNotation } from "../core/notation.js";
import { checkedFatigue, d20Test, minusSign, shownTotal, successChance, term } from "./d20.js";

const A = () => R["pravidla/attack"];
const sign = (value) => msg(value < 0 ? "d20.minus" : "d20.plus", { value: Math.abs(value) });

/** A refusal quoting the rule sentence `quote`, then what to change; string params name inputs. */
function refuse(name, quote, change, names) {
  const params = {};
  for (const [key, value] of Object.entries(names)) {
    params[key] = typeof value === "string" ? field(value) : value;
  }
  throw new RuleError(msg("attack.refused", { quote: msg(`attack.quote.${quote}`),
    change: msg(`attack.${change}`, params) }), name);
}

/** The damage expression rolled by notation.js, its dice labelled `label` (errors: `damage`). */
function rolled(source, damage, label) {
  try {
    return rollNotation({ die: (faces) => source.die(faces, label) }, { expr: damage });
  } catch (error) {
    if (error.field === "expr") error.field = "damage";
    throw error;
  }
}

/** The expression without rolling (every die at its top face): its canonical notation (the
 * roll's text writes it before a colon), its maximum, each term's faces, whether it rolls any
 * die. */
function parsed(damage) {
  const { result, text } = rolled({ die: (faces) => faces }, damage);
  return { notation: text.match(/([0-9dklh+-]+):/)[1], max: result.max,
    faces: result.terms.map((t) => t.dice[0]), dice: result.terms.some((t) => t.dice.length),
    single: result.terms.length === 1 };
}

/** "1d8+2 = 5 + 2 = 7"; "1d8 = 5"; "3"; "3+2 = 5"; dropped dice are left out. */
function writtenDamage(e, r) {
  const total = minusSign(r.total);
  if (!e.dice) return e.single ? total : msg("attack.once", { notation: e.notation, total });
  const parts = r.terms.flatMap((t) => (t.dice.length
    ? t.kept.map((d) => (t.value < 0 ? -d : d)) : [t.value]));
  if (parts.length === 1) return msg("attack.once", { notation: e.notation, total });
  return msg("attack.sum", { notation: e.notation, total,
    parts: join([minusSign(parts[0]), ...parts.slice(1).map(sign)], "") });
}

function validate(s) {
  const { ranged, cover, full_cover: full, damage, improvised, weapon, unarmed, untrained } = s;
  const two = s.two_weapons;
  bounded(s.ac, ...A().ac, "ac");
  bounded(cover, ...A().cover, "cover");
  checkedFatigue(s.fatigue);
  const known = (name, values) => join(values.map((v) => choice(name, v)));
  if (!A().defenses.includes(s.defense)) {
    fail("attack.unknown-defense", { defense: String(s.defense),
      known: known("defense", A().defenses) }, "defense");
  }
  if (!ranged && full) {
    fail("attack.full-cover-melee", { full_cover: field("full_cover"), ranged: field("ranged") },
      "full_cover");
  }
  if (!ranged && cover) {
    fail("attack.cover-melee", { cover: field("cover"), ranged: field("ranged") }, "cover");
  }
  bounded(s.strength_modifier, ...A().modifier, "strength_modifier");
  if (weapon !== null && !A().weapons.includes(weapon)) {
    fail("attack.unknown-weapon", { weapon: String(weapon), known: known("weapon", A().weapons) },
      "weapon");
  }
  if (ranged && s.attacker_blind) refuse("attacker_blind", "blind", "blind-ranged", { ranged: "ranged" });
  if (ranged && s.underwater) {
    refuse("underwater", "underwater-ranged", "underwater-ranged", { underwater: "underwater" });
  }
  const t = { two_weapons: "two_weapons" };
  if (two && ranged) refuse("two_weapons", "two-weapons", "two-weapons-ranged", t);
  if (two && untrained) refuse("two_weapons", "two-weapons", "two-weapons-untrained", t);
  if (two && unarmed) {
    refuse("two_weapons", "two-weapons-choose", "two-weapons-unarmed", { ...t, unarmed: "unarmed" });
  }
  if (unarmed) {
    if (ranged) refuse("unarmed", "unarmed", "unarmed-ranged", { ranged: "ranged" });
    if (damage !== null) {
      refuse("damage", "unarmed", "unarmed-damage",
        { damage: "damage", strength_modifier: "strength_modifier" });
    }
    const given = improvised ? "improvised" : "untrained";
    if (improvised || untrained) {
      refuse(given, "unarmed", "unarmed-improvised", { given, unarmed: "unarmed" });
    }
    if (weapon !== null && weapon !== A().unarmed_weapon) {
      refuse("weapon", "unarmed", "unarmed-weapon",
        { weapon: "weapon", blunt: choice("weapon", A().unarmed_weapon) });
    }
  } else {
    if (damage === null) {
      fail("attack.damage-missing", { damage: field("damage"), unarmed: field("unarmed") },
        "damage");
    }
    if (s.strength_modifier) {
      refuse("strength_modifier", "unarmed", "strength-with-weapon",
        { damage: "damage", strength_modifier: "strength_modifier" });
    }
  }
  if (s.underwater && weapon === null && !unarmed) {
    refuse("weapon", "underwater", "underwater-weapon", { weapon: "weapon" });
  }
  if (s.helpless && ranged && full) {
    refuse("helpless", "full-cover", "helpless-full-cover",
      { helpless: "helpless", full_cover: "full_cover" });
  }
  return unarmed ? A().unarmed_weapon : weapon;
}

/** The damage before any modifier: [base, full dice made it critical, its message]. */
function damageRoll(source, e, damage, critical, improvised, unarmedBase) {
  const one = A().unarmed;
  if (!e) {
    return [unarmedBase, false, msg("attack.unarmed", { one, base: minusSign(unarmedBase),
      strength: sign(unarmedBase - one) })];
  }
  if (critical) {
    const total = minusSign(e.max);
    return [e.max, false, msg("attack.maximum", { shown: e.dice || !e.single
      ? msg("attack.once", { notation: e.notation, total }) : total })];
  }
  const tries = ["damage", "damage-second"].slice(0, improvised ? A().rolls : 1)
    .map((label) => rolled(source, damage, label).result);
  const kept = tries.reduce((low, t) => (t.total < low.total ? t : low));
  const [first, second] = tries.map((t) => writtenDamage(e, t));
  let text = improvised
    ? msg("attack.improvised", { first, second, kept: minusSign(kept.total) })
    : msg("attack.damage", { shown: first });
  // every kept damage die at its top face ("plné poškození")
  const full = e.dice && kept.terms.every((t, i) => t.kept.every((d) => d === e.faces[i]));
  if (full) text = msg("attack.full-damage", { rolled: text });
  return [kept.total, full, text];
}

/** Fatigue (strength damage), the water's halving, the defense, then at least 1. */
function finalDamage(base, strengthBased, fatigue, halved, defense) {
  let d = base;
  const steps = [];
  const step = (key, params = {}) => steps.push(msg(`attack.${key}`, params));
  if (strengthBased && fatigue) step("fatigue", { fatigue, value: minusSign(d -= fatigue) });
  if (halved) step("underwater", { value: minusSign(d = Math.floor(d / 2)) });
  if (defense === "resistance") step("resistance", { value: minusSign(d = Math.floor(d / 2)) });
  else if (defense === "weakness") step("weakness", { value: minusSign(d *= 2) });
  else if (defense === "immunity") step("immunity", { value: d = 0 });
  if (defense !== "immunity" && d < A().minimum) step("minimum", { minimum: d = A().minimum });
  return [d, steps];
}

// The sources of advantage (1) or disadvantage (0), in the engine's order, and whether each
// applies to a melee (m) or ranged (r) attack.
const EDGES = [["advantage", 1, "mr"], ["disadvantage", 0, "mr"], ["target_unarmed", 1, "m"],
  ["attacker_prone", 0, "mr"], ["target_prone", 1, "m"], ["attacker_blind", 0, "m"],
  ["target_blind", 1, "m"], ["unstable", 0, "r"], ["underwater", 0, "m"]];

/** [Útok obecně] d20 + to-hit modifiers − fatigue against the target's OČ, then damage. */
export function attack(source, input) {
  const s = { cover: 0, defense: "normal", fatigue: 0, strength_modifier: 0, bonus: 0,
    damage: null, weapon: null, ...input };
  const { ac, ranged, cover, fatigue, damage, two_weapons: two, helpless } = s;
  const e = damage === null ? null : parsed(damage);
  const kind = validate(s);
  const edges = [];
  const notApplied = [];
  for (const [name, good, where] of EDGES) {
    if (!s[name]) continue;
    const applies = where.includes(ranged ? "r" : "m") && !(name === "underwater"
      && kind === "piercing");
    if (applies && !helpless) edges.push({ source: name, effect: good ? "advantage" : "disadvantage" });
    else if (!name.endsWith("advantage")) notApplied.push(name);
  }
  const up = edges.some((x) => x.effect === "advantage");
  const down = edges.some((x) => x.effect === "disadvantage");
  const mode = up - down;
  const modifiers = [{ source: "bonus", value: s.bonus }];
  if (s.surrounded) modifiers.push({ source: "surrounded", value: A().surrounded });
  if (two) modifiers.push({ source: "two_weapons", value: A().two_weapons });
  if (fatigue) modifiers.push({ source: "fatigue", value: -fatigue });
  if (helpless) {
    notApplied.push(...modifiers.map((m) => m.source)
      .filter((m) => m === "surrounded" || m === "two_weapons"));
  }
  const modifier = modifiers.reduce((n, m) => n + m.value, 0);
  const target = ac + (ranged ? cover : 0);
  const blocked = ranged && s.full_cover;
  const halved = !!s.underwater && A().halved.includes(kind);
  const chance = blocked ? frac(0) : helpless ? frac(1) : successChance(modifier, target, mode);
  const out = (natural, total, hit, critical, dealt, base, text) => answer({
    natural, total, hit, critical, damage: dealt, target,
    dice_mode: ["disadvantage", "normal", "advantage"][mode + 1], edges, modifiers,
    base_damage: base, damage_modifiers: hit ? modifiers.filter((m) => m.source === "two_weapons")
      : [],
    damage_halved: halved && hit, helpless: !!helpless, subdual: !!s.subdual,
    not_applied: notApplied }, text, { chance });
  if (blocked) return out(null, null, false, false, 0, null, msg("attack.full-cover"));
  let [natural, total, critical] = [null, null, false];
  let head = msg("attack.helpless");
  if (!helpless) {
    const test = d20Test(source, "attack", modifier, target, mode);
    ({ natural, total } = test);
    const against = ranged && cover ? msg("attack.ac-cover", { ac, cover })
      : msg("attack.ac", { ac });
    const verdict = test.critical ? msg(`attack.natural-${test.critical === "success" ? 20 : 1}`)
      : msg(test.success ? "attack.hit" : "attack.miss", { against });
    const situational = edges.some((x) => !x.source.endsWith("advantage"));
    head = msg(ranged ? "attack.ranged" : "attack.melee", {
      shown: shownTotal(test.roll, [term(modifier)], total), verdict,
      edges: situational ? msg(mode ? "attack.edges" : "attack.edges-cancel",
        { names: join(edges.map((x) => msg(`attack.edge.${x.source}`))) }) : "" });
    if (!test.success) return out(natural, total, false, false, 0, null, msg("attack.missed", { head }));
    critical = test.critical === "success";
  }
  let [base, full, rolledText] = damageRoll(source, s.unarmed ? null : e, damage, critical,
    s.improvised || s.untrained, A().unarmed + s.strength_modifier);
  const steps = [];
  if (two) {
    base += A().two_weapons;
    steps.push(msg("attack.two-weapons", { bonus: A().two_weapons, base: minusSign(base) }));
  }
  const [dealt, after] = finalDamage(base, s.strength_damage || s.unarmed, fatigue, halved,
    s.defense);
  return out(natural, total, true, critical || full, dealt, base, msg("attack.text", {
    head, damage: rolledText, steps: join([...steps, ...after], ""),
    tail: s.subdual ? msg("attack.subdual") : "" }));
}
