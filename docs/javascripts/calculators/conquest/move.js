/* Dobývání soustav, [Pohyb] (rpg/conquest/move.py). */
import { field, join, msg } from "../core/catalog.js";
import { R, answer, fail } from "../core/engine.js";
import { quote, unit } from "./game.js";


const M = () => R["conquest/move"];

/** A hex [q, r] as given: two whole numbers within the map's bounds, else refused. */
function hexOf(place, at) {
  const [low, high] = M().coord;
  if (!Array.isArray(place) || place.length !== 2
    || !place.every((c) => Number.isInteger(c) && c >= low && c <= high)) {
    fail("conquest/move.not-a-hex", { field: field(at), low, high }, at);
  }
  return place;
}

const writtenHex = ([q, r]) => msg("conquest/move.hex", { q, r });
const neighbours = (a, b) => M().neighbours.some(([dq, dr]) => b[0] - a[0] === dq
  && b[1] - a[1] === dr);

/** [Pohyb] a unit's move on the hex map: at most its Pohyblivost steps, each to a neighbouring
 * hex, never through a ship, never ending on one: valid, or the first step that breaks a rule. */
export function move(source, { unit: name, path, ships = [] }) {
  const u = unit(name);
  const [low, high] = M().path;
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
  if (ships.length > M().ships) {
    fail("conquest/move.too-many-ships", { high: M().ships, count: ships.length }, "ships");
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
    for (const [dq, dr] of [[0, 0], ...M().neighbours]) {
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
