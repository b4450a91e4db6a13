/* The log's hash chain as the players' page checks it, and the head it remembers on the device.
 *
 * Every entry carries `hash` = SHA-256 (hex) of the previous entry's hash, a newline and the
 * entry's public form (the entry as the players' link reads it in Czech, without `hash`) in
 * RFC 8785 canonical JSON (the `canonicalize` package, bundled with the page by the site build):
 * the site's page /vyprava/poctivost/ words the scheme. The page checks that each entry it holds
 * links to the one before it, and that the log extends the last head (`{seq, hash}`) it verified
 * on this device: the remembered entry has the same hash, and every entry after it links on to the
 * log's head. Only then does the remembered head move on; a log that no longer extends it is
 * named, entry and hashes, and the remembered head stays where it was.
 *
 * The first entry's predecessor (the chain's id) is in an export, not in a read: the verification
 * page checks it; this page checks what a read can show.
 */
import canonicalize from "canonicalize";

/** Where this device keeps the last head it verified of each expedition (localStorage). */
const REMEMBERED = "rpg-vyprava-overeno";
/** The most expeditions whose head a device keeps (the longest unread leave it first). */
export const REMEMBERED_MAX = 50;
/** The most entries the page reads back to reach the remembered head (2 × 5 pages of 50 a
 * second at most); beyond that it checks the remembered entry when the reader pages to it. */
export const GAP_MAX = 500;

/** @typedef {{seq: number, hash: string}} Head  an entry's number and hash */
/** @typedef {Head & {at: string}} Kept  a remembered head and when it was verified */
/**
 * @typedef {{verified: Head}
 *   | {broken: "changed" | "shorter" | "link" | "reread", seq: number, was: string,
 *      now: string, head: Head}
 *   | {behind: number, verified: Head}} Verdict
 *   the log extends the remembered head up to `verified`; or it does not (`broken`: why, the
 *   entry, the hash remembered or stated and the one found or computed); or the remembered head
 *   lies more than GAP_MAX entries back (`behind`: how many came since)
 */

/**
 * SHA-256 of `text`'s UTF-8 bytes, lowercase hex (WebCrypto).
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function sha256hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * An entry's public form: the entry as read, without its `hash`.
 * @param {Record<string, unknown>} entry
 * @returns {Record<string, unknown>}
 */
function publicForm(entry) {
  return Object.fromEntries(Object.entries(entry).filter(([name]) => name !== "hash"));
}

/**
 * The hash of `entry` after the entry whose hash is `previous`.
 * @param {string} previous
 * @param {Record<string, unknown>} entry
 * @returns {Promise<string>}
 */
export function linkedHash(previous, entry) {
  return sha256hex(`${previous}\n${canonicalize(publicForm(entry))}`);
}

/** Whether this browser can hash (WebCrypto is there on https and on localhost only). */
export function canHash() {
  return Boolean(globalThis.crypto && crypto.subtle);
}

/** @returns {Record<string, Kept>} */
function allKept() {
  try {
    const kept = JSON.parse(localStorage.getItem(REMEMBERED) || "{}");
    return kept !== null && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};  // unreadable or storage refused: nothing remembered
  }
}

/**
 * The last head this device verified of the expedition `id`, or null.
 * @param {string} id
 * @returns {Head | null}
 */
export function rememberedHead(id) {
  const kept = allKept()[id];
  return kept && Number.isInteger(kept.seq) && kept.seq > 0 && typeof kept.hash === "string"
    && /^[0-9a-f]{64}$/.test(kept.hash) ? { seq: kept.seq, hash: kept.hash } : null;
}

/**
 * Remember `head` as the last head verified of the expedition `id`.
 * @param {string} id
 * @param {Head} head
 */
export function rememberHead(id, head) {
  const kept = { ...allKept(), [id]: { seq: head.seq, hash: head.hash, at: new Date().toISOString() } };
  const newest = Object.entries(kept)
    .sort(([, a], [, b]) => String(b.at).localeCompare(String(a.at))).slice(0, REMEMBERED_MAX);
  try {
    localStorage.setItem(REMEMBERED, JSON.stringify(Object.fromEntries(newest)));
  } catch { /* storage refused (a strict private mode): the page verifies each visit afresh */ }
}

/**
 * The entries of one expedition as read (in Czech, with the players' link) and what is known of
 * their links: each entry the page holds is checked against the one before it once both are held.
 */
export class ChainCheck {
  /** @param {string} id  the expedition's id (where its head is remembered) */
  constructor(id) {
    this.id = id;
    /** @type {Map<number, {hash: string, form: string, entry: Record<string, any>}>} */
    this.held = new Map();
    /** @type {Map<number, string>} each held entry's hash computed from its predecessor's */
    this.computed = new Map();
    /** @type {{seq: number, was: string, now: string} | null} an entry read again, changed */
    this.reread = null;
  }

  /**
   * Hold `entries` as read (a read's newest entries or an older page of the log); an entry read
   * again with another hash or another form is a change no one may make.
   * @param {Record<string, any>[]} entries
   */
  hold(entries) {
    for (const entry of entries) {
      const form = canonicalize(publicForm(entry));
      const known = this.held.get(entry.seq);
      if (known && (known.hash !== entry.hash || known.form !== form)) {
        this.reread ??= { seq: entry.seq, was: known.hash, now: entry.hash };
        continue;  // the first reading stays: the change is named, not taken in
      }
      if (!known) this.held.set(entry.seq, { hash: entry.hash, form, entry });
    }
  }

  /** The oldest held entry's seq (Infinity when none is held). */
  oldest() {
    return this.held.size ? Math.min(...this.held.keys()) : Infinity;
  }

  /**
   * The first held entry (from the oldest) whose hash is not the one computed from its held
   * predecessor: its seq, its stated and its computed hash; or null.
   * @returns {Promise<{seq: number, was: string, now: string} | null>}
   */
  async firstBadLink() {
    for (const seq of [...this.held.keys()].sort((a, b) => a - b)) {
      const before = this.held.get(seq - 1);
      if (!before) continue;
      const entry = this.held.get(seq);
      if (!this.computed.has(seq)) {
        this.computed.set(seq, await linkedHash(before.hash, entry.entry));
      }
      if (this.computed.get(seq) !== entry.hash) {
        return { seq, was: entry.hash, now: this.computed.get(seq) };
      }
    }
    return null;
  }

  /**
   * Whether the log whose head is `head` extends `remembered` (null: nothing verified on this
   * device yet, the held entries are taken as they are), from what the page holds; `older(before)`
   * reads the entries before `before` (a page of the log, newest first), asked until the
   * remembered entry is held when it lies at most GAP_MAX entries back.
   * @param {Head} head
   * @param {Head | null} remembered
   * @param {(before: number) => Promise<{entries: Record<string, any>[], next_before: number | null} | null>} older
   * @returns {Promise<Verdict>}
   */
  async verdict(head, remembered, older) {
    if (remembered && remembered.seq > head.seq) {
      return { broken: "shorter", seq: remembered.seq, was: remembered.hash, now: "", head };
    }
    const from = remembered ? remembered.seq : Math.min(this.oldest(), head.seq);
    const far = this.oldest() - from > GAP_MAX;
    while (!far && !this.reread && from < this.oldest()) {
      const before = this.oldest();
      const page = await older(before);
      if (page) this.hold(page.entries);
      if (this.oldest() >= before) break;  // nothing older came (offline): checked as far as held
    }
    if (this.reread) return { broken: "reread", ...this.reread, head };
    const bad = await this.firstBadLink();
    if (bad) return { broken: "link", ...bad, head };
    const newest = this.held.get(head.seq);
    if (newest && newest.hash !== head.hash) {
      return { broken: "link", seq: head.seq, was: head.hash, now: newest.hash, head };
    }
    if (remembered) {
      const seen = this.held.get(remembered.seq);
      if (!seen) return { behind: head.seq - remembered.seq, verified: remembered };
      if (seen.hash !== remembered.hash) {
        return { broken: "changed", seq: remembered.seq, was: remembered.hash, now: seen.hash,
          head };
      }
    }
    for (let seq = from; seq <= head.seq; seq += 1) {
      // A hole between the remembered head and the log's head (a page not read): verified up
      // to the remembered head.
      if (!this.held.has(seq)) return { verified: remembered || head };
    }
    return { verified: head };
  }
}
