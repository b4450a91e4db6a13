/* The wilderness (rpg/pravidla/wilderness.py): camping, a day of travel, fast travel and the
 * split of its summary damage. Only what must be computed is here: the words are the catalog's,
 * the tables the engine's (R["pravidla/wilderness"]). */
import { choice, field, join, msg } from "../core/catalog.js";
import { R, answer, bounded, fail, frac, oneOf, plus, roll, sum, written } from "../core/engine.js";

const W = () => R["pravidla/wilderness"];
const isMap = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function list(values, allowed, high, name) {
  if (!Array.isArray(values) || values.length > high) {
    fail("wilderness.list", { field: field(name), high }, name);
  }
  return values.map((value) => oneOf(value, allowed, name));
}

/** The choice for each failure in turn: a way to pay (supplies-first, fatigue) chooses for all,
 * a list (or a text of choices separated by commas) for the first failures. */
function payment(pay) {
  const w = W();
  if (w.payments.includes(pay)) return Array(w.needs.length).fill(pay === "fatigue" ? pay : "supplies");
  const choices = typeof pay === "string" ? pay.split(",").map((c) => c.trim()).filter(Boolean)
    : pay;
  const wrong = !Array.isArray(choices) ? String(pay) : choices.length > w.needs.length
    ? choices.join(", ") : choices.find((c) => !w.pay_choices.includes(c));
  if (wrong !== undefined) {
    fail("camping.pay", { field: field("pay"), high: w.needs.length, value: String(wrong),
      ways: join(w.payments.map((v) => choice("pay", v)), " / "),
      choices: join(w.pay_choices.map((v) => choice("pay", v))) }, "pay");
  }
  return choices;
}

/** [Přenocování v divočině] a d6 for each need not covered: d6 + its bonuses ≥ 4 meets it. */
export function camping(source, {
  location = "wilderness", bonuses = [], covered = [], supplies = 0, travelers = 1,
  pay = "supplies-first",
}) {
  const w = W();
  oneOf(location, w.locations, "location");
  const declared = list(bonuses, w.needs, w.bonuses_max, "bonuses");
  const spared = list(covered, w.needs, w.needs.length, "covered");
  bounded(supplies, 0, w.supplies_max, "supplies");
  bounded(travelers, ...w.travelers, "travelers");
  const choices = payment(pay);
  let [ways, all] = [1, 1];
  const needs = [];
  const parts = [];
  for (const need of w.needs) {
    const bonus = declared.filter((d) => d === need).length;
    const name = msg(`camping.need.${need}`);
    if (spared.includes(need)) {
      needs.push({ need, roll: null, bonus, met: true, covered: true });
      parts.push(msg("camping.covered", { need: name }));
    } else if (location === "dungeon") {
      [ways, all] = [0, 1];
      needs.push({ need, roll: null, bonus, met: false, covered: false });
      parts.push(msg("camping.in-dungeon", { need: name }));
    } else {
      ways *= Math.min(w.die, Math.max(0, w.die - w.camp_target + bonus + 1));
      all *= w.die;
      const rolled = roll(source, need, 1, w.die).total;
      const met = rolled + bonus >= w.camp_target;
      needs.push({ need, roll: rolled, bonus, met, covered: false });
      parts.push(msg(met ? "camping.met" : "camping.not-met", { need: name,
        dice: `1d${w.die} = ${rolled}${plus(bonus, rolled + bonus)}`, target: w.camp_target }));
    }
  }
  const failed = needs.filter((need) => !need.met);
  const failures = failed.length;
  let [left, tired] = [supplies, 0];
  // A failure beyond the players' choices is paid as "supplies-first".
  const each = failed.map(({ need }, i) => {
    const wanted = choices[i] ?? "supplies";
    const name = msg(`camping.need.${need}`);
    if (wanted === "supplies" && left >= travelers) {
      left -= travelers;
      return msg("camping.paid.supplies", { need: name });
    }
    tired += 1;
    return msg(wanted === "supplies" ? "camping.paid.short" : "camping.paid.fatigue",
      { need: name });
  });
  const used = supplies - left;
  const paid = [];
  if (used) paid.push(msg("camping.supplies-paid", { used, left }));
  if (tired) paid.push(msg("camping.fatigue-paid", { fatigue: tired }));
  const cost = !failures ? msg("camping.all-met") : w.payments.includes(pay) || !choices.length
    ? msg("camping.cost", { failures, paid: join(paid) })
    : msg("camping.cost-each", { failures, each: join(each), paid: join(paid) });
  return answer({ needs, failures, supplies_used: used, supplies_left: left,
    fatigue_gained: tired },
  msg("camping.text", { place: msg(`camping.place.${location}`), needs: join(parts, "; "), cost }),
  { chance: frac(ways, all) });
}

/** [Simultánní aktivity] the declared groups, each with its activity: [[group, kind]]. */
function groups(activities) {
  const w = W();
  if (!Array.isArray(activities) || activities.length < w.groups[0]
    || activities.length > w.groups[1]) {
    fail("travel.groups", { field: field("activities"), low: w.groups[0], high: w.groups[1] },
      "activities");
  }
  const found = [];
  for (const entry of activities) {
    const name = isMap(entry) ? entry.group : null;
    const length = typeof name === "string" && [...name].length;
    if (!length || length > w.group_name_max) {
      fail("travel.group-name", { field: field("activities"), high: w.group_name_max },
        "activities");
    }
    if (found.some(([known]) => known === name)) {
      fail("travel.group-twice", { name, field: field("activities") }, "activities");
    }
    found.push([name, oneOf(entry.activity ?? "None", Object.keys(w.activity_on),
      "activities")]);
  }
  return found;
}

/** [Cestování po světě] one day: distance, the lost check, an encounter, the day's activity
 * (the party's, or each group's in turn). */
export function travel(source, {
  movement = [6], terrain = "normal", road = false, landmark = false, forced_march: forced = false,
  activity = "none", activities = null,
}) {
  const w = W();
  if (!Array.isArray(movement) || !movement.length || movement.length > w.members_max) {
    fail("travel.members", { field: field("movement"), high: w.members_max }, "movement");
  }
  movement.forEach((value) => bounded(value, ...w.movement, "movement"));
  oneOf(terrain, w.terrains, "terrain");
  oneOf(activity, w.activities, "activity");
  const declared = activities === null ? [] : groups(activities);
  if (declared.length && activity !== "none") {
    fail("travel.both", { activity: field("activity"), activities: field("activities") },
      "activities");
  }
  const kinds = declared.length ? declared.map(([, kind]) => kind)
    : activity !== "none" ? [activity] : [];
  const wholeDay = [...new Set(kinds.filter((kind) => w.whole_day.includes(kind)))];
  if (forced && wholeDay.length) {
    fail(declared.length ? "travel.whole-day-groups" : "travel.whole-day", {
      activity: msg(`travel.activity-head.${wholeDay[0]}`), march: field("forced_march"),
      field: field(declared.length ? "activities" : "activity"), none: choice("activity", "none"),
      forage: choice("activity", "forage") }, "forced_march");
  }
  const travelling = !wholeDay.length;
  const slowest = Math.min(...movement);
  const [march, marchFatigue] = w.forced_march;
  const distance = travelling ? w.km_per_movement * slowest
    * (terrain === "difficult" ? w.difficult_factor : 1) * (forced ? march : 1) : 0;
  const events = [];
  // One d6 event, x in 6: whether it happens, and the dice as written.
  const check = (label, on) => {
    const rolled = roll(source, label, 1, w.die);
    return [rolled.total <= on, written(rolled)];
  };
  // An activity's check, and a d6 of supplies on a successful forage.
  const attempt = (kind) => {
    const name = msg(`travel.activity.${kind}`);
    const [success, dice] = check(kind, w.activity_on[kind]);
    let verdict = msg(success ? `travel.success.${kind}` : "travel.failure");
    let found = null;
    if (kind === "forage") {
      found = 0;
      if (success) {
        const rolled = roll(source, "supplies", 1, w.die);
        found = rolled.total;
        verdict = msg("travel.found", { verdict, dice: written(rolled), found });
      }
    }
    const shown = msg("travel.check", { activity: name, dice, sign: success ? "≤" : ">",
      x: w.activity_on[kind], verdict });
    return [{ kind, success, supplies: found }, shown];
  };
  let lost = null;
  if (travelling && !road && !landmark) {
    let dice;
    [lost, dice] = check("lost", w.lost_on[terrain]);
    events.push(msg(lost ? "travel.lost" : "travel.on-course", { dice, x: w.lost_on[terrain] }));
  }
  const [encounter, met] = check("encounter", w.encounter_on);
  const key = encounter ? "travel.encounter" : "travel.quiet";
  events.push(msg(events.length ? key : `${key}-first`, { dice: met, x: w.encounter_on }));
  let done = null;
  if (activity !== "none") {
    let shown;
    [done, shown] = attempt(activity);
    events.push(shown);
  }
  const tried = declared.map(([group, kind]) => {
    const [result, shown] = attempt(kind);
    events.push(msg("travel.group", { group, check: shown }));
    return { group, ...result };
  });
  const how = [msg("travel.pace", { movement: slowest, per: w.km_per_movement })];
  if (terrain === "difficult") how.push(msg("travel.difficult"));
  if (forced) how.push(msg("travel.forced-march", { factor: march, fatigue: marchFatigue }));
  const names = wholeDay.map((kind) => msg(`travel.activity.${kind}`));
  const day = travelling ? msg("travel.day", { km: distance, how: join(how) })
    : msg("travel.no-travel", { count: names.length, activities: names.length === 1 ? names[0]
      : msg("travel.and", { first: names[0], second: names[1] }) });
  return answer({ distance_km: distance, lost, encounter, activity: done,
    fatigue_gained: forced ? marchFatigue : 0, visibility_km: w.visibility_km, travelling,
    slowest_movement: slowest, activities: tried },
  msg("travel.text", { day, events: join(events, "; ") }),
  { chance: frac(w.die - w.encounter_on, w.die),
    next: encounter ? [{ procedure: "encounter", inputs: { location: "wilderness" } }] : [] });
}

/** [Rychlé cestování] a journey in days: supplies, summary damage and encounters. */
export function fastTravel(source, { days, travelers = 1, supplies = 0 }) {
  const w = W();
  bounded(days, ...w.days, "days");
  bounded(travelers, ...w.travelers, "travelers");
  bounded(supplies, 0, w.supplies_max, "supplies");
  const [long, die] = w.long_journey;
  const needed = days * travelers;
  const used = Math.min(supplies, needed);
  let encounters = w.short_journey_encounters;
  let met = msg("fast-travel.short", { count: encounters, days: long });
  if (days > long) {
    const rolled = roll(source, "encounters", 1, die);
    encounters = rolled.total;
    met = msg("fast-travel.rolled", { dice: written(rolled) });
  }
  return answer({ supplies_needed: needed, supplies_used: used, supplies_left: supplies - used,
    summary_damage: needed - used, encounters },
  msg("fast-travel.text", { days, travelers, needed, used, left: supplies - used,
    damage: needed - used, encounters: met }));
}

/** [Rychlé cestování] "Rozdělení poškození": the players share out the summary damage. */
export function fastTravelSplit(source, { party, damage, allocation = {} }) {
  const w = W();
  if (!Array.isArray(party) || party.length < w.party[0] || party.length > w.party[1]) {
    fail("fast-travel-split.party", { field: field("party"), low: w.party[0],
      high: w.party[1] }, "party");
  }
  const names = [];
  for (const member of party) {
    const name = isMap(member) ? member.name : null;
    const length = typeof name === "string" && [...name].length;
    if (!length || length > w.name_max) {
      fail("fast-travel-split.name", { field: field("party"), high: w.name_max }, "party");
    }
    if (names.includes(name)) fail("fast-travel-split.twice", { name, field: field("party") }, "party");
    names.push(name);
    bounded(member.hp ?? "None", ...w.hp, "party");
  }
  bounded(damage, 0, w.damage_max, "damage");
  const given = allocation ?? {};
  const rule = msg("fast-travel-split.rule");
  if (!isMap(given)) {
    fail("fast-travel-split.not-object", { field: field("allocation"), rule }, "allocation");
  }
  for (const [name, points] of Object.entries(given)) {
    if (!names.includes(name)) {
      fail("fast-travel-split.stranger", { name: [...name].slice(0, w.name_max).join(""),
        party: field("party"), rule }, "allocation");
    }
    bounded(points, 0, w.damage_max, "allocation");
  }
  const shared = sum(Object.values(given));
  if (shared !== damage) fail("fast-travel-split.sum", { shared, damage, rule }, "allocation");
  const characters = party.map(({ name, hp }) => {
    const points = Object.hasOwn(given, name) ? given[name] : 0;
    const left = Math.max(0, hp - points);
    return { name, hp, points, hp_left: left, dies: !left,
      alternative: left ? null : { hp: w.alternative_hp, fatigue: points - hp + w.alternative_hp } };
  });
  const shares = characters.map(({ name, hp, points, hp_left: left, alternative }) => {
    // Below 0 the hit points stop at 0: a clamp, written "3 − 5 → 0".
    const share = msg(points > hp ? "fast-travel-split.clamped" : "fast-travel-split.share",
      { name, hp, points, left });
    return alternative ? msg("fast-travel-split.dies", { share, hp: alternative.hp,
      fatigue: alternative.fatigue }) : share;
  });
  const dead = characters.filter((c) => c.dies).map((c) => c.name);
  return answer({ characters, dead, damage },
    msg("fast-travel-split.text", { damage, shares: join(shares, "; ") }),
    { next: dead.length ? [{ procedure: "death-save" }] : [] });
}
