/* The attack [Útok obecně, Hody na útok, Ostatní bojové situace], as rpg/attack.py. */
import { R, RuleError, d20Test, frac, successChance } from "./engine.js";
import { bounded, checkedFatigue, writtenD20 } from "./checks.js";
import { roll as rollNotation } from "./notation.js";

const num = (v) => (v < 0 ? `−${-v}` : String(v));
const negative = (t) => t.value < 0 || Object.is(t.value, -0);
const fail = (message, field) => {
  throw new RuleError(message, field);
};
const refuse = (field, quote, why) => fail(`${R.attack.quotes[quote]} ${why}`, field);

/** The damage expression rolled by notation.js, its dice labelled `label` (errors: `damage`). */
function rolled(source, damage, label) {
  try {
    return rollNotation({ die: (faces) => source.die(faces, label) }, { expr: damage }).result;
  } catch (error) {
    if (error.field === "expr") error.field = "damage";
    throw error;
  }
}

/** Parsed without rolling (every die at its maximum): notation, faces per term, maximum. */
function parsed(damage) {
  const top = rolled({ die: (faces) => faces }, damage);
  return { notation: top.terms.map((t, i) => (negative(t) ? "-" : i ? "+" : "") + t.notation)
    .join(""), faces: top.terms.map((t) => t.dice[0]), max: top.max, terms: top.terms.length,
  dice: top.terms.reduce((n, t) => n + t.dice.length, 0) };
}

/** Damage without dice, written once: "3", or "3+2 = 5". */
const constant = (e, total) => (e.terms === 1 ? num(total) : `${e.notation} = ${num(total)}`);

/** "1d8+2 = 5 + 2 = 7"; "1d8 = 5"; "3"; dropped dice are left out. */
function writtenDamage(e, r) {
  if (!e.dice) return constant(e, r.total);
  const parts = r.terms.flatMap((t) => (t.dice.length
    ? t.kept.map((d) => (negative(t) ? -d : d)) : [t.value]));
  if (parts.length === 1) return `${e.notation} = ${num(r.total)}`;
  const shown = (parts[0] < 0 ? "−" : "") + Math.abs(parts[0])
    + parts.slice(1).map((p) => ` ${p < 0 ? "−" : "+"} ${Math.abs(p)}`).join("");
  return `${e.notation} = ${shown} = ${num(r.total)}`;
}

/** At least one kept damage die, every one at its maximum ("plné poškození"). */
const allMaximum = (e, r) => r.terms.some((t) => t.kept.length)
  && r.terms.every((t, i) => t.kept.every((d) => d === e.faces[i]));

function validate(s, { ac, ranged, cover, full_cover: full, defense, fatigue, damage, improvised,
  strength_modifier: strength, weapon }) {
  const A = R.attack;
  bounded(ac, ...A.ac, "ac");
  bounded(cover, ...A.cover, "cover");
  checkedFatigue(fatigue);
  if (!A.defenses.includes(defense)) {
    fail(`Neznámá obrana '${defense}': zvol jednu z ${A.defenses.join(", ")}.`, "defense");
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
  const two = "two-weapons";
  if (ranged && s.attacker_blind) {
    refuse("attacker_blind", "blind", "Slepý útočník může útočit jen na blízko: vynech 'ranged'.");
  }
  if (ranged && s.underwater) {
    refuse("underwater", "underwater-ranged",
      "Pro zvláštní zbraň, která pod vodou střílí, vynech 'underwater'.");
  }
  if (ranged && s.two_weapons) {
    refuse("two_weapons", two, "Útok na dálku bonus nedostává: vynech 'two_weapons'.");
  }
  if (s.two_weapons && s.untrained) {
    refuse("two_weapons", two, "S netrénovanou zbraní bonus nedostává: vynech 'two_weapons'.");
  }
  if (s.two_weapons && s.unarmed) {
    refuse("two_weapons", `${two}-choose`, "Neozbrojený útok není útok ani jednou z nich: "
      + "vynech 'two_weapons', nebo 'unarmed'.");
  }
  if (s.unarmed) {
    const u = "unarmed";
    if (ranged) refuse(u, u, "Neozbrojený útok je útok na blízko: vynech 'ranged'.");
    if (damage !== null) refuse("damage", u, "Vynech 'damage' a zadej 'strength_modifier'.");
    if (improvised || s.untrained) {
      const f = improvised ? "improvised" : "untrained";
      refuse(f, u, `Bez zbraně není co improvizovat: vynech '${f}', nebo 'unarmed'.`);
    }
    if (weapon !== null && weapon !== A.unarmed_weapon) {
      refuse("weapon", u, "Úder beze zbraně je tupý: zadej 'weapon' blunt, nebo vynech.");
    }
  } else {
    if (damage === null) {
      fail("Zadej 'damage' (např. 1d8+2); bez něj jen neozbrojený útok ('unarmed').", "damage");
    }
    if (strength) {
      refuse("strength_modifier", "unarmed", "Se zbraní přičti modifikátor síly do 'damage' "
        + "(např. 1d8+2) a 'strength_modifier' vynech.");
    }
  }
  if (s.underwater && weapon === null && !s.unarmed) {
    refuse("weapon", "underwater",
      "Pod vodou zadej 'weapon': piercing (bodná), blunt (tupá), nebo slashing (sečná).");
  }
  if (s.helpless && ranged && full) {
    refuse("helpless", "full-cover", "Ani bezmocný cíl v kompletním krytí nejde střelou "
      + "zasáhnout: vynech 'helpless', nebo 'full_cover'.");
  }
  return s.unarmed ? A.unarmed_weapon : weapon;
}

/** The edges that apply ({source, effect}, in the engine's order) and the situations that do not. */
function edges(s, ranged, kind) {
  const melee = !ranged;
  // source → [effect, applies to this attack]; the GM's advantage/disadvantage always apply
  const rules = {
    advantage: [1, true], disadvantage: [-1, true], target_unarmed: [1, melee],
    attacker_prone: [-1, true], target_prone: [1, melee], attacker_blind: [-1, melee],
    target_blind: [1, melee], unstable: [-1, ranged], underwater: [-1, melee && kind !== "piercing"],
  };
  const applied = [];
  const ignored = [];
  for (const [source, [effect, applies]] of Object.entries(rules)) {
    if (!s[source]) continue;
    const situation = source !== "advantage" && source !== "disadvantage";
    if (applies && !s.helpless) {
      applied.push({ source, effect: effect > 0 ? "advantage" : "disadvantage" });
    } else if (situation) ignored.push(source);
  }
  return [applied, ignored];
}

/** " (cíl na zemi, útočník na zemi → výhoda a nevýhoda se ruší)" or nothing. */
function edgesText(applied, mode) {
  if (!applied.some((e) => e.source !== "advantage" && e.source !== "disadvantage")) return "";
  const names = applied.map((e) => R.attack.edges[e.source]).join(", ");
  return ` (${names}${mode ? "" : " → výhoda a nevýhoda se ruší"})`;
}

/** The damage before any modifier: [base, full dice made it critical, text]. */
function damageRoll(source, e, damage, critical, improvised, unarmedBase) {
  const one = R.attack.unarmed;
  if (!e) {
    return [unarmedBase, false, `neozbrojený útok ${one} + modifikátor síly: ${one} `
      + `${unarmedBase < one ? "−" : "+"} ${Math.abs(unarmedBase - one)} = ${num(unarmedBase)}`];
  }
  if (critical) {
    return [e.max, false, `maximální poškození ${e.dice ? `${e.notation} = ${num(e.max)}`
      : constant(e, e.max)}`];
  }
  const tries = ["damage", "damage-second"].slice(0, improvised ? R.attack.rolls : 1)
    .map((label) => rolled(source, damage, label));
  const kept = tries.reduce((low, t) => (t.total < low.total ? t : low));
  const [first, second] = tries.map((t) => writtenDamage(e, t));
  let text = improvised
    ? `poškození improvizovanou zbraní ${first} a ${second} → nižší ${num(kept.total)}`
    : `poškození ${first}`;
  const full = allMaximum(e, kept);
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
  const { ac, bonus, ranged, cover, fatigue, defense, damage, two_weapons: two } = s;
  const e = damage === null ? null : parsed(damage);
  const kind = validate(s, s);
  const [applied, notApplied] = edges(s, ranged, kind);
  const A = R.attack;
  const modifiers = [{ source: "bonus", value: bonus }];
  if (s.surrounded) modifiers.push({ source: "surrounded", value: A.surrounded });
  if (two) modifiers.push({ source: "two_weapons", value: A.two_weapons });
  if (fatigue) modifiers.push({ source: "fatigue", value: -fatigue });
  if (s.helpless) {
    notApplied.push(...modifiers.map((m) => m.source)
      .filter((m) => m === "surrounded" || m === "two_weapons"));
  }
  const modifier = modifiers.reduce((n, m) => n + m.value, 0);
  const effects = applied.map((x) => x.effect);
  const mode = Number(effects.includes("advantage")) - Number(effects.includes("disadvantage"));
  const target = ac + (ranged ? cover : 0);
  const blocked = ranged && s.full_cover;
  const chance = blocked ? frac(0) : s.helpless ? frac(1) : successChance(modifier, target, mode);
  const damageModifiers = two ? [{ source: "two_weapons", value: A.two_weapons }] : [];
  const halved = !!s.underwater && A.halved.includes(kind);
  const result = (natural, total, hit, critical, dealt, base) => ({
    natural, total, hit, critical, damage: dealt, target,
    dice_mode: ["disadvantage", "normal", "advantage"][mode + 1], edges: applied, modifiers,
    base_damage: base, damage_modifiers: hit ? damageModifiers : [], damage_halved: halved && hit,
    helpless: !!s.helpless, subdual: !!s.subdual, not_applied: notApplied,
  });
  const out = (r, text) => ({ result: r, chance, text, chart: null });
  if (blocked) {
    return out(result(null, null, false, false, 0, null), "Útok na dálku na cíl v kompletním "
      + "krytí: střelnou zbraní ho nelze trefit → vedle, bez hodu.");
  }
  let [natural, total, critical] = [null, null, false];
  let head = "Útok na bezmocný cíl: zasažen bez hodu na zásah";
  if (!s.helpless) {
    const test = d20Test(source, "attack", modifier, target, mode);
    ({ natural, total } = test);
    const against = `OČ ${ac}${ranged && cover ? ` + krytí ${cover}` : ""}`;
    const toHit = { success: ", přirozená 20 → kritický zásah", failure: ", přirozená 1 → vedle" }[
      test.critical] ?? (test.success ? ` ≥ ${against} → zásah` : ` < ${against} → vedle`);
    head = `Útok${ranged ? " na dálku" : ""}: ${writtenD20(test.roll, modifier, total)}`
      + `${edgesText(applied, mode)}${toHit}`;
    if (!test.success) return out(result(natural, total, false, false, 0, null), `${head}.`);
    critical = test.critical === "success";
  }
  let [base, full, text] = damageRoll(source, s.unarmed ? null : e, damage, critical,
    s.improvised || s.untrained, A.unarmed + s.strength_modifier);
  if (two) text += `, dvě zbraně +${A.two_weapons} = ${num(base += A.two_weapons)}`;
  const [dealt, steps] = finalDamage(base, s.strength_damage || s.unarmed, fatigue, halved,
    defense);
  const tail = s.subdual ? " Přemožení: klesnou-li tím životy cíle na 0 nebo méně, upadne do "
    + "bezvědomí nebo se vzdá." : "";
  return out(result(natural, total, true, critical || full, dealt, base),
    `${head}. ${text[0].toUpperCase()}${text.slice(1)}${steps}.${tail}`);
}

/** The situations of [Ostatní bojové situace] folded into one <details> (phones scroll less). */
export function enhance(root) {
  const field = (name) => root.querySelector(`[name="${name}"]`).closest(".calculator__field");
  const details = document.createElement("details");
  details.className = "calculator__group";
  details.innerHTML = "<summary>Situace (ostatní bojové situace)</summary>";
  const first = field("two_weapons");
  first.before(details);
  let node = first;
  while (node) {
    const next = node.nextElementSibling;
    details.append(node);
    node = node.querySelector('[name="subdual"]') ? null : next;
  }
  // a refusal beside a folded field must be seen
  root.querySelector("form").addEventListener("submit", () => {
    if (details.querySelector("[aria-invalid]")) details.open = true;
  });
}
