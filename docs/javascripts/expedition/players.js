/* The players' page of an expedition (/vyprava/hraci/#<id>.<token>): read only, live.
 *
 * It polls the expedition (a conditional GET every 1.5 s, a 304 while nothing changed) and shows
 * the records and the log; a roll the GM keeps secret comes as "PJ hodil skrytě". The link's key
 * leaves the address once read and stays in this tab (api.js, takeKey). Opened with no key in a
 * tab that holds the GM's (the footer's link from the GM's page), it shows the GM's expedition
 * as the players see it.
 */
import {
  expeditions, forgetKey, keepKey, keptKey, keyFromFragment, poll, takeKey,
} from "./api.js";
import {
  LogView, followTimes, notice, offline, renderLog, renderState, showView, watchConnection,
} from "./view.js";

const root = /** @type {HTMLElement} */ (document.querySelector('[data-expedition="players"]'));
const log = new LogView();
let version = 0;

function opened(answer) {
  if (answer.version < version) return;  // an older read arriving late
  version = answer.version;
  showView(root, "expedition");
  notice(root, "");
  renderState(root, answer.state, answer.role);
  log.merge(answer.log, answer.undone);
  renderLog(root, log.newestFirst());
  /** @type {HTMLElement} */ (root.querySelector("[data-older]")).hidden = log.oldest() <= 1;
}

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
    log.merge(older.data.entries, older.data.undone);
    renderLog(root, log.newestFirst());
    /** @type {HTMLElement} */ (event.target).hidden = older.data.next_before === null;
  });
}

watchConnection(root);
followTimes(root);
const own = takeKey("players");
if (own) follow(own);
else playersKeyOfTheGm().then(follow);
