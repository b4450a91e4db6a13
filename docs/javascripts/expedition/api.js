/* The expedition pages' client of the API (/api/v1/expeditions).
 *
 * A link carries its key in the URL fragment (#<id>.<token>), which browsers never send to a
 * server: the token goes only into the Authorization header of the API's requests, so it is in no
 * access log or Referer. Once read, the page takes the fragment out of the address bar and out of
 * the tab's history entry (history.replaceState) and keeps the key in the tab's sessionStorage
 * (a reload still opens it; closing the tab forgets it); a new expedition's key never enters the
 * address at all. A link opened from a message is written to the browser's history by the
 * browser itself, as it was opened, before any page can act: the pages' text says so.
 *
 * Reads are conditional polls (If-None-Match): while nothing changes the server answers 304
 * from memory, and such polls are not rate-limited. A poll asks the server to hold its 304 until
 * the expedition changes (Prefer: wait, RFC 7240): a server that does says so
 * (Preference-Applied) and is asked again at once; one that does not is asked again after the
 * poll's interval. Every write carries an
 * Idempotency-Key and is sent again with the same key when the network failed: the server
 * answers a write it already did with that write's answer, never doing it twice.
 */

/** The site's root: this module lives in <root>/javascripts/expedition/. */
export const ROOT = new URL("../../", import.meta.url);
const BASE = new URL("api/v1/expeditions", ROOT).pathname;
/** Seconds a poll asks the server to hold its 304 until the expedition changes. */
export const WAIT_SECONDS = 25;

/** A path of the site (a rule's URL "/pravidla/…#…") under the site's root. */
export function sitePath(path) {
  return new URL(path.replace(/^\//, ""), ROOT).href;
}

/**
 * The link's key in the URL fragment (or in `fragment`), or null.
 * @param {string} [fragment]
 * @returns {{id: string, token: string} | null}
 */
export function keyFromFragment(fragment = window.location.hash) {
  const match = /^#?([\w-]{4,64})\.([\w-]{20,128})$/.exec(fragment);
  return match ? { id: match[1], token: match[2] } : null;
}

/** Where a tab keeps each page's key once it is out of the address (sessionStorage). */
const KEPT = {
  gm: "rpg-vyprava-gm", players: "rpg-vyprava-hraci", character: "rpg-vyprava-postava",
};

/** @typedef {"gm" | "players" | "character"} KeyPage  a page that opens by a link's key */

/**
 * Keep `key` for the page `page` in this tab (sessionStorage: gone with the tab).
 * @param {KeyPage} page
 * @param {{id: string, token: string}} key
 */
export function keepKey(page, key) {
  try {
    sessionStorage.setItem(KEPT[page], `${key.id}.${key.token}`);
  } catch { /* storage refused (a strict private mode): the page holds it in memory */ }
}

/**
 * Forget this tab's key of the page `page` (the expedition is gone, or the GM closed it here).
 * @param {KeyPage} page
 */
export function forgetKey(page) {
  try {
    sessionStorage.removeItem(KEPT[page]);
  } catch { /* nothing was kept */ }
}

/**
 * The page's key: from the link's fragment, which then leaves the address bar and the tab's
 * history entry (the key is kept in the tab), else the one this tab kept, else null. A new link
 * pasted into the address bar later changes only the fragment (no reload): it is opened too.
 * @param {KeyPage} page
 * @returns {{id: string, token: string} | null}
 */
export function takeKey(page) {
  const fromLink = keyFromFragment();
  window.addEventListener("hashchange", () => {
    const pasted = keyFromFragment();
    if (!pasted) return;
    keepKey(page, pasted);
    window.location.replace(window.location.pathname + window.location.search);
  });
  if (fromLink) {
    keepKey(page, fromLink);
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
    return fromLink;
  }
  return keptKey(page);
}

/**
 * The key this tab keeps for the page `page`, or null.
 * @param {KeyPage} page
 * @returns {{id: string, token: string} | null}
 */
export function keptKey(page) {
  try {
    return keyFromFragment(sessionStorage.getItem(KEPT[page]) || "");
  } catch {
    return null;
  }
}

/** Where this device lists the expeditions its GM created or opened (localStorage: kept across
 * tabs and restarts, so a lost chat message does not lose an expedition). */
const MINE = "rpg-vyprava-moje";
/** The most expeditions the list keeps (the longest unplayed leave it first). */
export const MINE_MAX = 20;

/**
 * @typedef {{id: string, token: string, name: string, played: string, players: string | null}}
 *   Mine  one expedition of the list: its key, name, when it was last played (ISO 8601), and its
 *   players' link once known
 */

/** @param {any} item */
const isMine = (item) => item !== null && typeof item === "object"
  && keyFromFragment(`${item.id}.${item.token}`) !== null && typeof item.name === "string"
  && typeof item.played === "string" && !Number.isNaN(Date.parse(item.played))
  && (item.players === null || typeof item.players === "string");

/**
 * The expeditions this device's GM created or opened, the last played first.
 * @returns {Mine[]}
 */
export function myExpeditions() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE) || "[]");
    return Array.isArray(list) ? list.filter(isMine) : [];
  } catch {
    return [];  // unreadable or storage refused: nothing listed
  }
}

/** @param {Mine[]} list */
function keepMine(list) {
  list.sort((a, b) => Date.parse(b.played) - Date.parse(a.played));
  try {
    localStorage.setItem(MINE, JSON.stringify(list.slice(0, MINE_MAX)));
  } catch { /* storage refused (a strict private mode): the list stays as it was */ }
}

/**
 * Put one expedition on the list, or say more of one already on it (a later play, its name
 * changed, its players' link).
 * @param {{id: string, token: string} & Partial<Mine>} expedition
 */
export function rememberMine(expedition) {
  const list = myExpeditions();
  const known = list.find((item) => item.id === expedition.id);
  const item = { name: "", played: new Date(0).toISOString(), players: null, ...known,
    ...expedition };
  keepMine([item, ...list.filter((other) => other.id !== expedition.id)]);
}

/**
 * Take one expedition off the list (the expedition itself stays: its links still open it).
 * @param {string} id
 */
export function forgetMine(id) {
  keepMine(myExpeditions().filter((item) => item.id !== id));
}

/**
 * The link that opens `key` on this page (what the GM copies to another device).
 * @param {{id: string, token: string}} key
 * @returns {string}
 */
export function linkTo(key) {
  return `${window.location.origin}${window.location.pathname}#${key.id}.${key.token}`;
}

/**
 * The link of a character's page (/vyprava/postava/) opening with `key`: what the GM sends the
 * character's player.
 * @param {{id: string, token: string}} key
 * @returns {string}
 */
export function characterLinkTo(key) {
  return `${sitePath("/vyprava/postava/")}#${key.id}.${key.token}`;
}

/** The server refused: its error envelope (message in the page's language). */
export class Refused extends Error {
  constructor(status, envelope) {
    super(envelope && envelope.message ? envelope.message : `HTTP ${status}`);
    this.status = status;
    this.envelope = envelope;
  }
}

/** The server could not be reached. */
export class Unreachable extends Error {}

/** Seconds to wait before each resend of a write whose answer never came. */
const RESEND_AFTER = [1, 3];

/**
 * A new Idempotency-Key: 128 random bits in hex (getRandomValues works on a LAN's plain http,
 * where crypto.randomUUID does not).
 * @returns {string}
 */
function idempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * One request of the API; a write (`once`) carries an Idempotency-Key and is sent again with
 * it when the network failed, at most twice.
 * @param {string} method
 * @param {string} path
 * @param {{token?: string, body?: unknown, etag?: string | null, once?: boolean,
 *   wait?: number, signal?: AbortSignal}} [options]
 * @returns {Promise<{status: number, data?: any, etag: string | null, headers?: Headers,
 *   waited?: boolean}>}
 */
async function call(method, path, { token, body, etag, once = false, wait = 0, signal } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json", "Accept-Language": "cs" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers["If-None-Match"] = etag;
  if (etag && wait) headers.Prefer = `wait=${wait}`;
  if (once) headers["Idempotency-Key"] = idempotencyKey();
  for (const seconds of RESEND_AFTER) {
    try {
      return await send(method, path, headers, body, etag, signal);
    } catch (error) {
      if (!once || !(error instanceof Unreachable)) throw error;
      await new Promise((resolve) => { setTimeout(resolve, seconds * 1000); });
    }
  }
  return send(method, path, headers, body, etag, signal);
}

/**
 * One request sent once: its answer (a 304 keeps `etag`, and says whether the server held it
 * until its wait ended: `waited`), or Refused, or Unreachable (an AbortError when `signal`
 * aborted it).
 * @param {string} method
 * @param {string} path
 * @param {Record<string, string>} headers
 * @param {unknown} body
 * @param {string | null | undefined} etag
 * @param {AbortSignal} [signal]
 * @returns {Promise<{status: number, data?: any, etag: string | null, headers?: Headers,
 *   waited?: boolean}>}
 */
async function send(method, path, headers, body, etag, signal) {
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method, headers, cache: "no-store", signal,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Unreachable(String(error));
  }
  if (response.status === 304) {
    return { status: 304, etag, waited: response.headers.has("Preference-Applied") };
  }
  // A chronicle is Markdown; everything else (an error too) is JSON.
  const markdown = response.ok
    && (response.headers.get("Content-Type") || "").startsWith("text/markdown");
  const data = markdown ? await response.text() : await response.json().catch(() => null);
  if (!response.ok) throw new Refused(response.status, data);
  return { status: response.status, data, etag: response.headers.get("ETag"),
    headers: response.headers };
}

export const expeditions = {
  create: (body) => call("POST", "", { body, once: true }),
  importExport: (document) => call("POST", "/import", { body: document, once: true }),
  /** A conditional read that asks to be held until a change (`wait` seconds); `signal` ends
   * it early.
   * @param {{id: string, token: string}} key
   * @param {string | null} etag
   * @param {number} [entries]
   * @param {{wait?: number, signal?: AbortSignal}} [options] */
  read: (key, etag, entries = 30, { wait = 0, signal = undefined } = {}) => call(
    "GET", `/${key.id}?entries=${entries}`, { token: key.token, etag, wait, signal }),
  log: (key, before) => call("GET", `/${key.id}/log?limit=50&before=${before}`,
    { token: key.token }),
  act: (key, kind, body) => call("POST", `/${key.id}/actions/${kind}`,
    { token: key.token, body, once: true }),
  /** A write of the GM's beside the actions (`which`): "undo" the newest action in effect,
   * "redo" what the newest undo took back, "reveal-key", "reveal-entry" and "apply" (`body`
   * names the entry). */
  write: (key, which, version, body = {}) => call("POST", `/${key.id}/${which}`,
    { token: key.token, body: { version, ...body }, once: true }),
  playersLink: (key) => call("GET", `/${key.id}/players-link`, { token: key.token }),
  rotate: (key) => call("POST", `/${key.id}/players-link`, { token: key.token, body: {} }),
  exported: (key) => call("GET", `/${key.id}/export`, { token: key.token }),
  chronicle: (key) => call("GET", `/${key.id}/chronicle`, { token: key.token }),
  characterLinks: (key) => call("GET", `/${key.id}/character-links`, { token: key.token }),
  /** A new link for `character` (its token is in this answer only). */
  issueCharacterLink: (key, character) => call("POST", `/${key.id}/character-links`,
    { token: key.token, body: { character }, once: true }),
  revokeCharacterLink: (key, id) => call("DELETE", `/${key.id}/character-links/${id}`,
    { token: key.token }),
  /** A character link's roll `kind` for its character. */
  characterRoll: (key, kind, body) => call("POST", `/${key.id}/character/${kind}`,
    { token: key.token, body, once: true }),
};

/**
 * Follow the expedition: each poll asks the server to hold it until a change (WAIT_SECONDS);
 * after a held poll or a change the next goes at once, else after `interval` ms (10 s while the
 * page is hidden, at once when it is shown again). `onState` gets each changed answer. Returns
 * `refresh(again)`.
 */
export function poll(key, { onState, onOnline, onOffline, onGone, interval = 1500 }) {
  let etag = null;
  let timer = null;
  let running = null;
  let waiting = null;
  async function tick() {
    clearTimeout(timer);
    let soon = false;
    waiting = new AbortController();
    try {
      const answer = await expeditions.read(key, etag, 30,
        { wait: WAIT_SECONDS, signal: waiting.signal });
      onOnline();
      soon = answer.status !== 304 || Boolean(answer.waited);
      if (answer.status !== 304) {
        etag = answer.etag;
        onState(answer.data);
      }
    } catch (error) {
      if (waiting.signal.aborted) return;  // a full read follows (refresh(true))
      if (error instanceof Refused && error.status === 404) {
        onGone(error);
        return;
      }
      onOffline(error);
    }
    timer = setTimeout(refresh, soon ? 0 : document.hidden ? 10000 : interval);
  }
  /** Poll now; `again`: a full read even if a poll is under way (it may predate a change, and
   * may be held until the next: it is ended). */
  function refresh(again = false) {
    if (running && again) {
      waiting?.abort();
      return running.then(() => refresh(true));
    }
    if (again) etag = null;
    if (!running) running = tick().finally(() => { running = null; });
    return running;
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  window.addEventListener("online", () => refresh());
  refresh();
  return { refresh };
}
