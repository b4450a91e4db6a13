/* The attack [Útok obecně, Hody na útok, Ostatní bojové situace], as rpg/pravidla/attack.py. */
import { R, d20Test, frac, successChance } from "./core/engine.js";
import { bounded, checkedFatigue, writtenD20 } from "./checks.js";
import { roll as rollNotation } from "./core/notation.js";
import { fail } from "./health.js";

const num = (v) => (v < 0 ? "−" : "") + Math.abs(v);
const refuse = (field, quote, why) => fail(`${R.attack.quotes[quote]} ${why}`, field);

/** The damage expression rolled by notation.js, its dice labelled `label` (errors: `damage`). */
function rolled(source, damage, label) {
  try {
    return rollNotation({ die: (faces) => source.die(faces, label) }, { expr: damage });
  } catch (error) {
    if (error.field === "expr") error.field = "damage";
    throw error;
  }
}

/** Parsed without rolling (every die at its maximum): the written head "1d8+2 = " (none for a
 * lone constant), the faces per term, the maximum and whether any die is rolled. */
function parsed(damage) {
  const { result: top, text } = rolled({ die: (faces) => faces }, damage);
  const dice = top.terms.some((t) => t.dice.length);
  // the roll's text starts "Hod <notation>: "
  return { head: dice || top.terms.length > 1 ? `${text.slice(4, text.indexOf(":"))} = ` : "",
    faces: top.terms.map((t) => t.dice[0]), max: top.max, dice };
}

/** "1d8+2 = 5 + 2 = 7"; "1d8 = 5"; "3"; dropped dice are left out. */
function writtenDamage(e, r) {
  const parts = r.terms.flatMap((t) => (t.dice.length
    ? t.kept.map((d) => (t.value < 0 ? -d : d)) : [t.value]));
  const shown = e.dice && parts[1] !== undefined ? `${parts.map((p, i) => (i
    ? ` ${p < 0 ? "−" : "+"} ` : p < 0 ? "−" : "") + Math.abs(p)).join("")} = ` : "";
  return e.head + shown + num(r.total);
}

function validate(s) {
  const { ranged, cover, full_cover: full, damage, improvised, strength_modifier: strength,
    weapon, unarmed, untrained, two_weapons: two } = s;
  const A = R.attack;
  bounded(s.ac, ...A.ac, "ac");
  bounded(cover, ...A.cover, "cover");
  checkedFatigue(s.fatigue);
  if (!A.defenses.includes(s.defense)) {
    fail(`Neznámá obrana '${s.defense}': zvol jednu z ${A.defenses.join(", ")}.`, "defense");
  }
  if (!ranged && full) {
    fail("Kompletní krytí chrání jen před střelnými zbraněmi: u útoku na blízko vynech "
      + "'full_cover', nebo zapni 'ranged'.", "full_cover");
  }
  if (!ranged && cover) {
    fail("Krytí přidává k OČ jen proti střelným zbraním: u útoku na blízko zadej 'cover' 0, "
      + "nebo zapni 'ranged'.", "cover");
  }
  bounded(strength, ...A.modifier, "strength_modifier");
  if (weapon !== null && !A.weapons.includes(weapon)) {
    fail(`Neznámý druh zbraně '${weapon}': zvol jeden z ${A.weapons.join(", ")}.`, "weapon");
  }
  const t = "two_weapons";
  const u = "unarmed";
  if (ranged && s.attacker_blind) {
    refuse("attacker_blind", "blind", "Slepý útočník může útočit jen na blízko: vynech 'ranged'.");
  }
  if (ranged && s.underwater) {
    refuse("underwater", "underwater-ranged",
      "Pro zvláštní zbraň, která pod vodou střílí, vynech 'underwater'.");
  }
  if (two && ranged) refuse(t, "two-weapons", `Útok na dálku bonus nedostává: vynech '${t}'.`);
  if (two && untrained) {
    refuse(t, "two-weapons", `S netrénovanou zbraní bonus nedostává: vynech '${t}'.`);
  }
  if (two && unarmed) {
    refuse(t, "two-weapons-choose", "Neozbrojený útok není útok ani jednou z nich: "
      + `vynech '${t}', nebo '${u}'.`);
  }
  if (unarmed) {
    if (ranged) refuse(u, u, "Neozbrojený útok je útok na blízko: vynech 'ranged'.");
    if (damage !== null) refuse("damage", u, "Vynech 'damage' a zadej 'strength_modifier'.");
    const f = improvised ? "improvised" : "untrained";
    if (improvised || untrained) {
      refuse(f, u, `Bez zbraně není co improvizovat: vynech '${f}', nebo '${u}'.`);
    }
    if (weapon !== null && weapon !== A.unarmed_weapon) {
      refuse("weapon", u, "Úder beze zbraně je tupý: zadej 'weapon' blunt, nebo vynech.");
    }
  } else {
    if (damage === null) {
      fail("Zadej 'damage' (např. 1d8+2); bez něj jen neozbrojený útok ('unarmed').", "damage");
    }
    if (strength) {
      refuse("strength_modifier", u, "Se zbraní přičti modifikátor síly do 'damage' "
        + "(např. 1d8+2) a 'strength_modifier' vynech.");
    }
  }
  if (s.underwater && weapon === null && !unarmed) {
    refuse("weapon", "underwater",
      "Pod vodou zadej 'weapon': piercing (bodná), blunt (tupá), nebo slashing (sečná).");
  }
  if (s.helpless && ranged && full) {
    refuse("helpless", "full-cover", "Ani bezmocný cíl v kompletním krytí nejde střelou "
      + "zasáhnout: vynech 'helpless', nebo 'full_cover'.");
  }
  return unarmed ? A.unarmed_weapon : weapon;
}

/** The damage before any modifier: [base, full dice made it critical, text]. */
function damageRoll(source, e, damage, critical, improvised, unarmedBase) {
  const one = R.attack.unarmed;
  if (!e) {
    return [unarmedBase, false, `neozbrojený útok ${one} + modifikátor síly: ${one} `
      + `${unarmedBase < one ? "−" : "+"} ${Math.abs(unarmedBase - one)} = ${num(unarmedBase)}`];
  }
  if (critical) return [e.max, false, `maximální poškození ${e.head}${num(e.max)}`];
  const tries = ["damage", "damage-second"].slice(0, improvised ? R.attack.rolls : 1)
    .map((label) => rolled(source, damage, label).result);
  const kept = tries.reduce((low, t) => (t.total < low.total ? t : low));
  const [first, second] = tries.map((t) => writtenDamage(e, t));
  let text = improvised
    ? `poškození improvizovanou zbraní ${first} a ${second} → nižší ${num(kept.total)}`
    : `poškození ${first}`;
  // every kept damage die at its maximum ("plné poškození")
  const full = e.dice && kept.terms.every((t, i) => t.kept.every((d) => d === e.faces[i]));
  if (full) text += " (plné poškození → kritický zásah)";
  return [kept.total, full, text];
}

/** Fatigue (strength damage), the water's halving, the defense, then at least 1. */
function finalDamage(base, strengthBased, fatigue, halved, defense) {
  let d = base;
  const steps = [];
  if (strengthBased && fatigue) steps.push(`únava −${fatigue} = ${num(d -= fatigue)}`);
  if (halved) steps.push(`pod vodou polovina = ${num(d = Math.floor(d / 2))}`);
  if (defense === "resistance") steps.push(`odolnost: polovina = ${num(d = Math.floor(d / 2))}`);
  else if (defense === "weakness") steps.push(`slabost: dvojnásobek = ${num(d *= 2)}`);
  else if (defense === "immunity") steps.push(`imunita: ${d = 0}`);
  const min = R.attack.minimum;
  if (defense !== "immunity" && d < min) {
    d = min;
    steps.push(`zásah vždy aspoň ${min}`);
  }
  return [d, steps.map((s) => `, ${s}`).join("")];
}

/** [Útok obecně] d20 + to-hit modifiers − fatigue against the target's OČ, then damage. */
export function attack(source, input) {
  // a flag left out is false (undefined), as the engine's defaults
  const s = { cover: 0, defense: "normal", fatigue: 0, strength_modifier: 0, bonus: 0,
    damage: null, weapon: null, ...input };
  const { ac, ranged, cover, fatigue, damage, two_weapons: two, helpless } = s;
  const A = R.attack;
  const e = damage === null ? null : parsed(damage);
  const kind = validate(s);
  const melee = !ranged;
  // the edges in the engine's order: advantage (1) or not, applies to this attack
  const rules = {
    advantage: [1, 1], disadvantage: [0, 1], target_unarmed: [1, melee], attacker_prone: [0, 1],
    target_prone: [1, melee], attacker_blind: [0, melee], target_blind: [1, melee],
    unstable: [0, ranged], underwater: [0, melee && kind !== "piercing"],
  };
  const applied = [];
  const notApplied = [];
  let [up, down, situations] = [0, 0, false];
  for (const [source, [good, applies]] of Object.entries(rules)) {
    if (!s[source]) continue;
    const situation = !source.endsWith("advantage"); // not the GM's (dis)advantage
    if (applies && !helpless) {
      applied.push({ source, effect: good ? "advantage" : "disadvantage" });
      if (good) up = 1;
      else down = 1;
      if (situation) situations = true;
    } else if (situation) notApplied.push(source);
  }
  const mode = up - down;
  const modifiers = [{ source: "bonus", value: s.bonus }];
  if (s.surrounded) modifiers.push({ source: "surrounded", value: A.surrounded });
  if (two) modifiers.push({ source: "two_weapons", value: A.two_weapons });
  if (fatigue) modifiers.push({ source: "fatigue", value: -fatigue });
  if (helpless) {
    notApplied.push(...modifiers.map((m) => m.source)
      .filter((m) => m === "surrounded" || m === "two_weapons"));
  }
  const modifier = modifiers.reduce((n, m) => n + m.value, 0);
  const target = ac + (ranged ? cover : 0);
  const blocked = ranged && s.full_cover;
  const halved = !!s.underwater && A.halved.includes(kind);
  const out = (natural, total, hit, critical, dealt, base, text) => ({
    result: { natural, total, hit, critical, damage: dealt, target,
      dice_mode: ["disadvantage", "normal", "advantage"][mode + 1], edges: applied, modifiers,
      base_damage: base, damage_modifiers: hit ? modifiers.filter((m) => m.source === "two_weapons") : [],
      damage_halved: halved && hit, helpless: !!helpless, subdual: !!s.subdual,
      not_applied: notApplied },
    chance: blocked ? frac(0) : helpless ? frac(1) : successChance(modifier, target, mode),
    text,
    chart: null,
  });
  if (blocked) {
    return out(null, null, false, false, 0, null, "Útok na dálku na cíl v kompletním krytí: "
      + "střelnou zbraní ho nelze trefit → vedle, bez hodu.");
  }
  let [natural, total, critical] = [null, null, false];
  let head = "Útok na bezmocný cíl: zasažen bez hodu na zásah";
  if (!helpless) {
    const test = d20Test(source, "attack", modifier, target, mode);
    ({ natural, total } = test);
    const against = `OČ ${ac}${ranged && cover ? ` + krytí ${cover}` : ""}`;
    const toHit = { success: ", přirozená 20 → kritický zásah", failure: ", přirozená 1 → vedle" }[
      test.critical] ?? (test.success ? ` ≥ ${against} → zásah` : ` < ${against} → vedle`);
    const edges = !situations ? "" : ` (${applied.map((x) => A.edges[x.source]).join(", ")}${mode
      ? "" : " → výhoda a nevýhoda se ruší"})`;
    head = `Útok${ranged ? " na dálku" : ""}: ${writtenD20(test.roll, modifier, total)}`
      + `${edges}${toHit}`;
    if (!test.success) return out(natural, total, false, false, 0, null, `${head}.`);
    critical = test.critical === "success";
  }
  let [base, full, text] = damageRoll(source, s.unarmed ? null : e, damage, critical,
    s.improvised || s.untrained, A.unarmed + s.strength_modifier);
  if (two) text += `, dvě zbraně +${A.two_weapons} = ${num(base += A.two_weapons)}`;
  const [dealt, steps] = finalDamage(base, s.strength_damage || s.unarmed, fatigue, halved,
    s.defense);
  const tail = s.subdual ? " Přemožení: klesnou-li tím životy cíle na 0 nebo méně, upadne do "
    + "bezvědomí nebo se vzdá." : "";
  return out(natural, total, true, critical || full, dealt, base,
    `${head}. ${text[0].toUpperCase()}${text.slice(1)}${steps}.${tail}`);
}
