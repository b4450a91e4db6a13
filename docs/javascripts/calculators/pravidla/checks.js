/* Checks (rpg/pravidla/checks.py): skill checks and saving throws, alone or for a group, magic
 * items, and the x-in-y chances. Only what must be computed is here: the words are the
 * catalog's, the tables the engine's (R["pravidla/checks"]). */
import { choice, field, join, msg } from "../core/catalog.js";
import { R, answer, bounded, chart, fail, oneOf } from "../core/engine.js";
import {
  checkedFatigue, d20Test, diceMode, fatigueTerm, judged, successChance, term,
} from "./d20.js";
import { checkedOdds, rollOdds } from "./odds.js";

const C = () => R["pravidla/checks"];

/** P(k successes) of `count` tries of chance `p` ({n, d}), k = 0..count, as numbers (as the
 * engine's checks.binomial, which the attack's groups use too). */
export function binomial(count, p) {
  const q = p.n / p.d;
  let ways = 1;
  return Array.from({ length: count + 1 }, (_, k) => {
    if (k) ways = (ways * (count - k + 1)) / k;
    return ways * q ** k * (1 - q) ** (count - k);
  });
}

const outcomeWord = (test) => msg(test.critical ? `check.critical-${test.critical}`
  : `check.${test.success ? "success" : "failure"}`);
const savedWord = (test) => msg(`saving-throw.${test.success ? "saved" : "failed"}`);

/** One d20 check rolled `count` times with the same inputs: the single answer, or a group's. */
function checks(source, key, { count = 1, target, modifier, mode, terms, word, result, params }) {
  bounded(count, C().count[0], C().count[1], "count");
  const tests = Array.from({ length: count }, () => d20Test(source, key, modifier, target, mode));
  const chance = successChance(modifier, target, mode);
  const results = tests.map(result);
  if (count === 1) {
    return answer(results[0], msg(`${key}.text`, { ...params, shown: judged(tests[0], terms,
      target), outcome: word(tests[0]) }), { chance });
  }
  const successes = tests.filter((test) => test.success).length;
  const each = join(tests.map((test, i) => msg("group.each", {
    index: i + 1, shown: judged(test, terms, target), outcome: word(test) })), "; ");
  return answer(
    { each: results, summary: { count, successes },
      successes_distribution: binomial(count, chance) },
    msg(`${key}.group`, { ...params, count, each,
      summary: msg("check.successes", { successes, count }) }),
    { chance });
}

function skillDc(dc, difficulty, untrained) {
  if (dc !== null && difficulty !== null) {
    fail("skill-check.both", { dc: field("dc"), dc_value: dc, difficulty: field("difficulty"),
      difficulty_value: choice("difficulty", difficulty) }, "dc");
  }
  if (untrained && (dc !== null || difficulty !== null)) {
    const name = dc !== null ? "dc" : "difficulty";
    fail("skill-check.untrained", { untrained: field("untrained"), field: field(name) }, name);
  }
  if (dc !== null) return [bounded(dc, C().dc[0], C().dc[1], "dc"), null];
  const key = untrained ? C().untrained_difficulty : (difficulty || C().default_difficulty);
  oneOf(key, Object.keys(C().difficulties), "difficulty");
  return [C().difficulties[key], key];
}

/** [Ověření dovedností] d20 + modifier + bonus − fatigue against the obtížnost. */
export function skillCheck(source, {
  modifier = 0, dc = null, difficulty = null, bonus = 0, advantage = false,
  disadvantage = false, untrained = false, fatigue = 0, count = 1,
}) {
  const [target, key] = skillDc(dc, difficulty, untrained);
  const terms = [term(modifier), term(bonus), fatigueTerm(checkedFatigue(fatigue))];
  return checks(source, "skill-check", {
    count, target, modifier: modifier + bonus - fatigue, mode: diceMode(advantage, disadvantage),
    terms, word: outcomeWord,
    params: { difficulty: key ? msg("skill-check.named-dc", { name: msg(`difficulty.${key}`),
      dc: target }) : msg("skill-check.dc", { dc: target }) },
    result: (test) => ({ natural: test.natural, total: test.total, dc: target,
      success: test.success, critical: test.critical, difficulty: key }),
  });
}

/** [Záchranné hody] d20 + modifiers − fatigue against the number on the sheet. */
export function savingThrow(source, {
  target, against = C().default_against, modifier = 0, bonus = 0, advantage = false,
  disadvantage = false, fatigue = 0, count = 1,
}) {
  bounded(target, C().save_target[0], C().save_target[1], "target");
  oneOf(against, C().save_against, "against");
  const terms = [term(modifier), term(bonus), fatigueTerm(checkedFatigue(fatigue))];
  return checks(source, "saving-throw", {
    count, target, modifier: modifier + bonus - fatigue, mode: diceMode(advantage, disadvantage),
    terms, word: savedWord, params: { against: msg(`saving-throw.${against}`) },
    result: (test) => ({ natural: test.natural, total: test.total, target,
      success: test.success, critical: test.critical, against }),
  });
}

/** [Zničení magických předmětů] one save per item, with the owner's statistics. */
export function magicItems(source, { target, items, modifier = 0, bonus = 0, fatigue = 0 }) {
  bounded(target, C().save_target[0], C().save_target[1], "target");
  bounded(items.length, C().magic_items[0], C().magic_items[1], "items");
  const owner = modifier + bonus - checkedFatigue(fatigue);
  const saves = [];
  const lines = [];
  for (const item of items) {
    const itemBonus = item.bonus ?? 0;
    const test = d20Test(source, "magic-item", owner + itemBonus, target);
    const chance = successChance(owner + itemBonus, target);
    saves.push({ name: item.name, natural: test.natural, total: test.total,
      survives: test.success, chance: chance.n / chance.d });
    const terms = [term(modifier), term(bonus), term(itemBonus), fatigueTerm(fatigue)];
    lines.push(msg("magic-items.item", { name: item.name, shown: judged(test, terms, target),
      outcome: msg(`magic-items.${test.success ? "survives" : "destroyed"}`) }));
  }
  const survived = saves.filter((save) => save.survives).length;
  return answer({ items: saves, survived }, msg("magic-items.text", {
    target, items: join(lines, "; "), survived, count: saves.length }), {
    chart: chart("magic-items.chart", saves.map((save) => ({ label: save.name, p: save.chance,
      good: save.survives, current: false }))) });
}

/** [Jiné metody řešení nejasných situací] x in y, or a percentage on a d100. */
export function chance(source, { x = null, y = null, percent = null }) {
  const odds = R["pravidla/odds"];
  if (percent !== null) {
    if (x !== null || y !== null) {
      fail("chance.both", { percent: field("percent"), x: field("x"), y: field("y") }, "percent");
    }
    bounded(percent, odds.percent[0], odds.percent[1], "percent");
    return rollOdds(source, "chance", percent, odds.percent_die, true);
  }
  const [dx, dy] = C().odds.chance;
  return rollOdds(source, "chance", ...checkedOdds(x ?? dx, y ?? dy));
}
