/* The attack (rpg/pravidla/attack.py): to hit against OČ, then damage, with every situation of
 * [Ostatní bojové situace]. Only numbers are computed here: the words are the catalog's
 * ("attack.*"), the constants the engine's (R["pravidla/attack"]). */
import { choice, field, join, msg } from "../core/catalog.js";
import { R, RuleError, answer, bounded, fail, frac } from "../core/engine.js";
import { roll as rollNotation } from "../core/notation.js";
import {
  checkedFatigue, d20Test, fatigueTerm, judged, minusSign, successChance, term, writtenTerms,
} from "./d20.js";

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

/** "1d8+2 = 5 + 2" (no value at its end), "1d8 = 5", "3", "3+2 = 5": [text, ends with value]. */
function writtenDamage(e, r) {
  const total = minusSign(r.total);
  if (!e.dice) return [e.single ? total : msg("attack.once", { notation: e.notation, total }), true];
  const parts = r.terms.flatMap((t) => (t.dice.length
    ? t.kept.map((d) => (t.value < 0 ? -d : d)) : [t.value]));
  if (parts.length === 1) return [msg("attack.once", { notation: e.notation, total }), true];
  return [msg("attack.sum", { notation: e.notation,
    parts: join([minusSign(parts[0]), ...parts.slice(1).map(sign)], "") }), false];
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
    refuse("weapon", "underwater", "underwater-weapon",
      { weapon: "weapon", kinds: known("weapon", A().weapons) });
  }
  if (s.helpless && ranged && full) {
    refuse("helpless", "full-cover", "helpless-full-cover",
      { helpless: "helpless", full_cover: "full_cover" });
  }
  return unarmed ? A().unarmed_weapon : weapon;
}

/** The damage before any term is added: [base, full damage, text, ends with its value]. */
function rolledDamage(source, p, critical) {
  const e = p.expression;
  const one = A().unarmed;
  if (!e) {
    return [one + p.strength, false, msg("attack.unarmed", { one, strength: msg("d20.named",
      { term: sign(p.strength), name: msg("attack.strength") }) }), false];
  }
  if (critical) {
    const total = minusSign(e.max);
    return [e.max, false, msg("attack.maximum", { shown: e.dice || !e.single
      ? msg("attack.once", { notation: e.notation, total }) : total }), true];
  }
  const tries = ["damage", "damage-second"].slice(0, p.improvised ? A().rolls : 1)
    .map((label) => rolled(source, p.damage, label).result);
  const kept = tries.reduce((low, t) => (t.total < low.total ? t : low));
  // [Kritické zásahy] "útoky za plné poškození": the rolled total at the expression's maximum
  const full = e.dice && kept.total === e.max;
  if (p.improvised) {
    const [first, second] = tries.map((t) => writtenDamage(e, t)[0]);
    return [kept.total, full, msg("attack.improvised", { first, second,
      kept: minusSign(kept.total) }), true];
  }
  const [shown, valued] = writtenDamage(e, kept);
  return [kept.total, full, msg("attack.damage", { shown }), valued];
}

/** A hit's damage: rolled, its terms added, the water's halving, the defense, at least 1
 * unless immune (a clamp written as a clamp): [dealt, base, full, text]. */
function damageOf(source, p, critical) {
  const [rolledBase, full, shown, valued] = rolledDamage(source, p, critical);
  const base = rolledBase + p.damageTerms.reduce((n, t) => n + t.value, 0);
  const summed = base - p.damageFatigue;
  let d = summed;
  const steps = [];
  if (p.halved) steps.push(["underwater", d = Math.floor(d / 2)]);
  if (p.defense === "resistance") steps.push(["resistance", d = Math.floor(d / 2)]);
  else if (p.defense === "weakness") steps.push(["weakness", d *= 2]);
  const immune = p.defense === "immunity";
  const clamped = !immune && d < A().minimum;
  const result = (value, last) => (last && clamped ? msg("attack.at-least",
    { minimum: A().minimum }) : msg("attack.equals", { value: minusSign(value) }));
  const terms = writtenTerms([...p.damageTerms, fatigueTerm(p.damageFatigue)]);
  const written = steps.map(([key, value], i) => msg(`attack.${key}`,
    { result: result(value, i === steps.length - 1) }));
  if (immune) written.push(msg("attack.immunity"));
  const text = msg("attack.damage-line", { rolled: shown, terms,
    result: terms.join.length || !valued || (clamped && !steps.length)
      ? result(summed, !steps.length) : "",
    full: full ? msg("attack.full-damage") : "", steps: join(written, "") });
  return [immune ? 0 : Math.max(d, A().minimum), base, full, text];
}

/** An attack's result as the engine writes it. */
const resultOf = (p, natural, total, hit, critical = false, dealt = 0, base = null) => ({
  natural, total, hit, critical, damage: dealt, target: p.target, dice_mode: p.diceMode,
  edges: p.edges, modifiers: p.modifiers, base_damage: base,
  damage_modifiers: hit ? p.modifiers.filter((m) => m.source === "two_weapons") : [],
  damage_halved: p.halved && hit, helpless: p.helpless, subdual: p.subdual,
  not_applied: p.notApplied });

/** One attack of the plan: [result, text without the head]. */
function one(source, p) {
  const out = (...args) => resultOf(p, ...args);
  let [natural, total, critical, toHit] = [null, null, false, msg("attack.no-roll")];
  if (!p.helpless) {
    const test = d20Test(source, "attack", p.modifier, p.target, p.mode);
    ({ natural, total } = test);
    const against = p.ranged && p.cover ? msg("attack.ac-cover", { ac: p.ac, cover: p.cover,
      target: p.target }) : msg("attack.ac", { ac: p.ac });
    critical = test.critical === "success";
    toHit = msg("attack.roll", { judged: judged(test, p.terms, against),
      outcome: msg(critical ? "attack.critical" : test.success ? "attack.hit" : "attack.miss") });
    if (!test.success) return [out(natural, total, false), toHit];
  }
  const [dealt, base, full, damage] = damageOf(source, p, critical);
  return [out(natural, total, true, critical || full, dealt, base),
    msg("attack.hit-damage", { to_hit: toHit, damage })];
}

/** P(k hits) of `count` attacks of chance `p` ({n, d}), k = 0..count, as numbers. */
function binomial(count, p) {
  const q = p.n / p.d;
  let ways = 1;
  return Array.from({ length: count + 1 }, (_, k) => {
    if (k) ways = (ways * (count - k + 1)) / k;
    return ways * q ** k * (1 - q) ** (count - k);
  });
}

// The sources of advantage (1) or disadvantage (0), in the engine's order, and whether each
// applies to a melee (m) or ranged (r) attack.
const EDGES = [["advantage", 1, "mr"], ["disadvantage", 0, "mr"], ["target_unarmed", 1, "m"],
  ["attacker_prone", 0, "mr"], ["target_prone", 1, "m"], ["attacker_blind", 0, "m"],
  ["target_blind", 1, "m"], ["unstable", 0, "r"], ["underwater", 0, "m"]];
const NAMES = { surrounded: "attack.surrounded", two_weapons: "attack.two-weapons",
  fatigue: "d20.fatigue" };

/** [Útok obecně] d20 + to-hit modifiers − fatigue against the target's OČ, then damage; with
 * `count`, that many attacks one after another. */
export function attack(source, input) {
  const s = { cover: 0, defense: "normal", fatigue: 0, strength_modifier: 0, bonus: 0,
    damage: null, weapon: null, count: 1, ...input };
  const { ac, ranged, fatigue, count, helpless } = s;
  const e = s.damage === null ? null : parsed(s.damage);
  const kind = validate(s);
  bounded(count, ...A().count, "count");
  const halved = !!s.underwater && A().halved.includes(kind);
  const edges = [];
  const notApplied = [];
  for (const [name, good, where] of EDGES) {
    if (!s[name]) continue;
    const applies = where.includes(ranged ? "r" : "m") && !(name === "underwater"
      && kind === "piercing");
    if (applies && !helpless) edges.push({ source: name, effect: good ? "advantage" : "disadvantage" });
    else if (!name.endsWith("advantage") && !(name === "underwater" && halved)) notApplied.push(name);
  }
  // [Obklíčení] the +1 is the melee attackers'; a helpless target is hit without a roll
  if (s.surrounded && (ranged || helpless)) notApplied.push("surrounded");
  const mode = edges.some((x) => x.effect === "advantage") - edges.some((x) => x.effect === "disadvantage");
  const modifiers = [{ source: "bonus", value: s.bonus }];
  if (s.surrounded && !ranged) modifiers.push({ source: "surrounded", value: A().surrounded });
  if (s.two_weapons) modifiers.push({ source: "two_weapons", value: A().two_weapons });
  if (fatigue) modifiers.push({ source: "fatigue", value: -fatigue });
  const p = { expression: s.unarmed ? null : e, damage: s.damage, ac, cover: s.cover, ranged,
    target: ac + (ranged ? s.cover : 0), mode, diceMode: ["disadvantage", "normal", "advantage"][mode + 1],
    edges, modifiers, notApplied, halved, defense: s.defense, helpless: !!helpless,
    subdual: !!s.subdual, strength: s.strength_modifier, improvised: s.improvised || s.untrained,
    modifier: modifiers.reduce((n, m) => n + m.value, 0),
    terms: modifiers.map((m) => term(m.value, NAMES[m.source] ? msg(NAMES[m.source]) : null)),
    damageTerms: s.two_weapons ? [term(A().two_weapons, msg("attack.two-weapons"))] : [],
    damageFatigue: s.strength_damage || s.unarmed ? fatigue : 0 };
  const blocked = ranged && s.full_cover;
  const chance = blocked ? frac(0) : helpless ? frac(1) : successChance(p.modifier, p.target, mode);
  const times = count > 1 ? msg("attack.times", { count }) : "";
  const results = [];
  const said = [];
  let text;
  if (blocked) {
    for (let i = 0; i < count; i += 1) results.push(resultOf(p, null, null, false));
    text = msg("attack.full-cover", { count: times });
  } else {
    for (let i = 0; i < count; i += 1) {
      const [result, words] = one(source, p);
      results.push(result);
      said.push(words);
    }
    const head = helpless ? msg("attack.helpless", { count: times })
      : msg(ranged ? "attack.ranged" : "attack.melee", { count: times,
        edges: edges.some((x) => !x.source.endsWith("advantage")) ? msg(mode ? "attack.edges"
          : "attack.edges-cancel", { names: join(edges.map((x) => msg(`attack.edge.${x.source}`))) })
          : "" });
    text = { head, tail: s.subdual ? msg("attack.subdual") : "" };
  }
  if (count === 1) {
    return answer(results[0], blocked ? text : msg("attack.text", { ...text, attack: said[0] }),
      { chance });
  }
  const hits = results.filter((r) => r.hit).length;
  const damage = results.reduce((n, r) => n + r.damage, 0);
  const summary = msg("attack.summary", { hits, count, damage });
  return answer({ each: results, summary: { count, successes: hits, damage },
    successes_distribution: binomial(count, chance) },
  blocked ? msg("attack.full-cover-group", { blocked: text, summary })
    : msg("attack.group", { ...text, summary, each: join(said.map((words, i) => msg("attack.each",
      { index: i + 1, attack: words })), "; ") }), { chance });
}
