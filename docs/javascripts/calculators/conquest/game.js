/* Dobývání soustav (rpg/conquest/game.py): the unit table and a turn's arithmetic. Nothing is
 * rolled; every refusal quotes the rule it breaks. The words are the catalog's, the unit table
 * and the numbers the engine's. The form already bounds every number it takes and offers only
 * the table's units, so only what it cannot check is refused here: values inside JSON inputs
 * and the rules' own limits. */
import { field, join, msg } from "../core/catalog.js";
import { R, answer, fail, sum } from "../core/engine.js";
import { term, writtenTerms } from "../pravidla/d20.js";

const C = () => R["conquest/game"];
/** The unit table's columns: the order of the engine's rows. */
const KEYS = ["name", "hp", "attack", "defense", "range_min", "range_max", "movement", "regen",
  "cost"];
const fold = (name) => String(name).trim().toLowerCase();
const table = () => C().units.map((row) => Object.fromEntries(KEYS.map((k, i) => [k, row[i]])));
const names = () => join(table().map((u) => u.name));

/** Digits grouped by thousands, as each language writes them ("1 250"). */
const grouped = (n, key = "conquest.thousands") => (n < 1000 ? n
  : msg(key, { high: grouped(Math.floor(n / 1000), key), low: String(n % 1000).padStart(3, "0") }));
const credits = (amount) => msg("conquest.credits", { amount: grouped(amount) });

/** "9 − 2 (už na cíli) − 10 → 0": every term shown, a clamp written as one. */
function reckoned(start, terms, total) {
  const shown = writtenTerms(terms);
  return shown.join.length ? msg(start + sum(terms.map((t) => t.value)) === total
    ? "conquest.sum" : "conquest.clamp", { start, terms: shown, total }) : start;
}

/** The rule sentence `key`, quoted, with the rule's numbers from the table. */
function quote(key) {
  const [gold, silver, teal] = C().coins.map((coin) => grouped(coin, "conquest.quote.thousands"));
  return msg(`conquest.quote.${key}`, {
    units: { names: names() },
    coins: { gold, silver, teal },
    price: { prices: join(table().map((u) => msg("conquest.price", { unit: u.name,
      cost: u.cost }))) },
  }[key]);
}

export const units = () => answer({ units: table() }, msg("conquest/units.text",
  { names: names() }));

function unit(name, at = "unit") {
  return table().find((u) => fold(u.name) === fold(name))
    || fail("conquest.unknown-unit", { name: String(name).slice(0, 40), quote: quote("units") },
      at);
}

/** A count inside a JSON input is at least 0, else the rule `rule` is broken. */
function counted(value, at, rule) {
  if (value < 0) fail("conquest.at-least", { field: field(at), low: 0, value, quote: quote(rule) }, at);
}

/** A unit with as many damage counters as hit points is no longer on the map. */
function alive(u, damage, at) {
  if (damage >= u.hp) {
    fail("conquest.gone", { unit: u.name, hp: u.hp, damage, quote: quote("removed") }, at);
  }
}

/** [Útok] damage = attack − the target's defence (at least 0), if the target is in range. */
export function attack(source, { attacker, target, distance, target_damage: hit = 0 }) {
  const [a, t] = [unit(attacker), unit(target)];
  alive(t, hit, "target_damage");
  const inRange = a.range_min <= distance && distance <= a.range_max;
  const potential = Math.max(0, a.attack - t.defense);
  const dealt = inRange ? potential : 0;
  const left = Math.max(0, t.hp - hit - dealt);
  const said = { attacker: a.name, target: t.name, distance: msg("conquest.hexes",
    { n: distance }), reach: msg("conquest.reach", { low: a.range_min, high: a.range_max }) };
  return answer({ attacker: a.name, target: t.name, in_range: inRange, range_min: a.range_min,
    range_max: a.range_max, damage: dealt, damage_if_in_range: potential, hp_left: left,
    destroyed: !left },
  inRange ? msg("conquest/attack.text", { ...said,
    damage: reckoned(a.attack, [term(-t.defense)], potential),
    hp: reckoned(t.hp, [term(-hit, msg("conquest/attack.counters")), term(-dealt)], left),
    end: left ? "" : msg("conquest/attack.destroyed") })
    : msg("conquest/attack.out-of-range", { ...said, quote: msg("conquest.quote.range") }));
}

/** [Regenerace] repaired = min(damage, regen + Mechanics in range, 5). */
export function regen(source, { unit: name, damage, mechanics_in_range: m = 0 }) {
  const u = unit(name);
  alive(u, damage, "damage");
  const { regen_cap: cap, mechanic_bonus: bonus } = C();
  const rate = u.regen + bonus * m;
  const fixed = Math.min(damage, rate, cap);
  const hp = u.hp - damage + fixed;
  return answer({ unit: u.name, repaired: fixed, damage_left: damage - fixed, hp,
    capped: rate > cap && damage > cap },
  msg("conquest/regen.text", { unit: u.name, repaired: fixed, left: damage - fixed, hp,
    max: u.hp, rate: reckoned(u.regen, [term(bonus * m,
      msg("conquest/regen.mechanics", { n: m }))], rate),
    cap: rate > cap ? msg("conquest/regen.cap", { cap }) : "" }));
}

/** [Příjem kreditů] 100 per checkpoint, 50 per Extractor. */
export function income(source, { checkpoints = 0, extractors = 0 }) {
  const { checkpoint_income: ci, extractor_income: ei } = C();
  const total = ci * checkpoints + ei * extractors;
  return answer({ credits: total, from_checkpoints: ci * checkpoints,
    from_extractors: ei * extractors }, msg("conquest/income.text", { checkpoints, extractors,
    checkpoint_income: ci, extractor_income: ei, credits: credits(total) }));
}

/** Credits are paid in coins: a multiple of the smallest. */
function payable(amount) {
  const smallest = C().coins.at(-1);
  if (amount % smallest) {
    fail("conquest/coins.not-payable", { credits: amount, smallest, quote: quote("coins") },
      "credits");
  }
}

/** [Kredity] the fewest coins: gold 1 000, silver 200, teal 50. */
export function coins(source, { credits: amount }) {
  payable(amount);
  let left = amount;
  const [gold, silver, teal] = C().coins.map((coin) => [Math.floor(left / coin),
    left %= coin][0]);
  const count = gold + silver + teal;
  return answer({ coins: Object.fromEntries(C().coins.map((coin, i) => [coin,
    [gold, silver, teal][i]])), count },
  msg("conquest/coins.text", { credits: credits(amount), gold, silver, teal, count }));
}

/** [Nákup a umisťování jednotek] the cost, the credits left, and where units go. */
export function buy(source, { units: wanted, credits: amount = C().starting_credits }) {
  payable(amount);
  const lines = [];
  for (const [name, count] of Object.entries(wanted)) {
    const u = unit(name, "units");
    counted(count, "units", "price");
    if (lines.some((line) => line.unit === u.name)) {
      fail("conquest/buy.unit-twice", { unit: u.name }, "units");
    }
    const ex = u.name === "Extractor";
    lines.push({ unit: u.name, count, unit_cost: u.cost, cost: u.cost * count,
      placement: ex ? "own-system-blue-hex" : "own-checkpoint",
      placement_rule: String(quote(ex ? "extractor-placement" : "placement")) });
  }
  const cost = sum(lines.map((l) => l.cost));
  if (cost > amount) {
    fail("conquest/buy.too-dear", { cost, credits: amount, quote: quote("price") }, "units");
  }
  const bought = lines.filter((l) => l.count).map((l) => msg("conquest.count", l));
  return answer({ cost, credits_left: amount - cost, purchases: lines },
    msg("conquest/buy.text", { bought: bought[0] ? join(bought) : msg("conquest/buy.nothing"),
      cost: credits(cost), left: credits(amount - cost) }));
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
function rank(factions, at) {
  if (!Array.isArray(factions) || !factions.length) fail("conquest/score.no-factions", {}, at);
  const parsed = factions.map((data, i) => {
    const where = `${at}.${i}`;
    const { name: raw = "", checkpoints = 0, units: counts = {} } = data;
    const name = String(raw).trim()
      || fail("conquest/score.nameless", { name: field("name") }, where);
    counted(checkpoints, `${where}.checkpoints`, "tie-break");
    const seen = new Set();
    let value = 0;
    let any = false;
    for (const [key, count] of Object.entries(counts)) {
      const u = unit(key, `${where}.units`);
      counted(count, `${where}.units`, "tie-break");
      if (seen.has(u.name)) {
        fail("conquest/score.unit-twice", { unit: u.name, name }, `${where}.units`);
      }
      seen.add(u.name);
      value += u.cost * count;
      any ||= count > 0;
    }
    return { name, checkpoints, unit_value: value, place: 0, eliminated: !checkpoints && !any };
  });
  if (new Set(parsed.map((f) => fold(f.name))).size < parsed.length) {
    fail("conquest/score.repeated", {}, at);
  }
  return place(parsed.sort((x, y) => y.checkpoints - x.checkpoints
    || y.unit_value - x.unit_value), (p, f) => p.checkpoints === f.checkpoints
    && p.unit_value === f.unit_value);
}

/** [Konec hry] the sector's ranking when the time runs out. */
export function score(source, { factions }) {
  const ranking = rank(factions, "factions");
  return answer({ ranking }, msg("conquest/score.text", { ranking: join(ranking.map((s) =>
    msg("conquest/score.standing", { ...s, value: credits(s.unit_value) })), "; ") }));
}

/** [Konec hry] each sector's winner, then the points of all sectors in the final order. */
export function winner(source, { sectors }) {
  if (!Array.isArray(sectors) || !sectors.length) fail("conquest/winner.no-sectors", {}, "sectors");
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
  return answer({ sectors: results, final,
    winners: final.filter((s) => s.place === 1).map((s) => s.name) },
  msg("conquest/winner.text", {
    sectors: join(results.map((r) => msg("conquest/winner.sector", { sector: r.sector,
      winner: r.winner ?? msg("conquest/winner.shared") }))),
    order: join(final.map((s) => msg("conquest/winner.standing", s)), "; ") }));
}

/** A trimmed name; a blank one is refused (a blank holder is no unoccupied checkpoint). */
function named(value, at) {
  const key = at.split(".").pop();
  return (typeof value === "string" && value.trim()) || fail("conquest.blank-name", {
    key: field(key), hint: key === "holder" ? msg("conquest.unoccupied-hint") : "" }, at);
}

/** [Vyhodnocení speciálních efektů] ships on unoccupied or enemy checkpoints leave the board
 * and gain them; a system's last checkpoint brings its Extractors to the captor. */
export function capture(source, { faction, ships, holdings = [] }) {
  const me = named(faction, "faction");
  const key = (owner, system) => JSON.stringify([fold(owner), fold(system)]);
  const held = new Map();
  const holdingsField = field("holdings");
  holdings.forEach((row, i) => {
    const at = `holdings.${i}.`;
    const [owner, system] = [named(row.faction, `${at}faction`), named(row.system, `${at}system`)];
    const { checkpoints = 0, extractors = 0 } = row;
    counted(checkpoints, `${at}checkpoints`, "system-lost");
    counted(extractors, `${at}extractors`, "system-lost");
    if (held.has(key(owner, system))) {
      fail("conquest/capture.holding-twice", { faction: owner, system,
        holdings: holdingsField }, "holdings");
    }
    held.set(key(owner, system), [owner, system, checkpoints, extractors]);
  });
  const taken = new Map(); // key → [holder, system as first written, checkpoints taken]
  const captures = ships.map((ship, i) => {
    const at = `ships.${i}.`;
    const u = unit(String(ship.unit ?? ""), `${at}unit`);
    if (u.name === "Extractor") {
      fail("conquest/capture.extractor", { quote: quote("extractor-placement") }, `${at}unit`);
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
    const [owner, system, n, ex] = held.get(key(holder, where))
      || fail("conquest/capture.holding-missing", { faction: holder, system: where,
        holdings: holdingsField, quote: quote("system-lost") }, "holdings");
    if (lost > n) {
      fail("conquest/capture.too-many", { faction: owner, system, n, lost,
        holdings: holdingsField, ships: field("ships") }, "holdings");
    }
    return { faction: owner, system, checkpoints_lost: lost, checkpoints_left: n - lost,
      system_lost: n === lost, extractors_lost: n === lost ? ex : 0 };
  });
  const removed = captures.filter((c) => c.ship_removed).length;
  const gained = sum(losses.map((l) => l.extractors_lost));
  return answer({ captures, ships_removed: removed, checkpoints_gained: removed, losses,
    extractors_gained: gained }, msg("conquest/capture.text", { faction: me, removed,
    gained: removed, extractors: gained, losses: join(losses.filter((l) => l.system_lost)
      .map((l) => msg("conquest/capture.system-lost", { ...l, n: l.extractors_lost })), "") }));
}

/** [Displacer] the teleport's timeline; a damaged Displacer cannot teleport. */
export function teleport(source, { turn, damage = 0, other_sector: other = false,
  target_sector_checkpoints: held = 0 }) {
  if (damage > 0) { // whatever the damage: this is the rule it breaks
    fail("conquest/teleport.damaged", { damage, quote: quote("damaged-displacer") }, "damage");
  }
  if (other && held < 1) {
    fail("conquest/teleport.no-checkpoint", { quote: quote("teleport-sector") },
      "target_sector_checkpoints");
  }
  const c = C();
  const [flip, removed] = [turn + c.flip_after, turn + c.removed_after];
  const T = "conquest/teleport.";
  const step = (at, event, params) => ({ turn: at, event,
    text: String(msg(T + event, { turn: at, ...params })) });
  return answer({ turn, flip_turn: flip, removed_turn: removed, acts_again_turn: removed,
    untargetable_until_turn: removed, handed_over: other, timeline: [
      step(turn, "teleported", { actions: c.teleport_actions }),
      step(flip, "token-flipped"),
      step(removed, "token-removed", { phase: c.unit_actions_phase })] },
  msg(`${T}text`, { turn, flip, removed, handed: other ? msg(`${T}handed-over`) : "" }));
}

// --- [Pohyb] -------------------------------------------------------------------------------

/** A hex [q, r] as given: two whole numbers within the map's bounds, else refused. */
function hexOf(place, at) {
  const [low, high] = C().coord;
  if (!Array.isArray(place) || place.length !== 2
    || !place.every((c) => Number.isInteger(c) && c >= low && c <= high)) {
    fail("conquest/move.not-a-hex", { field: field(at), low, high }, at);
  }
  return place;
}

const writtenHex = ([q, r]) => msg("conquest/move.hex", { q, r });
const neighbours = (a, b) => C().neighbours.some(([dq, dr]) => b[0] - a[0] === dq
  && b[1] - a[1] === dr);

/** [Pohyb] a unit's move on the hex map: at most its Pohyblivost steps, each to a neighbouring
 * hex, never through a ship, never ending on one: valid, or the first step that breaks a rule. */
export function move(source, { unit: name, path, ships = [] }) {
  const u = unit(name);
  const [low, high] = C().path;
  if (path.length < low || path.length > high) {
    fail("conquest/move.path-length", { low, high, count: path.length }, "path");
  }
  const hexes = path.map((place, i) => hexOf(place, `path.${i}`));
  for (let step = 1; step < hexes.length; step += 1) {
    if (!neighbours(hexes[step - 1], hexes[step])) {
      fail("conquest/move.not-adjacent", { step, start: writtenHex(hexes[step - 1]),
        end: writtenHex(hexes[step]) }, `path.${step}`);
    }
  }
  if (ships.length > C().ships) {
    fail("conquest/move.too-many-ships", { high: C().ships, count: ships.length }, "ships");
  }
  const occupied = new Set();
  ships.forEach((place, i) => {
    const ship = hexOf(place, `ships.${i}`);
    if (occupied.has(String(ship))) {
      fail("conquest/move.ship-twice", { hex: writtenHex(ship), quote: quote("one-ship-per-hex") },
        `ships.${i}`);
    }
    occupied.add(String(ship));
  });
  occupied.delete(String(hexes[0])); // the moving ship itself
  const steps = hexes.length - 1;
  let broken = null;
  for (let step = 1; step <= steps && !broken; step += 1) {
    const here = occupied.has(String(hexes[step]));
    const rule = step > u.movement ? "movement" : here && step === steps ? "one-ship-per-hex"
      : here ? "no-passing" : null;
    if (rule) broken = { step, hex: hexes[step], rule, quote: String(quote(rule)) };
  }
  const said = { unit: u.name, movement: u.movement, path: join(hexes.map(writtenHex), " → "),
    steps: msg("conquest.hexes", { n: steps }) };
  return answer({ unit: u.name, movement: u.movement, steps, start: hexes[0],
    end: hexes[steps], valid: !broken, broken },
  broken ? msg("conquest/move.broken", { ...said, step: broken.step, hex: writtenHex(broken.hex),
    quote: broken.quote }) : msg("conquest/move.text", said),
  { figure: hexMap(hexes, occupied, broken) });
}

/** The move drawn on the hexes around its path (pointy-top hexes, axial [q, r]): each step
 * numbered, the ships on them, the step that breaks a rule marked. An SVG of numbers only; its
 * name is the catalog's. */
function hexMap(hexes, occupied, broken) {
  const size = 14;
  /** @param {number[]} place axial [q, r] */
  const centre = ([q, r]) => [size * Math.sqrt(3) * (q + r / 2), size * 1.5 * r];
  const cells = new Map();
  for (const place of hexes) {
    for (const [dq, dr] of [[0, 0], ...C().neighbours]) {
      const cell = [place[0] + dq, place[1] + dr];
      cells.set(String(cell), cell);
    }
  }
  /** @param {number[]} point */
  const corners = ([x, y]) => [0, 1, 2, 3, 4, 5].map((i) => {
    const angle = (Math.PI / 180) * (60 * i - 30);
    return `${(x + size * Math.cos(angle)).toFixed(1)},${(y + size * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
  const points = [...cells.values()].map(centre);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [left, top] = [Math.min(...xs) - size, Math.min(...ys) - size];
  const [width, height] = [Math.max(...xs) + size - left, Math.max(...ys) + size - top];
  const stepOf = new Map(hexes.map((place, i) => [String(place), i]));
  const shapes = [...cells.values()].map((cell) => {
    const key = String(cell);
    const kind = [stepOf.has(key) && "is-path", occupied.has(key) && "is-ship",
      broken && String(broken.hex) === key && "is-broken"].filter(Boolean).join(" ");
    return `<polygon class="${kind}" points="${corners(centre(cell))}"/>`;
  });
  const line = hexes.map((place) => centre(place).map((v) => v.toFixed(1)).join(",")).join(" ");
  const labels = hexes.map((place, i) => {
    const [x, y] = centre(place);
    return `<text x="${x.toFixed(1)}" y="${(y + 3).toFixed(1)}">${i}</text>`;
  });
  return `<svg class="calculator__map" viewBox="${left.toFixed(1)} ${top.toFixed(1)} `
    + `${width.toFixed(1)} ${height.toFixed(1)}" role="img" aria-label="${msg("conquest/move.map")}">`
    + `${shapes.join("")}<polyline points="${line}"/>${labels.join("")}</svg>`;
}
