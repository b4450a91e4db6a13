/* The players' page of an expedition (/vyprava/hraci/#<id>.<token>): read only, live.
 *
 * It polls the expedition (a conditional GET every 1.5 s, a 304 while nothing changed) and shows
 * the records and the log; a roll the GM keeps secret comes as "PJ hodil skrytě". The link's key
 * leaves the address once read and stays in this tab (api.js, takeKey).
 */
import {
  expeditions, forgetKey, poll, takeKey,
} from "./api.js";
import {
  LogView, followTimes, notice, offline, renderLog, renderState, showView, watchConnection,
} from "./view.js";

const root = /** @type {HTMLElement} */ (document.querySelector('[data-expedition="players"]'));
const key = takeKey("players");
const log = new LogView();
let version = 0;

function opened(answer) {
  if (answer.version < version) return;  // an older read arriving late
  version = answer.version;
  showView(root, "expedition");
  notice(root, "");
  renderState(root, answer.state, answer.role);
  log.merge(answer.log);
  renderLog(root, log.newestFirst());
  /** @type {HTMLElement} */ (root.querySelector("[data-older]")).hidden = log.oldest() <= 1;
}

watchConnection(root);
followTimes(root);
if (!key) {
  showView(root, "new");
} else {
  poll(key, {
    onState: opened,
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
    log.merge(older.data.entries);
    renderLog(root, log.newestFirst());
    /** @type {HTMLElement} */ (event.target).hidden = older.data.next_before === null;
  });
}
