/* Olgoj Chorchoj, as rpg/olgoj_chorchoj/action_tokens.py: Engineering and action tokens. Nothing is rolled. */
import { R } from "./core/engine.js";
import { done, fail } from "./conquest.js";

/** [Inženýrství] each of the three scales 1 back, +5 tactical points; a 0 locks a slot. */
export function engineering(source, { products, tactical = 0 }) {
  const { scales, step, gain, quotes: q } = R.olgoj;
  if (products.length !== scales) {
    fail(`Zadej právě ${scales} stupnice produktů (zadáno ${products.length}): ${q.engineering}`,
      "products");
  }
  if (tactical < 0) fail(`Taktické body nemohou být záporné (${tactical}): ${q.engineering}`,
    "tactical");
  products.forEach((v, i) => v < step && fail(`Stupnice č. ${i + 1} je na ${v}: ukazatel už `
    + `není na počítadle a nelze ho posunout zpět. ${q["off-track"]}`, "products"));
  const after = products.map((v) => v - step);
  const zero = [];
  after.forEach((v, i) => v || zero.push(i + 1));
  const lock = zero.length ? `; ukazatele mimo počítadlo: ${zero.length}, tolik slotů pro `
    + "žetony akcí hráč zamkne – zamčené sloty nelze použít ani pro akce, ani pro uzdravování"
    : "";
  return done({ products: after, tactical: tactical + gain, must_lock_slots: zero.length,
    scales_at_zero: zero },
  `Inženýrství: produkty ${products.map((v, i) => `${v} → ${after[i]}`).join(", ")}; taktické `
    + `body ${tactical} + ${gain} = ${tactical + gain}${lock}.`);
}

/** [Získání žetonu akce] the face-up token, or the corner tokens; never both at once. */
export function tokens(source, { face_up_token: up, corner_match: corner, same_owner: same }) {
  const options = [];
  if (up) options.push({ kind: "face-up", tokens: 1, other_player_tokens: 0 });
  if (corner) {
    options.push({ kind: "corner", tokens: same ? 2 : 1, other_player_tokens: same ? 0 : 1 });
  }
  const words = { "face-up": "odkrytý žeton z místa výsadku (1)",
    corner: same ? "oba žetony z rohu (2)" : "žeton z rohu (1, druhý hráč také 1)" };
  const choose = options.length > 1;
  const text = !options.length ? "Výsadek nedává žádný žeton akce."
    : choose ? `Na výběr: ${words["face-up"]}, nebo ${words.corner} – ne obojí: `
      + R.olgoj.quotes["never-three"]
      : `Hráč získá ${words[options[0].kind]}.`;
  return done({ options, must_choose: choose,
    most_tokens: Math.max(0, ...options.map((o) => o.tokens)) }, text);
}
