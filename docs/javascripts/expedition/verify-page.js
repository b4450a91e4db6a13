/* The verification page (/vyprava/overeni/): a players' link or an exported file, checked here.
 *
 * The link's export is read from the API with the players' token (api.js); a file is read on
 * the device and sent nowhere. The verifier (verify.js) checks it; the calculators' replay
 * (replay.js, with the rule data and templates the build writes) is loaded with the first step
 * a log replays, each procedure's module with the first step of that procedure. Once the page
 * has been opened, the site's offline copy holds it all: a file verifies without a connection.
 * The build starts the page with those loaders and the page's words (rulesite/verify.py).
 */
import { setCatalog } from "../calculators/core/catalog.js";
import { Refused, expeditions, keyFromFragment } from "./api.js";
import { ReplayUnavailable, inWords, verifyExport } from "./verify.js";

/** @typedef {import("./verify.js").Replay} Replay */

/**
 * The key of a players' link, as pasted (the whole link, its fragment, or `<id>.<token>`).
 * @param {string} text
 */
export const keyOfLink = (text) => keyFromFragment(text.trim().replace(/^[^#]*#/, ""));

/**
 * The page: `loaders` give each procedure's calculator (path → its import), `data` the rule
 * data and the calculators' templates, `words` the page's Czech templates.
 * @param {Record<string, () => Promise<Function>>} loaders
 * @param {() => Promise<{rules: any, words: Record<string, string>}>} data
 * @param {Record<string, string>} words
 */
export function start(loaders, data, words) {
  const root = /** @type {HTMLElement} */ (document.querySelector("[data-verify]"));
  if (!root) return;
  setCatalog(words);
  /** @type {Promise<Replay> | null} */
  let loading = null;
  /** @type {Replay} */
  const replay = async (answer, dice) => {
    loading ||= Promise.all([import("./replay.js"), data()]).then(
      ([{ replayer }, replayed]) => replayer(loaders, replayed.rules,
        { ...words, ...replayed.words }));
    let replayer;
    try {
      replayer = await loading;
    } catch (error) {
      loading = null;  // tried again by the next check
      throw new ReplayUnavailable(String(error && error.message || error));
    }
    return replayer(answer, dice);
  };

  /**
   * Show one of the page's states (`data-state`), `detail` in its `[data-detail]`.
   * @param {string} state
   * @param {string} [detail]
   */
  function show(state, detail = "") {
    for (const element of /** @type {NodeListOf<HTMLElement>} */ (
      root.querySelectorAll("[data-state]"))) {
      element.hidden = element.dataset.state !== state;
      const slot = element.querySelector("[data-detail]");
      if (slot && !element.hidden) slot.textContent = detail;
    }
  }

  /** @param {any} exported */
  async function check(exported) {
    show("working");
    const started = performance.now();
    let verdict;
    try {
      verdict = await verifyExport(exported, replay);
    } catch (error) {  // a part of the page could not load (offline, not kept), or worse
      show("broken", String(error && error.message || error));
      return;
    }
    root.dataset.elapsedMs = String(Math.round(performance.now() - started));
    const { headline, lines } = inWords(verdict);
    const result = /** @type {HTMLElement} */ (root.querySelector("[data-verdict]"));
    result.dataset.ok = String(verdict.ok);
    result.querySelector("[data-field=name]").textContent = typeof exported?.name === "string"
      ? exported.name : "";
    result.querySelector("[data-field=headline]").textContent = headline;
    const list = /** @type {HTMLElement} */ (result.querySelector("[data-field=counts]"));
    list.replaceChildren(...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
    list.hidden = !lines.length;  // a failure is its headline alone
    show("verdict");
    result.scrollIntoView({ block: "nearest" });
  }

  /** @param {string} text */
  async function checkLink(text) {
    const key = keyOfLink(text);
    if (!key) {
      show("bad-link");
      return;
    }
    show("working");
    let answer;
    try {
      answer = await expeditions.exported(key);
    } catch (error) {
      if (error instanceof Refused) show("refused", error.message);
      else show("unreachable");
      return;
    }
    await check(answer.data);
  }

  const linkForm = /** @type {HTMLFormElement} */ (root.querySelector("[data-form=link]"));
  linkForm.addEventListener("submit", (event) => {
    event.preventDefault();
    checkLink(/** @type {HTMLInputElement} */ (linkForm.elements.namedItem("link")).value);
  });
  const file = /** @type {HTMLInputElement} */ (root.querySelector("[data-form=file] input"));
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    show("working");  // at once: the last verdict is not this file's
    let exported;
    try {
      exported = JSON.parse(await chosen.text());
    } catch {
      show("bad-file");
      return;
    }
    await check(exported);
  });
  root.querySelector("[data-form=file]").addEventListener("submit", (event) => {
    event.preventDefault();
  });
  root.dataset.ready = "";
  // Opened (or given, by a change of the address) with a key in the fragment: checked at once,
  // the key out of the address bar and the tab's history entry, as on the expedition's pages.
  const fromAddress = () => {
    const given = window.location.hash;
    if (!keyOfLink(given)) return;
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
    /** @type {HTMLInputElement} */ (linkForm.elements.namedItem("link")).value = given;
    checkLink(given);
  };
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
}
