/* The verifier of an expedition's export: the proof of fair rolls, checked on the reader's device.
 *
 * Pure functions (no page): given the export (GET /api/v1/expeditions/<id>/export, or its file),
 * it checks, in order of seq, the numbering and each entry's hash (SHA-256 over the previous hash,
 * a newline and the entry's public form in RFC 8785 canonical JSON; the first predecessor is the
 * chain's id), the start's commitment, each revealed key against its epoch's commitment, each
 * revealed hidden entry against its seal; then each step of every entry it can read: a drawn
 * seed against HMAC-SHA256 under its epoch's key (once the key is revealed), the dice the seed
 * gives (Python's random.Random, pyrandom.js) against the answer's rolls, and the step replayed
 * by the calculators' own procedure (replay.js, given by the caller) against the answer's result.
 * The exact algorithm is the contract's (the site's page /vyprava/poctivost/ explains it).
 *
 * The answer: how many rolls each check covered, or the first entry that fails and why (a
 * catalog message; the integrity of the chain is checked whole before any roll).
 */
import canonicalize from "canonicalize";

import { msg, t } from "../calculators/core/catalog.js";
import { PythonRandom } from "./pyrandom.js";

/** @typedef {import("../calculators/core/catalog.js").Message} Message */

/** The export's format, as the API writes it (api/expeditions/transfer.py). */
export const FORMAT = "rpg-companion/expedition";
export const FORMAT_VERSION = 2;

/**
 * How many rolls (steps) and entries each check covered.
 * @typedef {{entries: number, drawn: number, physical: number, seeded: number, hidden: number,
 *   waiting: number, unreplayed: number, mismatches: number}} Counts
 */

/**
 * The verifier's answer: the counts, and the first failure (null when every check passed).
 * @typedef {{ok: boolean, counts: Counts, failure: {seq: number | null, why: Message} | null}}
 *   Verdict
 */

/**
 * A step replayed by its procedure with these dice: null when the procedure has no calculator,
 * else whether it gives the answer's result (`where` names the first difference, `message` the
 * rule's refusal).
 * @typedef {(answer: any, dice: number[]) => Promise<{ok: boolean, where?: string,
 *   message?: string} | null>} Replay
 */

const encoder = new TextEncoder();

/** An entry failed a check: its seq and why. */
class Failed extends Error {
  /**
   * @param {number | null} seq
   * @param {Message} why
   */
  constructor(seq, why) {
    super(String(why));
    this.seq = seq;
    this.why = why;
  }
}

/** A step could not be replayed for want of the page's own code (a module that did not load):
 * not the entry's fault, so no entry is named. */
export class ReplayUnavailable extends Error {}

/** @param {ArrayBuffer | Uint8Array} bytes */
const hexOf = (bytes) => Array.from(new Uint8Array(bytes),
  (byte) => byte.toString(16).padStart(2, "0")).join("");

/**
 * @param {unknown} text
 * @param {number} length
 * @returns {text is string}
 */
const isHex = (text, length) => typeof text === "string" && text.length === length
  && /^[0-9a-f]*$/.test(text);

/** @param {string} hex */
const bytesOf = (hex) => Uint8Array.from(hex.match(/../g) || [], (pair) => parseInt(pair, 16));

/**
 * Lowercase hex of SHA-256 of `data` (a string is encoded as UTF-8).
 * @param {string | Uint8Array} data
 */
export async function sha256hex(data) {
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  return hexOf(await crypto.subtle.digest("SHA-256", /** @type {BufferSource} */ (bytes)));
}

/**
 * An entry's public form: the entry as read, without its hash.
 * @param {Record<string, any>} entry
 */
export function publicForm(entry) {
  const { hash, ...form } = entry; // eslint-disable-line no-unused-vars
  return form;
}

/**
 * The hash of `entry` after the hash `previous` (the chain's id before the first entry).
 * @param {string} previous
 * @param {Record<string, any>} entry
 */
export const entryHash = (previous, entry) => sha256hex(
  `${previous}\n${canonicalize(publicForm(entry))}`);

/**
 * A drawn step's seed: the first 8 bytes of HMAC-SHA256(key, message), big-endian, >> 11.
 * @param {CryptoKey} key
 * @param {string} message `<chain_id>/<seq>/<step>` (and `/<nonce>` in a hidden entry)
 * @returns {Promise<bigint>}
 */
export async function drawnSeed(key, message) {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  let value = 0n;
  for (const byte of mac.subarray(0, 8)) value = (value << 8n) | BigInt(byte);
  return value >> 11n;
}

/**
 * An epoch's key (64 hex characters) as an HMAC-SHA256 key.
 * @param {string} hex
 */
export const hmacKey = (hex) => crypto.subtle.importKey(
  "raw", bytesOf(hex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);

/**
 * The dice `seed` gives for dice of these `faces`, in order (randrange(faces) + 1 each).
 * @param {number | bigint} seed
 * @param {number[]} faces
 */
export function diceOfSeed(seed, faces) {
  const random = new PythonRandom(seed);
  return faces.map((face) => Number(random.randrange(face)) + 1);
}

const DICE = /(\d*)d(\d+|%)/g;

/**
 * The faces of each die a roll's notation names, term by term ("1d8+1d6+2" → [8, 6],
 * "2d20kh1" → [20, 20], "d%" → [100]).
 * @param {string} notation
 */
export function facesOf(notation) {
  return [...String(notation).matchAll(DICE)].flatMap(([, count, faces]) => Array.from(
    { length: Math.min(Number(count || 1), 1000) }, () => (faces === "%" ? 100 : Number(faces))));
}

/**
 * @param {any[]} a
 * @param {any[]} b
 */
const same = (a, b) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Whether `document` is an export of this format (the verifier checks nothing else).
 * @param {any} document
 */
export const isExport = (document) => document !== null && typeof document === "object"
  && document.format === FORMAT && document.format_version === FORMAT_VERSION
  && typeof document.chain_id === "string" && Array.isArray(document.log);

/**
 * Check the export `document`: the chain, the keys and seals, then every roll it can read.
 * @param {any} document
 * @param {Replay | null} [replay] the calculators' replay of a step (replay.js); without it no
 *   result is replayed (each step is counted as one without a calculator)
 * @returns {Promise<Verdict>}
 */
export async function verifyExport(document, replay = null) {
  /** @type {Counts} */
  const counts = { entries: 0, drawn: 0, physical: 0, seeded: 0, hidden: 0, waiting: 0,
    unreplayed: 0, mismatches: 0 };
  if (!isExport(document)) {
    return { ok: false, counts, failure: { seq: null, why: msg("verify.not-export") } };
  }
  try {
    const { keys, revealed } = await checkChain(document);
    counts.entries = document.log.length;
    await checkRolls(document, keys, revealed, counts, replay);
    return { ok: true, counts, failure: null };
  } catch (error) {
    if (!(error instanceof Failed)) throw error;
    counts.mismatches += 1;
    return { ok: false, counts, failure: { seq: error.seq, why: error.why } };
  }
}

/**
 * Run `check` on the entry `seq`; an entry whose members are not what the format says fails.
 * @template T
 * @param {number} seq
 * @param {() => Promise<T>} check
 * @returns {Promise<T>}
 */
async function onEntry(seq, check) {
  try {
    return await check();
  } catch (error) {
    if (error instanceof Failed || error instanceof ReplayUnavailable) throw error;
    throw new Failed(seq, msg("verify.malformed"));
  }
}

/**
 * The chain in order of seq: numbering, hashes, the start's commitment, each revealed key and
 * each revealed hidden entry. Returns the revealed keys (epoch → hex) and hidden entries.
 * @param {any} document
 */
async function checkChain(document) {
  const log = document.log;
  /** @type {Map<number, string>} */
  const commitments = new Map();
  /** @type {Map<number, string>} */
  const keys = new Map();
  /** @type {Map<number, {nonce: string, entry: any}>} */
  const revealed = new Map();
  let previous = document.chain_id;
  let epoch = 1;
  if (!log.length) throw new Failed(null, msg("verify.start"));
  for (const [index, entry] of log.entries()) {
    const position = index + 1;
    const seq = entry !== null && typeof entry === "object" ? entry.seq : undefined;
    if (seq !== position) {  // named by the place: the entry that should stand there
      throw new Failed(position, msg("verify.numbering", { seq: String(seq) }));
    }
    await onEntry(seq, async () => {
      const hash = await entryHash(previous, entry);
      if (hash !== entry.hash) throw new Failed(seq, msg("verify.hash"));
      previous = hash;
      if (seq === 1) {
        const { commitment } = entry;
        if (entry.kind !== "start" || commitment?.epoch !== 1 || commitment.from_seq !== 1
          || !isHex(commitment.sha256, 64)) throw new Failed(seq, msg("verify.start"));
        commitments.set(1, commitment.sha256);
      }
      if (entry.epoch !== epoch) {
        throw new Failed(seq, msg("verify.epoch", { epoch: String(entry.epoch), expected: epoch }));
      }
      if (entry.kind === "reveal-key") {
        const { revealed: key, commitment } = entry;
        if (key?.epoch !== epoch || !isHex(key.key, 64)
          || await sha256hex(bytesOf(key.key)) !== commitments.get(epoch)) {
          throw new Failed(seq, msg("verify.key", { epoch }));
        }
        keys.set(epoch, key.key);
        if (commitment?.epoch !== epoch + 1 || commitment.from_seq !== seq + 1
          || !isHex(commitment.sha256, 64)) {
          throw new Failed(seq, msg("verify.commitment", { epoch: epoch + 1, from_seq: seq + 1 }));
        }
        commitments.set(epoch + 1, commitment.sha256);
        epoch += 1;
      }
      if (entry.kind === "reveal-entry") {
        const { seq: target, nonce, entry: full } = entry.reveals;
        const stub = Number.isInteger(target) && target >= 1 && target < seq ? log[target - 1]
          : null;
        if (stub?.kind !== "hidden" || stub.hidden !== true || revealed.has(target)) {
          throw new Failed(seq, msg("verify.not-hidden", { target: String(target) }));
        }
        if (!isHex(nonce, 32) || full?.seq !== target || full.epoch !== stub.epoch
          || await sha256hex(`${nonce}\n${canonicalize(full)}`) !== stub.sealed) {
          throw new Failed(seq, msg("verify.sealed", { target }));
        }
        revealed.set(target, { nonce, entry: full });
      }
    });
  }
  const last = log[log.length - 1];
  if (document.head && (document.head.seq !== last.seq || document.head.hash !== last.hash)) {
    throw new Failed(last.seq, msg("verify.head"));
  }
  return { keys, revealed };
}

/**
 * Every step of every entry a player can read (a hidden one once revealed), in order of seq.
 * @param {any} document
 * @param {Map<number, string>} keys
 * @param {Map<number, {nonce: string, entry: any}>} revealed
 * @param {Counts} counts
 * @param {Replay | null} replay
 */
async function checkRolls(document, keys, revealed, counts, replay) {
  /** @type {Map<number, Promise<CryptoKey>>} */
  const hmacKeys = new Map();
  for (const entry of document.log) {
    let form = entry;
    let suffix = "";
    if (entry.kind === "hidden") {
      const shown = revealed.get(entry.seq);
      if (!shown) {
        counts.hidden += 1;
        continue;
      }
      form = shown.entry;
      suffix = `/${shown.nonce}`;
    }
    await onEntry(entry.seq, async () => {
      const { steps, answers } = form;
      if (steps.length !== answers.length) throw new Failed(entry.seq, msg("verify.steps"));
      // A seed given to the action: each of its steps' seeds is the next 53-bit draw from it.
      const given = Number.isSafeInteger(form.seed) ? new PythonRandom(form.seed) : null;
      for (const [index, step] of steps.entries()) {
        const answer = answers[index];
        const number = index + 1;
        if (step.procedure !== answer.procedure) throw new Failed(entry.seq, msg("verify.steps"));
        const dice = answer.rolls.flatMap((/** @type {any} */ rolled) => rolled.results);
        const faces = [];
        for (const rolled of answer.rolls) {
          const each = facesOf(rolled.notation);
          if (each.length !== rolled.results.length) {
            throw new Failed(entry.seq, msg("verify.notation",
              { step: number, notation: String(rolled.notation) }));
          }
          faces.push(...each);
        }
        if (step.origin === "drawn" || step.origin === "seed") {
          if (!Number.isSafeInteger(step.seed) || step.seed < 0) {
            throw new Failed(entry.seq, msg("verify.malformed"));
          }
          if (step.origin === "seed") {
            if (given && BigInt(given.randrange(2 ** 53)) !== BigInt(step.seed)) {
              throw new Failed(entry.seq, msg("verify.given-seed", { step: number }));
            }
            counts.seeded += 1;
          } else if (keys.has(form.epoch)) {
            if (!hmacKeys.has(form.epoch)) hmacKeys.set(form.epoch, hmacKey(keys.get(form.epoch)));
            const expected = await drawnSeed(await hmacKeys.get(form.epoch),
              `${document.chain_id}/${form.seq}/${index}${suffix}`);
            if (expected !== BigInt(step.seed)) {
              throw new Failed(entry.seq, msg("verify.seed", { step: number, epoch: form.epoch }));
            }
            counts.drawn += 1;
          } else {
            counts.waiting += 1;
          }
          if (answer.seed !== step.seed) {
            throw new Failed(entry.seq, msg("verify.answer-seed", { step: number }));
          }
          const derived = diceOfSeed(step.seed, faces);
          if (!same(derived, dice)) {
            throw new Failed(entry.seq, msg("verify.dice",
              { step: number, given: dice.join(", "), expected: derived.join(", ") }));
          }
        } else if (step.origin === "dice") {
          if (!Array.isArray(step.dice) || !same(step.dice, dice)) {
            throw new Failed(entry.seq, msg("verify.table-dice", { step: number,
              given: Array.isArray(step.dice) ? step.dice.join(", ") : "—",
              expected: dice.join(", ") }));
          }
          counts.physical += 1;
        } else {
          throw new Failed(entry.seq, msg("verify.origin", { step: number }));
        }
        const replayed = replay ? await replay(answer, dice) : null;
        if (replayed === null) {
          counts.unreplayed += 1;
        } else if (replayed.message !== undefined) {
          throw new Failed(entry.seq, msg("verify.replay-refused",
            { step: number, message: replayed.message.replace(/\.$/, "") }));
        } else if (!replayed.ok) {
          throw new Failed(entry.seq, msg("verify.replay", { step: number, where: replayed.where }));
        }
      }
    });
  }
}

/**
 * The verdict in words: a headline, then, when every check passed, one line for each count (the
 * rolls without a calculator only when there are some); a failure is its headline alone.
 * @param {Verdict} verdict
 * @returns {{headline: string, lines: string[]}}
 */
export function inWords({ ok, counts, failure }) {
  if (!ok) {
    return { headline: failure.seq === null ? String(failure.why)
      : t("verify.failed", { seq: failure.seq, why: failure.why }), lines: [] };
  }
  const shown = ["entries", "drawn", "physical", "seeded", "hidden", "waiting", "unreplayed",
    "mismatches"].filter((name) => name !== "unreplayed" || counts.unreplayed);
  return { headline: t("verify.ok"),
    lines: shown.map((name) => t(`verify.${name}`, { n: counts[name] })) };
}
