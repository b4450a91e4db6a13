/* The attack (rpg/pravidla/attack.py): to hit against OČ, then damage, with every situation of
 * [Ostatní bojové situace]. Only numbers are computed here: the words are the catalog's
 * ("attack.*"), the constants the engine's (R["pravidla/attack"]). */
import { choice, field, join, msg } from "../core/catalog.js";
import {
  R, RuleError, answer, bounded, chart, fail, frac, oneOf, sumDistribution,
} from "../core/engine.js";
import { roll as rollNotation } from "../core/notation.js";
import { binomial } from "./checks.js";
import {
  checkedFatigue, d20Test, fatigueTerm, judged, minusSign, successChance, term, writtenTerms,
} from "./d20.js";
import { thrownRanges } from "./situations.js";

const A = () => R["pravidla/attack"];
const sign = (value) => msg(value < 0 ? "d20.minus" : "d20.plus", { value: Math.abs(value) });

/** A message's parameters: any it asks for and `given` lacks names the input of that name. */
const named = (given = {}) => new Proxy(given, { has: () => true,
  get: (target, key) => (key in target ? target[key] : field(String(key))) });
/** Refuse with the message `key`, its inputs named. */
const refusal = (key, name, given) => fail(key, named(given), name);
/** A refusal quoting the rule sentence `quote`, then what to change (`attack.<change>`). */
const refuse = (name, quote, change, given) => {
  throw new RuleError(msg("attack.refused", { quote: msg(`attack.quote.${quote}`),
    change: msg(`attack.${change}`, named(given)) }), name);
};

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
  return { notation: text.match(/([0-9dklh+-]+):/)[1], max: result.max, terms: result.terms,
    dice: result.terms.some((t) => t.dice.length), single: result.terms.length === 1 };
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

function validate(s, rangedField, damageRolled) {
  const { ranged, cover, full_cover: full, damage, improvised, weapon, unarmed, untrained } = s;
  const two = s.two_weapons;
  bounded(s.ac, ...A().ac, "ac");
  bounded(cover, ...A().cover, "cover");
  checkedFatigue(s.fatigue);
  oneOf(s.defense, A().defenses, "defense");
  if (!ranged && full) refusal("attack.full-cover-melee", "full_cover");
  if (!ranged && cover) refusal("attack.cover-melee", "cover");
  bounded(s.strength_modifier, ...A().modifier, "strength_modifier");
  if (weapon !== null) oneOf(weapon, A().weapons, "weapon");
  const r = { ranged: field(rangedField) };
  if (ranged && s.attacker_blind) refuse("attacker_blind", "blind", "blind-ranged", r);
  if (ranged && s.underwater) refuse("underwater", "underwater-ranged", "underwater-ranged");
  if (two && ranged) refuse("two_weapons", "two-weapons", "two-weapons-ranged");
  if (two && untrained) refuse("two_weapons", "two-weapons", "two-weapons-untrained");
  if (two && unarmed) refuse("two_weapons", "two-weapons-choose", "two-weapons-unarmed");
  if (unarmed) {
    if (ranged) refuse("unarmed", "unarmed", "unarmed-ranged", r);
    if (damage !== null) refuse("damage", "unarmed", "unarmed-damage");
    const given = improvised ? "improvised" : "untrained";
    if (improvised || untrained) refuse(given, "unarmed", "unarmed-improvised", { given: field(given) });
    if (weapon !== null && weapon !== A().unarmed_weapon) {
      refuse("weapon", "unarmed", "unarmed-weapon", { blunt: choice("weapon", A().unarmed_weapon) });
    }
  } else {
    if (damage === null && damageRolled) refusal("attack.damage-missing", "damage");
    if (s.strength_modifier && s.weapon_class !== "thrown") {
      refuse("strength_modifier", "unarmed", "strength-with-weapon");
    }
  }
  if (s.underwater && weapon === null && !unarmed) {
    refuse("weapon", "underwater", "underwater-weapon",
      { kinds: join(A().weapons.map((v) => choice("weapon", v))) });
  }
  if (s.helpless && ranged && full) refuse("helpless", "full-cover", "helpless-full-cover");
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
  const immune = p.defense === "immunity" || p.invulnerable;
  const clamped = !immune && d < A().minimum;
  const result = (value, last) => (last && clamped ? msg("attack.at-least",
    { minimum: A().minimum }) : msg("attack.equals", { value: minusSign(value) }));
  const terms = writtenTerms([...p.damageTerms, fatigueTerm(p.damageFatigue)]);
  const written = steps.map(([key, value], i) => msg(`attack.${key}`,
    { result: result(value, i === steps.length - 1) }));
  if (p.defense === "immunity") written.push(msg("attack.immunity"));
  if (p.invulnerable) written.push(msg("attack.invulnerable", { level: p.targetLevel }));
  const text = msg("attack.damage-line", { rolled: shown, terms,
    result: terms.join.length || !valued || (clamped && !steps.length)
      ? result(summed, !steps.length) : "",
    full: full ? msg("attack.full-damage") : "", steps: join(written, "") });
  return [immune ? 0 : Math.max(d, A().minimum), base, full, text];
}

/** An attack's result as the engine writes it. */
const resultOf = (p, natural, total, hit, critical = false, dealt = 0, base = null,
  killed = false) => ({
  natural, total, hit, critical, damage: dealt, target: p.target, dice_mode: p.diceMode,
  edges: p.edges, modifiers: p.modifiers, base_damage: base,
  damage_modifiers: hit && p.damageRolled ? p.modifiers.filter((m) => m.source === "two_weapons")
    : [],
  damage_halved: p.halved && hit, helpless: p.helpless, subdual: p.subdual,
  not_applied: p.notApplied, zone: p.zone, invulnerable: p.invulnerable && hit,
  maneuver: p.maneuver, killed });

/** One attack of the plan: [result, text without the head]. */
function one(source, p) {
  const out = (...args) => resultOf(p, ...args);
  // [Coup de grâce] no roll to hit; the GM may allow a critical hit
  let [natural, total, critical] = [null, null, p.autoCritical && p.damageRolled];
  let toHit = msg(critical ? "attack.no-roll-critical" : "attack.no-roll");
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
  // [Coup de grâce] "okamžité zabití": the target dies, no damage dice
  if (p.instantKill) {
    return [out(natural, total, true, false, 0, null, true), msg("attack.instant-kill",
      { to_hit: toHit })];
  }
  // [Bojové manévry] "na místo poškození": no damage dice
  if (p.maneuver !== null) {
    return [out(natural, total, true, critical), msg("attack.maneuver-hit", { to_hit: toHit,
      effect: msg(`attack.maneuver-effect.${p.maneuver}`) })];
  }
  const [dealt, base, full, damage] = damageOf(source, p, critical);
  return [out(natural, total, true, critical || full, dealt, base),
    msg("attack.hit-damage", { to_hit: toHit, damage })];
}

// The sources of advantage (1) or disadvantage (0), in the engine's order, and whether each
// applies to a melee (m) or ranged (r) attack.
/** @type {[string, number, string][]} */
const EDGES = [["advantage", 1, "mr"], ["disadvantage", 0, "mr"], ["target_unarmed", 1, "m"],
  ["attacker_prone", 0, "mr"], ["target_prone", 1, "m"], ["attacker_blind", 0, "m"],
  ["target_blind", 1, "m"], ["unstable", 0, "r"], ["underwater", 0, "m"], ["zone", 0, "mr"],
  ["ineffective", 0, "mr"]];
const NAMES = { surrounded: "attack.surrounded", two_weapons: "attack.two-weapons",
  fatigue: "d20.fatigue" };

/** [Zóny dosahu] the target's zone (given, or from the distance) and the input that gave it. */
function zoneOf(zone, distance) {
  if (zone !== null && distance !== null) refusal("attack.zone-both", "zone");
  if (distance === null) {
    return [zone === null ? null : oneOf(zone, A().zones.map(([key]) => key), "zone"), "zone"];
  }
  if (typeof distance !== "number" || !(distance >= 0 && distance <= A().distance)) {
    refusal("attack.distance", "distance_m", { high: A().distance, value: String(distance) });
  }
  const metres = Math.ceil(distance);
  return [A().zones.filter(([, low]) => metres >= low).pop()[0], "distance_m"];
}

/** [Zóny dosahu] refuse what the zone does not allow; true when its weapon is hampered. */
function reach(zone, zoneField, weaponClass, ranged) {
  if (zone === null) return false;
  const [allowed, hampered] = A().reach[zone];
  const kind = weaponClass ?? (ranged ? null : "melee");
  const where = msg(`attack.zone.${zone}`);
  if (kind === null) {
    if (A().classes.slice(1).every((c) => allowed.includes(c)) && !hampered.length) return false;
    refusal("attack.zone-class", "weapon_class", { zone: where });
  }
  if (!allowed.includes(kind)) {
    throw new RuleError(msg("attack.refused", { quote: msg(`attack.quote.zone.${zone}`),
      change: msg("attack.zone-reach", { zone: where, kind: msg(`attack.class.${kind}`) }) }),
    weaponClass === null ? zoneField : "weapon_class");
  }
  return hampered.includes(kind);
}

/** [Coup de grâce] an instant kill only of a helpless target, and not with what it excludes. */
function instantKill(s) {
  if (!s.instant_kill) return;
  if (!s.helpless) refuse("instant_kill", "coup-de-grace", "instant-kill-helpless");
  if (s.auto_critical) {
    refuse("auto_critical", "coup-de-grace", "either", { first: field("auto_critical"),
      second: field("instant_kill") });
  }
  for (const [name, given] of [["subdual", s.subdual], ["maneuver", s.maneuver !== null]]) {
    if (given) refusal("attack.either", name, { first: field(name), second: field("instant_kill") });
  }
}

/** [Neefektivní vzdálenost u hozených zbraní] with the thrower's Síla, a throw reaches Síla
 * metres as any attack, twice Síla with disadvantage (true), no farther; null without Síla
 * (the zones judge the throw), false within the effective distance. */
function thrown(s, zoneGiven) {
  if (s.strength === null) return null;
  bounded(s.strength, ...A().strength, "strength");
  if (s.weapon_class !== "thrown") {
    refusal("attack.strength-thrown", "strength", { thrown: choice("weapon_class", "thrown") });
  }
  if (s.distance_m === null) {
    refusal("attack.strength-metres", "strength",
      { instead: zoneGiven ? msg("attack.instead-of-zone", named()) : "" });
  }
  const [effective, ineffective] = thrownRanges(s.strength);
  const metres = Math.ceil(s.distance_m);
  if (metres <= effective) return false;
  if (metres <= ineffective) return true;
  throw new RuleError(msg("attack.refused", { quote: msg("attack.quote.thrown-ineffective"),
    change: msg("attack.thrown-too-far", { distance: s.distance_m, strength: s.strength,
      ineffective }) }), "distance_m");
}

/** [Nezranitelná monstra] true when the target takes no damage, false when the rule is on
 * and it can, null when the rule is off. */
function invulnerable(s) {
  const { target_level: level, attacker_monster_level: monster } = s;
  if (!s.invulnerable_monsters) {
    for (const name of ["target_level", "magic_weapon", "attacker_monster_level"]) {
      if (s[name] != null && s[name] !== false) {
        refusal("attack.optional-rule", name, { given: field(name),
          rule: field("invulnerable_monsters") });
      }
    }
    return null;
  }
  if (level === null) refusal("attack.target-level", "target_level");
  bounded(level, ...A().level, "target_level");
  const byMonster = monster !== null && bounded(monster, ...A().level, "attacker_monster_level")
    >= A().invulnerable;
  return level >= A().invulnerable && !s.magic_weapon && !byMonster;
}

/** [Útok obecně] d20 + to-hit modifiers − fatigue against the target's OČ, then damage; with
 * `count`, that many attacks one after another. */
export function attack(source, input) {
  const s = { cover: 0, defense: "normal", fatigue: 0, strength_modifier: 0, bonus: 0,
    damage: null, weapon: null, count: 1, zone: null, distance_m: null, weapon_class: null,
    target_level: null, attacker_monster_level: null, strength: null, maneuver: null, ...input };
  const { ac, fatigue, count, helpless, weapon_class: weaponClass } = s;
  const e = s.damage === null ? null : parsed(s.damage);
  if (weaponClass !== null) {
    oneOf(weaponClass, A().classes, "weapon_class");
    if (weaponClass === "melee" && s.ranged) refusal("attack.melee-ranged", "weapon_class");
  }
  const isThrown = weaponClass === "thrown";
  const rangedField = s.ranged || weaponClass === null ? "ranged" : "weapon_class";
  const ranged = s.ranged = !!s.ranged || A().classes.slice(1).includes(weaponClass);
  if (s.maneuver !== null) oneOf(s.maneuver, A().maneuvers, "maneuver");
  const damageRolled = s.maneuver === null && !s.instant_kill;
  const kind = validate(s, rangedField, damageRolled);
  if (s.auto_critical && !helpless) refuse("auto_critical", "coup-de-grace", "auto-critical");
  instantKill(s);
  bounded(count, ...A().count, "count");
  const [zone, zoneField] = zoneOf(s.zone, s.distance_m);
  const throwHampered = thrown(s, s.zone !== null);
  // With the thrower's Síla the metres judge a throw, not the zone's abstraction.
  const given = { ...s, ineffective: throwHampered,
    zone: s.strength === null && reach(zone, zoneField, weaponClass, ranged) };
  const immune = invulnerable(s);
  const halved = !!s.underwater && A().halved.includes(kind) && damageRolled;
  const edges = [];
  const notApplied = [];
  for (const [name, good, where] of EDGES) {
    if (!given[name]) continue;
    const applies = where.includes(ranged ? "r" : "m") && !(name === "underwater"
      && kind === "piercing");
    if (applies && !helpless) edges.push({ source: name, effect: good ? "advantage" : "disadvantage" });
    else if (!name.endsWith("advantage") && !(name === "underwater" && halved)) notApplied.push(name);
  }
  if (immune === false || (immune && !damageRolled)) notApplied.push("invulnerable_monsters");
  // [Obklíčení] the +1 is the melee attackers', never against a much larger target; a helpless
  // target is hit without a roll
  const much = !!s.target_much_larger;
  if (s.surrounded && (ranged || helpless || much)) notApplied.push("surrounded");
  // no damage dice: what only changes the damage changes nothing
  if (!damageRolled) {
    notApplied.push(...A().damage_only.filter((name) => s[name]));
    if (s.two_weapons && helpless) notApplied.push("two_weapons"); // no roll to hit, no damage
  }
  const mode = Number(edges.some((x) => x.effect === "advantage"))
    - Number(edges.some((x) => x.effect === "disadvantage"));
  const modifiers = [{ source: "bonus", value: s.bonus }];
  if (s.surrounded && !ranged && !much) {
    modifiers.push({ source: "surrounded", value: A().surrounded });
  }
  if (s.two_weapons) modifiers.push({ source: "two_weapons", value: A().two_weapons });
  if (fatigue) modifiers.push({ source: "fatigue", value: -fatigue });
  const damageTerms = [];
  if (isThrown) damageTerms.push(term(s.strength_modifier, msg("attack.strength")));
  if (s.two_weapons) damageTerms.push(term(A().two_weapons, msg("attack.two-weapons")));
  const p = { expression: s.unarmed ? null : e, damage: s.damage, ac, cover: s.cover, ranged,
    target: ac + (ranged ? s.cover : 0), mode, diceMode: ["disadvantage", "normal", "advantage"][mode + 1],
    edges, modifiers, notApplied, halved, defense: s.defense, helpless: !!helpless,
    subdual: !!s.subdual, strength: s.strength_modifier, improvised: s.improvised || s.untrained,
    modifier: modifiers.reduce((n, m) => n + m.value, 0), autoCritical: !!s.auto_critical,
    invulnerable: !!immune && damageRolled, targetLevel: s.target_level, zone,
    maneuver: s.maneuver, instantKill: !!s.instant_kill, damageRolled,
    terms: modifiers.map((m) => term(m.value, NAMES[m.source] ? msg(NAMES[m.source]) : null)),
    damageTerms,
    damageFatigue: s.strength_damage || s.unarmed || isThrown ? fatigue : 0 };
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
    // The zone's and the throw's edges are worded with their own numbers and names.
    const params = { zone: () => ({ weapon: msg(`attack.class.${weaponClass}`),
      zone: msg(`attack.zone.${zone}`) }), ineffective: () => ({ distance: s.distance_m,
      strength: s.strength }) };
    const names = edges.map((x) => msg(`attack.edge.${x.source}`, params[x.source]?.() ?? {}));
    let head = helpless ? msg("attack.helpless", { count: times })
      : msg(ranged ? "attack.ranged" : "attack.melee", { count: times,
        edges: edges.some((x) => !x.source.endsWith("advantage")) ? msg(mode ? "attack.edges"
          : "attack.edges-cancel", { names: join(names) }) : "" });
    if (s.maneuver !== null) {
      head = msg("attack.maneuver-head", { head, name: msg(`attack.maneuver.${s.maneuver}`) });
    }
    text = { head, tail: s.subdual && damageRolled ? msg("attack.subdual") : "" };
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

/** " + 4 (zbroj)": a term with its sign and its name, zero too. */
const part = (value, name) => msg("d20.named", { term: sign(value), name });

/** [Obranné číslo] base + armour + shield (half when untrained) + two weapons − fatigue, never
 * below 0; cover against ranged attacks. No dice. */
export function defense(source, { base, armor = 0, shield = 0, armor_trained: armorTrained = true,
  shield_trained: shieldTrained = true, two_weapons: two = false, fatigue = 0, cover = 0 }) {
  bounded(base, ...A().ac, "base");
  bounded(armor, ...A().armor, "armor");
  bounded(shield, ...A().armor, "shield");
  bounded(cover, ...A().cover, "cover");
  checkedFatigue(fatigue);
  const parts = [{ source: "base", value: base, halved: false }];
  const shown = [];
  /** @type {[string, number, boolean][]} */
  const worn = [["armor", armor, armorTrained], ["shield", shield, shieldTrained]];
  for (const [name, given, trained] of worn) {
    if (!given) continue;
    const value = trained ? given : Math.floor(given / A().untrained_share);
    parts.push({ source: name, value, halved: !trained });
    shown.push(part(value, trained ? msg(`defense.${name}`) : msg(`defense.untrained-${name}`, { given })));
  }
  if (two) {
    parts.push({ source: "two_weapons", value: A().two_weapons, halved: false });
    shown.push(part(A().two_weapons, msg("attack.two-weapons")));
  }
  if (fatigue) {
    parts.push({ source: "fatigue", value: -fatigue, halved: false });
    shown.push(part(-fatigue, msg("d20.fatigue")));
  }
  const summed = parts.reduce((n, part) => n + part.value, 0);
  const floor = A().ac_floor;
  const ac = Math.max(summed, floor);
  const canBlock = !!shield && shieldTrained;
  return answer({ ac, ac_ranged: ac + cover, can_block: canBlock, parts, cover,
    floored: summed < floor }, msg("defense.text", { base, terms: join(shown, ""),
    result: summed < floor ? msg("defense.floor", { floor })
      : shown.length ? msg("attack.equals", { value: ac }) : "",
    ranged: cover ? msg("defense.ranged", { ac, cover, ranged: ac + cover }) : "",
    block: canBlock ? msg("defense.block", { dice: shield }) : shield ? msg("defense.no-block") : "" }),
  { next: canBlock ? [{ procedure: "shield-block", inputs: { shield_ac: shield },
    missing: ["dice_blocked"] }] : [] });
}

/** [Perzistentní poškození] the damage rolled anew at the end of the group's turn, each round;
 * a chart of the total when it is one kind of die plus a constant. */
export function persistentDamage(source, { damage, rounds }) {
  const e = parsed(damage);
  bounded(rounds, ...A().rounds, "rounds");
  const floor = A().round_floor;
  const perRound = [];
  const each = [];
  for (let index = 1; index <= rounds; index += 1) {
    const r = rolled(source, damage, "persistent-damage").result;
    perRound.push(Math.max(r.total, floor));
    const [shown, valued] = writtenDamage(e, r);
    each.push(msg("persistent-damage.round", { index, shown, result: r.total < floor
      ? msg("persistent-damage.floor", { floor }) : valued ? ""
        : msg("attack.equals", { value: minusSign(r.total) }) }));
  }
  const total = perRound.reduce((a, b) => a + b, 0);
  return answer({ per_round: perRound, total }, msg("persistent-damage.text", {
    notation: e.notation, rounds, each: join(each, "; "), total }),
  { chart: chart("persistent-damage.chart", totalChart(e, rounds, total)) });
}

/** The distribution of the total of `rounds` rounds of "NdM+K" (K ≥ 0), for the chart. */
function totalChart(e, rounds, total) {
  const dice = e.terms.filter((t) => t.dice.length);
  const constant = e.terms.reduce((n, t) => n + (t.dice.length ? 0 : t.value), 0);
  if (dice.length !== 1 || /k/.test(dice[0].notation) || dice[0].value < 0 || constant < 0) return null;
  const count = dice[0].dice.length * rounds;
  if (count > R.chart_max_dice) return null;
  const low = count + constant * rounds;
  return sumDistribution(count, dice[0].dice[0]).map((p, i) => ({
    label: String(low + i), p, good: false, current: low + i === total }));
}
