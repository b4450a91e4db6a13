/* The players' page of an expedition (/vyprava/hraci/#<id>.<token>): read only, live.
 *
 * It polls the expedition (a conditional GET every 1.5 s, a 304 while nothing changed) and shows
 * the records and the log; a roll the GM keeps secret comes as "PJ hodil skrytě". The link's key
 * leaves the address once read and stays in this tab (api.js, takeKey). Opened with no key in a
 * tab that holds the GM's (the footer's link from the GM's page), it shows the GM's expedition
 * as the players see it.
 *
 * It checks the log's hash chain as it reads it (chain.js): each entry links to the one before,
 * and the log extends the last head this device verified; it shows the verified head quietly,
 * and says plainly, and keeps saying, when the log no longer extends it.
 */
import {
  expeditions, forgetKey, keepKey, keptKey, keyFromFragment, poll, takeKey,
} from "./api.js";
import { ChainCheck, canHash, rememberHead, rememberedHead } from "./chain.js";
import {
  LogView, fill, followTimes, notice, offline, renderLog, renderState, showView, watchConnection,
} from "./view.js";

const root = /** @type {HTMLElement} */ (document.querySelector('[data-expedition="players"]'));
const log = new LogView();
let version = 0;
/** @type {ChainCheck | null} the chain of the expedition followed (read with the players' link) */
let chain = null;
/** @type {import("./chain.js").Head | null} the log's head as last read */
let head = null;
/** Each check of the chain waits for the one before (a check may read older pages). */
let checking = Promise.resolve();

/** A hash as the page shows it: its first 8 hex digits (the whole one in its title). */
function shortHash(element, hash) {
  element.textContent = `${hash.slice(0, 8)}…`;
  element.title = hash;
}

/**
 * Show what the chain check found: the head verified, quietly; a log that no longer extends the
 * remembered head, plainly and until it does again.
 * @param {import("./chain.js").Verdict} verdict
 * @param {import("./chain.js").Head | null} remembered
 */
function showChain(verdict, remembered) {
  const line = /** @type {HTMLElement} */ (root.querySelector('[data-chain="head"]'));
  const alarm = /** @type {HTMLElement} */ (root.querySelector('[data-chain="broken"]'));
  const verified = "broken" in verdict ? remembered : verdict.verified;
  line.dataset.state = "behind" in verdict ? "behind" : "verified";
  line.hidden = verified === null;
  if (verified) {
    fill(line, "chain_seq", verified.seq);
    for (const code of line.querySelectorAll('[data-field="chain_hash"]')) {
      shortHash(code, verified.hash);
    }
  }
  if ("behind" in verdict) {
    fill(line, "chain_next", verified.seq + 1);
    fill(line, "chain_end", verified.seq + verdict.behind);
  }
  alarm.hidden = !("broken" in verdict);
  if (!("broken" in verdict)) return;
  alarm.dataset.why = verdict.broken;
  alarm.dataset.seq = String(verdict.seq);
  for (const why of alarm.querySelectorAll("[data-why]")) {
    /** @type {HTMLElement} */ (why).hidden = why.getAttribute("data-why") !== verdict.broken;
  }
  fill(alarm, "chain_seq", verdict.seq);
  fill(alarm, "chain_end", verdict.head.seq);
  for (const code of alarm.querySelectorAll('[data-field="chain_was"]')) {
    shortHash(code, verdict.was);
  }
  for (const code of alarm.querySelectorAll('[data-field="chain_now"]')) {
    shortHash(code, verdict.now);
  }
}

/**
 * Check the chain as far as the page holds it (after a read, or an older page shown); the head
 * moves on only when the log extends the remembered one.
 * @param {{id: string, token: string}} key
 */
function checkChain(key) {
  if (!chain || !head) return;
  const read = head;
  checking = checking.then(async () => {
    const remembered = rememberedHead(key.id);
    const verdict = await chain.verdict(read, remembered, async (before) => {
      const older = await expeditions.log(key, before).catch(() => null);
      return older && older.data;
    });
    if (read !== head) return;  // a newer read came meanwhile: its check says more
    if ("verified" in verdict) rememberHead(key.id, verdict.verified);
    showChain(verdict, remembered);
  }).catch(() => { /* a check cut short (storage, network): the next read checks again */ });
}

/**
 * What the page does with each read of the expedition followed with `key`: shows the records and
 * the log, and checks the chain of a players' reading.
 * @param {{id: string, token: string}} key
 */
const opened = (key) => (answer) => {
  if (answer.version < version) return;  // an older read arriving late
  version = answer.version;
  showView(root, "expedition");
  notice(root, "");
  renderState(root, answer.state, answer.role);
  log.merge(answer.log, answer.undone);
  renderLog(root, log.newestFirst());
  /** @type {HTMLElement} */ (root.querySelector("[data-older]")).hidden = log.oldest() <= 1;
  if (answer.role !== "players") return;  // the chain covers the players' reading only
  if (!canHash()) {
    /** @type {HTMLElement} */ (root.querySelector('[data-chain="unable"]')).hidden = false;
    return;
  }
  chain ??= new ChainCheck(key.id);
  chain.hold(answer.log);
  head = answer.head;
  checkChain(key);
};

/**
 * The key of the players' link, when this tab holds none of its own but holds the GM's (the GM
 * came here from the GM's page, by the footer's link): the GM's expedition as the players see
 * it, read with the GM's key; null otherwise.
 * @returns {Promise<{id: string, token: string} | null>}
 */
async function playersKeyOfTheGm() {
  const gm = keptKey("gm");
  if (!gm) return null;
  try {
    const answer = await expeditions.playersLink(gm);
    const key = keyFromFragment(new URL(answer.data.players).hash);
    if (key) keepKey("players", key);
    return key;
  } catch {
    return null;
  }
}

/** @param {{id: string, token: string} | null} key */
function follow(key) {
  if (!key) {
    showView(root, "new");
    return;
  }
  poll(key, {
    onState: opened(key),
    onOnline: () => offline(root, false),
    onOffline: () => offline(root, true),
    onGone: () => {
      forgetKey("players");
      showView(root, "new");
      root.dataset.gone = "yes";
    },
  });
  root.querySelector("[data-older]").addEventListener("click", async (event) => {
    const older = await expeditions.log(key, log.oldest()).catch(() => null);
    if (!older) return;
    log.merge(older.data.entries, older.data.undone);
    renderLog(root, log.newestFirst());
    if (chain) {
      chain.hold(older.data.entries);
      checkChain(key);
    }
    /** @type {HTMLElement} */ (event.target).hidden = older.data.next_before === null;
  });
}

watchConnection(root);
followTimes(root);
const own = takeKey("players");
if (own) follow(own);
else playersKeyOfTheGm().then(follow);
