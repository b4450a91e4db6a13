/* The expedition pages' client of the API (/api/v1/expeditions).
 *
 * A link carries its key in the URL fragment (#<id>.<token>), which browsers never send to a
 * server: the token goes only into the Authorization header of the API's requests, so it is in no
 * access log, history entry or Referer. Reads are conditional polls (If-None-Match): while nothing
 * changes the server answers 304 after one indexed read, and such polls are not rate-limited.
 */

/** The site's root: this module lives in <root>/javascripts/expedition/. */
export const ROOT = new URL("../../", import.meta.url);
const BASE = new URL("api/v1/expeditions", ROOT).pathname;

/** A path of the site (a rule's URL "/pravidla/…#…") under the site's root. */
export function sitePath(path) {
  return new URL(path.replace(/^\//, ""), ROOT).href;
}

/** The link's key in the URL fragment, or null. */
export function keyFromFragment(fragment = window.location.hash) {
  const match = /^#?([\w-]{4,64})\.([\w-]{20,128})$/.exec(fragment);
  return match ? { id: match[1], token: match[2] } : null;
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

/**
 * One request to the API: its status, data and ETag (a 304 has no data); Refused or
 * Unreachable thrown.
 * @param {string} method
 * @param {string} path
 * @param {{token?: string, body?: any, etag?: string}} [options]
 */
async function call(method, path, { token, body, etag } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json", "Accept-Language": "cs" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers["If-None-Match"] = etag;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method, headers, cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new Unreachable(String(error));
  }
  if (response.status === 304) return { status: 304, etag };
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Refused(response.status, data);
  return { status: response.status, data, etag: response.headers.get("ETag") };
}

export const expeditions = {
  create: (body) => call("POST", "", { body }),
  importExport: (document) => call("POST", "/import", { body: document }),
  read: (key, etag, entries = 30) => call(
    "GET", `/${key.id}?entries=${entries}`, { token: key.token, etag }),
  log: (key, before) => call("GET", `/${key.id}/log?limit=50&before=${before}`,
    { token: key.token }),
  act: (key, kind, body) => call("POST", `/${key.id}/actions/${kind}`,
    { token: key.token, body }),
  undo: (key, version) => call("POST", `/${key.id}/undo`, { token: key.token,
    body: { version } }),
  playersLink: (key) => call("GET", `/${key.id}/players-link`, { token: key.token }),
  rotate: (key) => call("POST", `/${key.id}/players-link`, { token: key.token, body: {} }),
  exported: (key) => call("GET", `/${key.id}/export`, { token: key.token }),
};

/**
 * Poll the expedition every `interval` ms (every 10 s while the page is hidden, at once when it
 * is shown again); `onState` gets each changed answer. Returns `refresh(again)`.
 */
export function poll(key, { onState, onOnline, onOffline, onGone, interval = 1500 }) {
  let etag = null;
  let timer = null;
  let running = null;
  async function tick() {
    clearTimeout(timer);
    try {
      const answer = await expeditions.read(key, etag);
      onOnline();
      if (answer.status !== 304) {
        etag = answer.etag;
        onState(answer.data);
      }
    } catch (error) {
      if (error instanceof Refused && error.status === 404) {
        onGone(error);
        return;
      }
      onOffline(error);
    }
    timer = setTimeout(refresh, document.hidden ? 10000 : interval);
  }
  /** Poll now; `again`: a full read even if a poll is under way (it may predate a change). */
  function refresh(again = false) {
    if (running && again) return running.then(() => refresh(true));
    if (again) etag = null;
    if (!running) running = tick().finally(() => { running = null; });
    return running;
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  window.addEventListener("online", () => refresh());
  refresh();
  return { refresh };
}
