/* Checks [Ověření dovedností, Záchranné hody, Zničení magických předmětů, Jiné metody, Pasti,
 * Putující monstra], as rpg/pravidla/checks.py. */
import {
  R, RuleError, d20Test, diceMode, frac, number, plus, roll, successChance, written,
} from "./engine.js";

/** An integer within low..high, else a RuleError naming the field (as errors.check_int). */
export function bounded(value, low, high, field) {
  if (!Number.isInteger(value) || !(value >= low && value <= high)) {
    throw new RuleError(`'${field}' musí být celé číslo od ${low} do ${high}, ne ${value}.`,
      field);
  }
  return value;
}

export function checkedFatigue(fatigue) {
  if (fatigue < R.checks.fatigue_min) {
    throw new RuleError(`Únava nemůže být záporná (${number(fatigue)}); zadej 0 nebo víc.`,
      "fatigue");
  }
  return fatigue;
}

/** A d20 test as the rules write it: "1d20 = 14 + 3 = 17", with advantage both dice. */
export function writtenD20(rolled, modifier, total) {
  let shown = written(rolled);
  if (rolled.results.length > 1) {
    const word = rolled.notation.endsWith("kh1") ? "s výhodou" : "s nevýhodou";
    shown = `1d20 ${word} (${rolled.results.join(", ")}) = ${rolled.total}`;
  }
  return shown + plus(modifier, total);
}

/** "1d20 = 14 + 3 = 17 ≥ 15", or the natural that decided it. */
export function verdict(test, target, modifier) {
  let note = `, přirozená ${test.critical === "success" ? 20 : 1}`;
  if (test.critical === null) note = ` ${test.success ? "≥" : "<"} ${target}`;
  return writtenD20(test.roll, modifier, test.total) + note;
}

function skillDc(dc, difficulty, untrained) {
  const table = R.checks.difficulties;
  if (dc !== null && difficulty !== null) {
    throw new RuleError(`Zadej buď 'dc' (${number(dc)}), nebo 'difficulty' (${difficulty}), `
      + "ne obojí.", "dc");
  }
  if (untrained && (dc !== null || difficulty !== null)) {
    const field = dc !== null ? "dc" : "difficulty";
    throw new RuleError("Bez předpokládané dovednosti ('untrained') je obtížnost vždy velmi "
      + `těžká (DC 20): vynech '${field}', nebo 'untrained'.`, field);
  }
  if (dc !== null) return [bounded(dc, R.checks.dc_min, R.checks.dc_max, "dc"), null];
  const key = untrained ? R.checks.untrained_difficulty
    : (difficulty || R.checks.default_difficulty);
  if (!(key in table)) {
    throw new RuleError(`Neznámá obtížnost '${key}': zvol jednu z `
      + `${Object.keys(table).join(", ")}.`, "difficulty");
  }
  return [table[key].dc, key];
}

/** [Ověření dovedností] d20 + modifier + bonus − fatigue against the DC. */
export function skillCheck(source, {
  modifier = 0, dc = null, difficulty = null, bonus = 0, advantage = false,
  disadvantage = false, untrained = false, fatigue = 0,
}) {
  const [target, key] = skillDc(dc, difficulty, untrained);
  const total = modifier + bonus - checkedFatigue(fatigue);
  const mode = diceMode(advantage, disadvantage);
  const test = d20Test(source, "skill-check", total, target, mode);
  const outcome = { success: "kritický úspěch", failure: "kritický neúspěch" }[test.critical]
    ?? (test.success ? "úspěch" : "neúspěch");
  const name = key ? `${R.checks.difficulties[key].cs}, DC ${target}` : `DC ${target}`;
  return {
    result: { natural: test.natural, total: test.total, dc: target, success: test.success,
      critical: test.critical, difficulty: key },
    chance: successChance(total, target, mode),
    text: `Ověření dovednosti (${name}): ${verdict(test, target, total)} → ${outcome}.`,
    chart: null,
  };
}

/** [Záchranné hody] d20 + modifiers − fatigue against the number on the sheet. */
export function savingThrow(source, {
  target, against = R.checks.default_against, modifier = 0, bonus = 0, advantage = false,
  disadvantage = false, fatigue = 0,
}) {
  bounded(target, R.checks.save_target_min, R.checks.save_target_max, "target");
  const kinds = R.checks.save_against;
  if (!(against in kinds)) {
    throw new RuleError(`Neznámý druh záchranného hodu '${against}': zvol jeden z `
      + `${Object.keys(kinds).join(", ")}.`, "against");
  }
  const total = modifier + bonus - checkedFatigue(fatigue);
  const mode = diceMode(advantage, disadvantage);
  const test = d20Test(source, "saving-throw", total, target, mode);
  const head = `Záchranný hod ${kinds[against].cs}`.trimEnd();
  return {
    result: { natural: test.natural, total: test.total, target, success: test.success,
      critical: test.critical, against },
    chance: successChance(total, target, mode),
    text: `${head}: ${verdict(test, target, total)} → ${test.success ? "uspěl" : "neuspěl"}.`,
    chart: null,
  };
}

/** [Zničení magických předmětů] one save per item, with the owner's statistics. */
export function magicItems(source, { target, items, modifier = 0, bonus = 0, fatigue = 0 }) {
  bounded(target, R.checks.save_target_min, R.checks.save_target_max, "target");
  bounded(items.length, R.checks.magic_items_min, R.checks.magic_items_max, "items");
  const owner = modifier + bonus - checkedFatigue(fatigue);
  const saves = [];
  const parts = [];
  for (const item of items) {
    const itemModifier = owner + (item.bonus ?? 0);
    const test = d20Test(source, "magic-item", itemModifier, target);
    const chance = successChance(itemModifier, target);
    saves.push({ name: item.name, natural: test.natural, total: test.total,
      survives: test.success, chance: chance.n / chance.d });
    parts.push(`${item.name}: ${verdict(test, target, itemModifier)} → `
      + `${test.success ? "přežil" : "zničen"}`);
  }
  const survived = saves.filter((save) => save.survives).length;
  return {
    result: { items: saves, survived },
    chance: null,
    text: `Magické předměty (záchrana ${target}): ${parts.join("; ")}. `
      + `Přežilo ${survived} z ${saves.length}.`,
    chart: saves.map((save) => ({ label: save.name, p: save.chance, good: save.survives,
      current: false })),
  };
}

function xInY(x, y, xField = "x", yField = "y") {
  const { y_min: yMin, y_max: yMax, x_min: xMin } = R.checks.chance;
  bounded(y, yMin, yMax, yField);
  if (!(x >= xMin && x <= y)) {
    throw new RuleError(`'${xField}' musí být od ${xMin} do y (${number(y)}), ne ${number(x)}: `
      + "x z y znamená hod 1dy, kde 1 až x uspěje.", xField);
  }
  return [x, y];
}

function rollXInY(source, procedure, [x, y], head, happens, nothing, percent = false) {
  const rolled = roll(source, procedure, 1, y);
  const success = rolled.total <= x;
  const odds = percent ? `${x} %` : `${x} z ${y}`;
  return {
    result: { roll: rolled.total, success, x, y },
    chance: frac(x, y),
    text: `${head} (${odds}): ${written(rolled)} ${success ? "≤" : ">"} ${x} → `
      + `${success ? happens : nothing}.`,
    chart: null,
  };
}

/** [Jiné metody řešení nejasných situací] x in y, or a percentage on a d100. */
export function chance(source, { x = null, y = null, percent = null }) {
  const C = R.checks.chance;
  if (percent !== null) {
    if (x !== null || y !== null) {
      throw new RuleError("Zadej buď 'percent', nebo 'x' a 'y', ne obojí.", "percent");
    }
    bounded(percent, C.percent_min, C.percent_max, "percent");
    return rollXInY(source, "chance", [percent, C.percent_die], "Šance", "úspěch", "neúspěch",
      true);
  }
  const odds = xInY(x ?? C.default[0], y ?? C.default[1]);
  return rollXInY(source, "chance", odds, "Šance", "úspěch", "neúspěch");
}

/** [Pasti] most traps are sprung on 2 in 6. */
export function trap(source, { x = R.checks.chance.trap[0], y = R.checks.chance.trap[1] }) {
  return rollXInY(source, "trap", xInY(x, y), "Past", "spustí se", "nespustí se");
}

/** [Putující monstra] usually 1 in 6. */
export function wanderingMonsters(source, {
  x = R.checks.chance.wandering_monsters[0], y = R.checks.chance.wandering_monsters[1],
}) {
  return rollXInY(source, "wandering-monsters", xInY(x, y), "Putující monstra",
    "setkání s putujícím monstrem", "nic se neděje");
}
