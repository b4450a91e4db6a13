/* Olgoj Chorchoj (rpg/olgoj_chorchoj/action_tokens.py): the Engineering action and the action
 * tokens of a landing. Nothing is rolled; the words are the catalog's. The form already takes
 * exactly three scales, none below 0. */
import { join, msg } from "../core/catalog.js";
import { R, answer, fail } from "../core/engine.js";

const E = "olgoj-chorchoj/engineering.";
const T = "olgoj-chorchoj/tokens.";

/** [Inženýrství] each of the three scales 1 back, +5 tactical points; a 0 locks a slot. */
export function engineering(source, { products, tactical = 0 }) {
  const { step, gain } = R["olgoj_chorchoj/action_tokens"];
  products.forEach((value, i) => value < step && fail(`${E}off-track`, { index: i + 1, value,
    quote: msg("olgoj-chorchoj.quote.off-track") }, "products"));
  const after = products.map((v) => v - step);
  const zero = [];
  after.forEach((v, i) => v || zero.push(i + 1));
  return answer({ products: after, tactical: tactical + gain, must_lock_slots: zero.length,
    scales_at_zero: zero }, msg(`${E}text`, { tactical, gain, total: tactical + gain,
    products: join(products.map((before, i) => msg(`${E}scale`, { before, after: after[i] }))),
    locks: zero[0] ? msg(`${E}locks`, { n: zero.length }) : "" }));
}

/** How an option is worded: the face-up token, both corner tokens, or one each. */
const worded = (o) => msg(T + (o.kind === "face-up" ? o.kind
  : o.other_player_tokens ? "corner" : "corner-both"), { ...o, other: o.other_player_tokens });

/** [Získání žetonu akce] the face-up token, or the corner tokens; never both at once. */
export function tokens(source, { face_up_token: up, corner_match: corner, same_owner: same }) {
  const options = [];
  if (up) options.push({ kind: "face-up", tokens: 1, other_player_tokens: 0 });
  if (corner) {
    options.push({ kind: "corner", tokens: same ? 2 : 1, other_player_tokens: same ? 0 : 1 });
  }
  const [first, second] = options;
  return answer({ options, must_choose: !!second,
    most_tokens: Math.max(0, ...options.map((o) => o.tokens)) },
  second ? msg(`${T}choose`, { face_up: worded(first), corner: worded(second),
    quote: msg("olgoj-chorchoj.quote.never-three") })
    : msg(T + (first ? "only" : "none"), { option: first && worded(first) }));
}
