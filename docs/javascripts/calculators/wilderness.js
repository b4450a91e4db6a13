/* The wilderness [Přenocování v divočině, Cestování po světě, Rychlé cestování], as
 * rpg/pravidla/wilderness.py: camping, a day of travel, fast travel and the split of its damage. */
import { R, frac, number, plus, roll, sum, written } from "./core/engine.js";
import { bounded } from "./checks.js";
import { choice, fail, out, plural as pl } from "./health.js";

const W = () => R.wilderness;
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function list(values, allowed, high, field) {
  if (!Array.isArray(values) || values.length > high) {
    fail(`'${field}' musí být seznam nejvýše ${high} položek.`, field);
  }
  return values.map((v) => choice(v, allowed, field));
}

/** [Přenocování v divočině] a d6 for each need not covered: d6 + its bonuses ≥ 4 meets it. */
export function camping(source, {
  location = "wilderness", bonuses = [], covered = [], supplies = 0, travelers = 1,
  pay = "supplies-first",
}) {
  const w = W();
  const [target, low, high, most, bonusMax] = w.camp;
  const needs = Object.keys(w.needs);
  choice(location, w.locations, "location");
  const declared = list(bonuses, needs, bonusMax, "bonuses");
  const spared = list(covered, needs, needs.length, "covered");
  bounded(supplies, 0, most, "supplies");
  bounded(travelers, low, high, "travelers");
  choice(pay, w.payments, "pay");
  const dungeon = location === "dungeon";
  let [ways, all] = [1, 1];
  const rows = needs.map((need) => {
    const bonus = declared.filter((d) => d === need).length;
    const name = w.needs[need];
    const row = (r, met, shown) => [{ need, roll: r, bonus, met, covered: shown === null }, shown];
    if (spared.includes(need)) return row(null, true, null);
    all *= w.die;
    ways *= dungeon ? 0 : Math.min(w.die, Math.max(0, w.die - target + bonus + 1));
    if (dungeon) return row(null, false, `${name}: v kobce → neobstaráno`);
    const r = roll(source, need, 1, w.die).total;
    const met = r + bonus >= target;
    return row(r, met, `${name} 1d${w.die} = ${r}${plus(bonus, r + bonus)} ${met ? "≥" : "<"} `
      + `${target} → ${met ? "" : "ne"}obstaráno`);
  });
  const failures = rows.filter(([need]) => !need.met).length;
  let [left, tired] = [supplies, 0];
  for (let i = 0; i < failures; i += 1) {
    if (pay === "supplies-first" && left >= travelers) left -= travelers;
    else tired += 1;
  }
  const used = supplies - left;
  const paid = [used && `zásoby −${used} (zbývá ${left})`,
    tired && `únava +${tired} pro každého cestujícího`].filter(Boolean);
  const cost = failures ? `${pl(failures, "neúspěch", "neúspěchy", "neúspěchů")} → `
    + `${paid.join(", ")}.` : "Vše obstaráno, nic se neplatí.";
  const parts = rows.map(([need, shown]) => shown ?? `${w.needs[need.need]}: jiný zdroj → `
    + "obstaráno");
  return out({ needs: rows.map(([need]) => need), failures, supplies_used: used,
    supplies_left: left, fatigue_gained: tired },
  `Přenocování v ${dungeon ? "kobce" : "divočině"}: ${parts.join("; ")}. ${cost}`,
  frac(ways, all));
}

/** [Cestování po světě] one day: distance, the lost check, an encounter, the day's activity. */
export function travel(source, {
  movement = [6], terrain = "normal", road = false, landmark = false, forced_march: forced = false,
  activity = "none",
}) {
  const w = W();
  const [km, low, high, most, half, march, marchTired, seen, encounterOn] = w.travel;
  if (!Array.isArray(movement) || !movement.length || movement.length > most) {
    fail(`'movement' musí být seznam 1 až ${most} hodnot hybnosti členů družiny.`, "movement");
  }
  movement.forEach((m) => bounded(m, low, high, "movement"));
  choice(terrain, w.terrains, "terrain");
  choice(activity, ["none", ...Object.keys(w.activities)], "activity");
  const act = w.activities[activity];
  const travelling = !act?.[3];
  if (forced && !travelling) {
    fail(`${cap(act[1])} zabere celý den, takže se nedá spojit s cestou dnem i nocí: vypni `
      + "'forced_march', nebo zvol 'activity' none či forage.", "forced_march");
  }
  const slowest = Math.min(...movement);
  const distance = travelling
    ? km * slowest * (terrain === "difficult" ? half : 1) * (forced ? march : 1) : 0;
  const events = [];
  const chart = [];
  // One d6 event, x in 6: whether it happens, the dice as written, and its bar in the chart.
  const check = (label, on, bar, good = false) => {
    const rolled = roll(source, label, 1, w.die);
    const happens = rolled.total <= on;
    chart.push({ label: bar, p: on / w.die, good, current: happens });
    return [happens, written(rolled)];
  };
  let lost = null;
  let shown;
  if (travelling && !road && !landmark) {
    [lost, shown] = check("lost", w.lost_on[terrain], "ztráta směru");
    events.push(`ztráta směru ${shown} → ${lost ? "ztratili směr" : "drží směr"}`);
  }
  const [encounter, met] = check("encounter", encounterOn, "setkání");
  events.push(`setkání ${met} → ${encounter ? "setkání!" : "nic"}`);
  let done = null;
  if (act) {
    const [on, name, win] = act;
    let success;
    [success, shown] = check(activity, on, name.split(" ")[0], true);
    let verdict = success ? win : "neúspěch";
    let found = null;
    if (activity === "forage") {
      found = 0;
      if (success) {
        const rolled = roll(source, "supplies", 1, w.die);
        found = rolled.total;
        verdict += `: ${written(rolled)} → ${pl(found, "zásoba", "zásoby", "zásob")}`;
      }
    }
    events.push(`${name} ${shown} → ${verdict}`);
    done = { kind: activity, success, supplies: found };
  }
  const how = [`hybnost ${slowest} × ${km}`];
  if (terrain === "difficult") how.push("obtížný terén ½");
  if (forced) how.push(`dnem i nocí × ${number(march)}, únava +${marchTired}`);
  const first = travelling ? `Den cesty: ${number(distance)} km (${how.join(", ")}).`
    : `Den bez cesty (${act[1]} zabere celý den): 0 km.`;
  return out({ distance_km: distance, lost, encounter, activity: done,
    fatigue_gained: forced ? marchTired : 0, visibility_km: seen, travelling,
    slowest_movement: slowest },
  `${first} ${cap(events.join("; "))}.`, frac(w.die - encounterOn, w.die), chart);
}

/** [Rychlé cestování] a journey in days: supplies, summary damage and encounters. */
export function fastTravel(source, { days, travelers = 1, supplies = 0 }) {
  const [low, high, long, die] = W().fast;
  const [, tLow, tHigh, most] = W().camp;
  bounded(days, low, high, "days");
  bounded(travelers, tLow, tHigh, "travelers");
  bounded(supplies, 0, most, "supplies");
  const needed = days * travelers;
  const used = Math.min(supplies, needed);
  let encounters = 1;
  let met = `setkání 1 (do ${long} dní se nehází)`;
  if (days > long) {
    const rolled = roll(source, "encounters", 1, die);
    encounters = rolled.total;
    met = `setkání ${written(rolled)}`;
  }
  return out({ supplies_needed: needed, supplies_used: used, supplies_left: supplies - used,
    summary_damage: needed - used, encounters },
  `Rychlé cestování, ${pl(days, "den", "dny", "dní")}, `
    + `${pl(travelers, "cestující", "cestující", "cestujících")}: zásoby potřeba ${needed}, `
    + `zaplaceno ${used}, zbývá ${supplies - used}; souhrnné poškození ${needed - used}; ${met}.`);
}

/** [Rychlé cestování] "Rozdělení poškození": the players share out the summary damage. */
export function fastTravelSplit(source, { party, damage, allocation = {} }) {
  const [low, high, nameMax, hpLow, hpHigh, most, alt, rule] = W().split;
  if (!Array.isArray(party) || party.length < low || party.length > high) {
    fail(`'party' musí být seznam ${low} až ${high} postav {"name", "hp"}.`, "party");
  }
  const names = [];
  for (const member of party) {
    const name = isMap(member) ? member.name : null;
    const length = typeof name === "string" && [...name].length;
    if (!length || length > nameMax) {
      fail(`Každá postava v 'party' potřebuje jméno ('name', 1 až ${nameMax} znaků).`, "party");
    }
    if (names.includes(name)) {
      fail(`Jméno '${name}' je v 'party' dvakrát: jména musí být různá, aby šlo poškození `
        + "rozdělit.", "party");
    }
    names.push(name);
    bounded(member.hp ?? "None", hpLow, hpHigh, "party");
  }
  bounded(damage, 0, most, "damage");
  const given = allocation ?? {};
  if (!isMap(given)) fail(`'allocation' musí být objekt {"jméno": body}: ${rule}`, "allocation");
  for (const [name, points] of Object.entries(given)) {
    if (!names.includes(name)) {
      fail(`'${[...name].slice(0, nameMax).join("")}' necestuje ('party'): ${rule} Rozděl `
        + "poškození jen mezi postavy z 'party'.", "allocation");
    }
    bounded(points, 0, most, "allocation");
  }
  const shared = sum(Object.values(given));
  if (shared !== damage) {
    fail(`Rozděleno ${pl(shared, "bod", "body", "bodů")}, ale souhrnné poškození je ${damage}: `
      + `${rule} Rozdělit se musí všechno, nic navíc.`, "allocation");
  }
  const characters = party.map(({ name, hp }) => {
    const points = Object.hasOwn(given, name) ? given[name] : 0;
    const left = Math.max(0, hp - points);
    return { name, hp, points, hp_left: left, dies: !left,
      alternative: left ? null : { hp: alt, fatigue: points - hp + alt } };
  });
  const parts = characters.map(({ name, hp, points, hp_left: left, alternative: a }) => `${name} `
    + `${hp} − ${points} = ${left}${a ? ` → zabit po cestě, nebo místo toho ${alt} život a `
      + `${pl(a.fatigue, "bod", "body", "bodů")} únavy` : ""}`);
  return out({ characters, dead: characters.filter((c) => c.dies).map((c) => c.name), damage },
    `Rozdělení souhrnného poškození ${damage}: ${parts.join("; ")}.`);
}
