/* Dobývání soustav, as rpg/conquest/game.py: the unit table (from the rule data) and a turn's
 * arithmetic. Nothing is rolled; every error quotes the rule it breaks. */
import { R, RuleError, sum } from "./core/engine.js";

const C = () => R.conquest;
const KEYS = ["name", "hp", "attack", "defense", "range_min", "range_max", "movement", "regen",
  "cost"];
export const fail = (message, field) => { throw new RuleError(message, field); };
export const done = (result, text) => ({ result, chance: null, text });
/** "1 hex", "3 hexy", "5 hexů". */
export const plural = (n, one, few, many) => `${n} ${n === 1 ? one : n > 1 && n < 5 ? few
  : many}`;
const kr = (n) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0")} kr.`;
export const fold = (s) => String(s).trim().toLowerCase();

export const units = () => {
  const rows = C().units.map((row) => Object.fromEntries(KEYS.map((k, i) => [k, row[i]])));
  return done({ units: rows }, `Přehled jednotek: ${rows.map((u) => u.name).join(", ")}.`);
};

function unit(name, field = "unit") {
  return units().result.units.find((u) => u.name.toLowerCase() === fold(name))
    || fail(`Neznámá jednotka '${String(name).slice(0, 40)}': ${C().quotes.units}`, field);
}

/** `value` ≥ `low` (0 unless given), else the rule `quote` is broken. */
function atLeast(value, field, quote, low = 0) {
  if (value < low) {
    fail(`'${field}' nemůže být menší než ${low} (${value}): ${C().quotes[quote]}`, field);
  }
}

function alive(u, damage, field) {
  atLeast(damage, field, "counters");
  if (damage >= u.hp) {
    fail(`${u.name} má jen ${u.hp} životů: s ${damage} damage countery už není na mapě. `
      + C().quotes.removed, field);
  }
}

/** The same unit (or faction) twice in one list is refused with `message`. */
function once(seen, name, message, field) {
  if (seen.has(name)) fail(message, field);
  seen.add(name);
}

/** [Útok] damage = attack − the target's defence (at least 0), if the target is in range. */
export function attack(source, { attacker, target, distance, target_damage: hit = 0 }) {
  const [a, t] = [unit(attacker, "attacker"), unit(target, "target")];
  atLeast(distance, "distance", "range");
  alive(t, hit, "target_damage");
  const inRange = a.range_min <= distance && distance <= a.range_max;
  const potential = Math.max(0, a.attack - t.defense);
  const left = Math.max(0, t.hp - hit - (inRange ? potential : 0));
  const head = `${a.name} → ${t.name} na ${plural(distance, "hex", "hexy", "hexů")}: `;
  return done({ attacker: a.name, target: t.name, in_range: inRange, range_min: a.range_min,
    range_max: a.range_max, damage: inRange ? potential : 0, damage_if_in_range: potential,
    hp_left: left, destroyed: !left },
  inRange ? `${head}poškození ${a.attack} − ${t.defense} = ${potential}; ${left
    ? `zbývá ${plural(left, "život", "životy", "životů")}` : "zničen, odstraní se z mapy"}.`
    : `${head}mimo dosah (${a.range_min}–${a.range_max}), ${C().quotes.range}`);
}

/** [Regenerace] repaired = min(damage, regen + Mechanics in range, 5). */
export function regen(source, { unit: name, damage, mechanics_in_range: m = 0 }) {
  const u = unit(name);
  alive(u, damage, "damage");
  atLeast(m, "mechanics_in_range", "mechanic");
  const cap = C().regen_cap;
  const fixed = Math.min(damage, u.regen + m, cap);
  const capped = u.regen + m > cap && damage > cap;
  const hp = u.hp - damage + fixed;
  return done({ unit: u.name, repaired: fixed, damage_left: damage - fixed, hp, capped },
    `${u.name}: regen ${u.regen}${m ? ` + ${m} Mechanic` : ""} → opraví ${fixed}${capped
      ? ` (nejvýše ${cap} za kolo)` : ""}, zbývá ${damage - fixed} poškození, ${hp}/${u.hp} `
      + "životů.");
}

/** [Příjem kreditů] 100 per checkpoint, 50 per Extractor. */
export function income(source, { checkpoints: c = 0, extractors: e = 0 }) {
  atLeast(c, "checkpoints", "checkpoint-income");
  atLeast(e, "extractors", "extractor-income");
  const { checkpoint_income: ci, extractor_income: ei } = C();
  return done({ credits: ci * c + ei * e, from_checkpoints: ci * c, from_extractors: ei * e },
    `Příjem: ${c} × ${ci} + ${e} × ${ei} = ${kr(ci * c + ei * e)}`);
}

function payable(credits) {
  atLeast(credits, "credits", "coins");
  const small = C().coins.at(-1);
  if (credits % small) {
    fail(`${credits} kr. nejde složit z mincí, nejmenší je za ${small} kr.: ${C().quotes.coins}`
      + ` Zadej násobek ${small}.`, "credits");
  }
}

/** [Kredity] the fewest coins: gold 1 000, silver 200, teal 50. */
export function coins(source, { credits }) {
  payable(credits);
  let left = credits;
  const n = C().coins.map((coin) => [Math.floor(left / coin), left %= coin][0]);
  return done({ coins: Object.fromEntries(C().coins.map((coin, i) => [coin, n[i]])),
    count: sum(n) }, `${kr(credits)} = ${n[0]}× zlatá, ${n[1]}× stříbrná, ${n[2]}× `
    + `modrozelená (${plural(sum(n), "mince", "mince", "mincí")}).`);
}

/** [Nákup a umisťování jednotek] the cost, the credits left, and where units go. */
export function buy(source, { units: wanted, credits = C().starting_credits }) {
  payable(credits);
  const q = C().quotes;
  const seen = new Set();
  const lines = Object.entries(wanted ?? {}).map(([name, count]) => {
    const u = unit(name, "units");
    atLeast(count, "units", "price");
    once(seen, u.name, `Jednotka ${u.name} je v nákupu dvakrát: sečti počty do jedné položky.`,
      "units");
    const ex = u.name === "Extractor";
    return { unit: u.name, count, unit_cost: u.cost, cost: u.cost * count,
      placement: ex ? "own-system-blue-hex" : "own-checkpoint",
      placement_rule: q[ex ? "extractor-placement" : "placement"] };
  });
  const cost = sum(lines.map((l) => l.cost));
  if (cost > credits) {
    fail(`Nedostatek kreditů: nákup stojí ${cost} kr., k dispozici je ${credits} kr. `
      + q.price, "units");
  }
  const bought = lines.filter((l) => l.count).map((l) => `${l.count}× ${l.unit}`).join(", ");
  return done({ cost, credits_left: credits - cost, purchases: lines },
    `Nákup ${bought || "nic"}: ${kr(cost)}, zbývá ${kr(credits - cost)} Nové jednotky jen na `
    + "vlastní checkpointy, Extractory na modrá políčka vlastní soustavy.");
}

/** Places 1, 2, … in sorted order; entries equal by `same` share a place. */
function place(sorted, same) {
  sorted.forEach((s, i) => {
    const prev = sorted[i - 1];
    s.place = i && same(prev, s) ? prev.place : i + 1;
  });
  return sorted;
}

/** [Konec hry] most checkpoints first, ties by the units' value; equals share a place. */
function rank(factions, field) {
  if (!Array.isArray(factions) || !factions.length) fail("Zadej alespoň jednu frakci.", field);
  const names = new Set();
  const parsed = factions.map((data, i) => {
    const at = `${field}.${i}`;
    const { name: raw = "", checkpoints = 0, units: counts } = data ?? {};
    const name = String(raw).trim() || fail("Každá frakce potřebuje jméno ('name').", at);
    atLeast(checkpoints, `${at}.checkpoints`, "tie-break");
    const seen = new Set();
    let value = 0;
    let any = false;
    for (const [key, count] of Object.entries(counts ?? {})) {
      const u = unit(key, `${at}.units`);
      atLeast(count, `${at}.units`, "tie-break");
      once(seen, u.name, `Jednotka ${u.name} je u frakce ${name} uvedena dvakrát: sečti počty `
        + "do jedné položky.", `${at}.units`);
      value += u.cost * count;
      any ||= count > 0;
    }
    return { name, checkpoints, unit_value: value, place: 0, eliminated: !checkpoints && !any };
  });
  for (const f of parsed) {
    once(names, fold(f.name), "Jména frakcí se opakují: každá frakce smí být uvedena jednou.",
      field);
  }
  return place(parsed.sort((x, y) => y.checkpoints - x.checkpoints
    || y.unit_value - x.unit_value), (p, f) => p.checkpoints === f.checkpoints
    && p.unit_value === f.unit_value);
}

/** [Konec hry] the sector's ranking when the time runs out. */
export function score(source, { factions }) {
  const ranking = rank(factions, "factions");
  return done({ ranking }, `Pořadí v sektoru: ${ranking.map((s) => `${s.place}. ${s.name} `
    + `(${s.checkpoints} CP, ${kr(s.unit_value)})`).join("; ")}.`);
}

/** A trimmed name; a blank one is refused (a blank holder is no unoccupied checkpoint). */
function named(value, field) {
  const key = field.split(".").pop();
  return (typeof value === "string" && value.trim()) || fail(`Jméno v '${key}' chybí nebo je `
    + `prázdné.${key === "holder" ? " Neobsazený checkpoint: holder null." : ""}`, field);
}

/** [Vyhodnocení speciálních efektů] ships on unoccupied or enemy checkpoints leave the board
 * and gain them; a system's last checkpoint brings its Extractors to the captor. */
export function capture(source, { faction, ships = [], holdings = [] }) {
  const q = C().quotes;
  const me = named(faction, "faction");
  const key = (owner, system) => JSON.stringify([fold(owner), fold(system)]);
  const held = new Map();
  holdings.forEach((row, i) => {
    const at = `holdings.${i}.`;
    const [owner, system] = [named(row.faction, `${at}faction`), named(row.system, `${at}system`)];
    const { checkpoints = 0, extractors = 0 } = row;
    atLeast(checkpoints, `${at}checkpoints`, "system-lost");
    atLeast(extractors, `${at}extractors`, "system-lost");
    if (held.has(key(owner, system))) {
      fail(`Frakce ${owner} v soustavě ${system} je v 'holdings' dvakrát: uveď ji jednou.`,
        "holdings");
    }
    held.set(key(owner, system), [owner, system, checkpoints, extractors]);
  });
  const taken = new Map(); // key → [holder, system as first written, checkpoints taken]
  const captures = ships.map((ship, i) => {
    const at = `ships.${i}.`;
    const u = unit(String(ship.unit ?? ""), `${at}unit`);
    if (u.name === "Extractor") {
      fail(`Extractor na checkpointu nestojí: ${q["extractor-placement"]}`, `${at}unit`);
    }
    const system = named(ship.system, `${at}system`);
    const holder = ship.holder == null ? null : named(ship.holder, `${at}holder`);
    const own = holder !== null && fold(holder) === fold(me);
    if (holder !== null && !own) {
      const k = key(holder, system);
      taken.set(k, taken.get(k) || [holder, system, 0]).get(k)[2] += 1;
    }
    return { unit: u.name, system, holder, captured: !own, ship_removed: !own };
  });
  const losses = [...taken.values()].map(([holder, where, lost]) => {
    const [owner, system, n, ex] = held.get(key(holder, where)) || fail(`Uveď v 'holdings', `
      + `kolik checkpointů a Extractorů drží ${holder} v soustavě ${where}: ${q["system-lost"]}`,
    "holdings");
    if (lost > n) {
      fail(`${owner} drží v soustavě ${system} jen ${plural(n, "checkpoint", "checkpointy",
        "checkpointů")}, obsazuje se jich ${lost}: oprav 'holdings' nebo 'ships'.`, "holdings");
    }
    return { faction: owner, system, checkpoints_lost: lost, checkpoints_left: n - lost,
      system_lost: n === lost, extractors_lost: n === lost ? ex : 0 };
  });
  const removed = captures.filter((c) => c.ship_removed).length;
  const gained = sum(losses.map((l) => l.extractors_lost));
  return done({ captures, ships_removed: removed, checkpoints_gained: removed, losses,
    extractors_gained: gained }, `Obsazení (${me}): z plánu odchází lodí: ${removed}, získané `
    + `checkpointy: ${removed}${losses.filter((l) => l.system_lost).map((l) => `; ${l.faction} `
      + `ztrácí poslední checkpoint soustavy ${l.system} a ${plural(l.extractors_lost,
        "Extractor", "Extractory", "Extractorů")}`).join("")}; získané Extractory: ${gained}.`);
}

/** [Konec hry] each sector's winner, then the points of all sectors in the final order. */
export function winner(source, { sectors }) {
  if (!Array.isArray(sectors) || !sectors.length) fail("Zadej alespoň jeden sektor.", "sectors");
  const totals = new Map();
  const results = sectors.map((factions, i) => {
    const ranking = rank(factions, `sectors.${i}`);
    const standing = ranking.filter((s) => !s.eliminated);
    const last = standing.length === 1 && ranking.length > 1;
    const top = ranking.filter((s) => s.place === 1);
    const won = last ? standing[0].name : top.length === 1 ? top[0].name : null;
    for (const s of ranking) {
      s.points = ranking.length - s.place;
      const entry = totals.get(fold(s.name)) || { name: s.name, points: 0, sectors_won: 0 };
      entry.points += s.points;
      entry.sectors_won += s.name === won;
      totals.set(fold(s.name), entry);
    }
    return { sector: i + 1, winner: won, decided_by: last ? "last-standing" : "ranking",
      ranking };
  });
  const final = place([...totals.values()].sort((x, y) => y.points - x.points),
    (p, s) => p.points === s.points);
  return done({ sectors: results, final,
    winners: final.filter((s) => s.place === 1).map((s) => s.name) },
  `Sektory – ${results.map((r) => `${r.sector}: ${r.winner ?? "dělené 1. místo"}`).join(", ")}`
    + `. Finální pořadí (body): ${final.map((s) => `${s.place}. ${s.name} ${s.points}`)
      .join("; ")}.`);
}

/** [Displacer] the teleport's timeline; a damaged Displacer cannot teleport. */
export function teleport(source, { turn, damage = 0, other_sector: other = false,
  target_sector_checkpoints: held = 0 }) {
  const q = C().quotes;
  atLeast(turn, "turn", "teleport-flip", C().turn_min);
  atLeast(damage, "damage", "counters");
  if (damage > 0) { // whatever the damage: this is the rule it breaks
    fail(`Displacer má ${damage} poškození: ${q["damaged-displacer"]} Nejdřív ho oprav `
      + "(regenerace).", "damage");
  }
  atLeast(held, "target_sector_checkpoints", "teleport-sector");
  if (other && held < 1) {
    fail(`Do jiného sektoru bez checkpointu tam teleport nejde: ${q["teleport-sector"]}`,
      "target_sector_checkpoints");
  }
  const [flip, gone] = [turn + C().flip_after, turn + C().removed_after];
  const step = (t, event, text) => ({ turn: t, event, text: `Tah ${t}: ${text}` });
  return done({ turn, flip_turn: flip, removed_turn: gone, acts_again_turn: gone,
    untargetable_until_turn: gone, handed_over: other, timeline: [
      step(turn, "teleported", "Displacer se teleportuje (2 akce); nelze na něj zaútočit."),
      step(flip, "token-flipped", "teleportační žeton se otočí barvou nahoru; Displacer "
        + "nemůže jednat."),
      step(gone, "token-removed", "žeton se odstraní a ve 3. fázi (akce jednotek) s "
        + "Displacerem lze táhnout.")] },
  `Teleport v tahu ${turn}: v tahu ${flip} se žeton otočí, v tahu ${gone} se odstraní a `
    + `Displacer zase jedná.${other ? " Do jiného sektoru: Displacer převezmou místní hráči."
      : ""}`);
}

const HEAD = ["Jednotka", "Životy", "Útok", "Obrana", "Dosah", "Pohyb", "Regen.", "Cena"];

/** The battle sheet computes as soon as it is changed; the unit table and the sheet's figures
 * stand under the outcome. */
export function enhance(root) {
  const form = root.querySelector("form");
  const output = root.querySelector("[data-output]");
  const path = root.dataset.procedure;
  const attacking = path === "conquest/attack";
  if (attacking) {
    form.addEventListener("change", () => form.elements.distance.value && form.requestSubmit());
  }
  form.addEventListener("submit", () => {
    const r = output.dataset.result && JSON.parse(output.dataset.result);
    const yes = (flag) => `<strong>${flag ? "ano" : "ne"}</strong>`;
    if (r && attacking) {
      output.insertAdjacentHTML("beforeend", `<p class="calculator__sheet">Poškození `
        + `<strong>${r.damage}</strong> · životy cíle <strong>${r.hp_left}/${unit(r.target).hp}`
        + `</strong> · v dosahu (${r.range_min}–${r.range_max}) ${yes(r.in_range)} · zničen `
        + `${yes(r.destroyed)}</p>`);
    }
    if (r && r.units) {
      const rows = r.units.map((u) => [u.name, u.hp, u.attack, u.defense,
        `${u.range_min}–${u.range_max}`, u.movement, u.regen, u.cost]);
      output.insertAdjacentHTML("beforeend", '<div class="calculator__table"><table><tr>'
        + [HEAD, ...rows].map((row, i) => row.map((cell) => (i ? `<td>${cell}</td>`
          : `<th>${cell}</th>`)).join("")).join("</tr><tr>") + "</tr></table></div>");
    }
  });
  if (path === "conquest/units") form.requestSubmit();
}
