/* A character's page of an expedition (/vyprava/postava/#<id>.<token>): its player rolls.
 *
 * It reads and follows the expedition as the players' page does (the records, the party, the
 * log: view.js draws them alike), and sends the rolls a player makes at the table for the link's
 * character (the API's /character/<kind>): a saving throw, a skill check, an attack, a save
 * against death, any dice. A roll is an entry of the log at once; the GM applies it to the
 * records. The link's key leaves the address once read and stays in this tab (api.js, takeKey).
 */
import { Unreachable, expeditions, forgetKey, poll, takeKey } from "./api.js";
import { inputsOf } from "./forms.js";
import {
  LogView, fill, followTimes, notice, offline, renderLog, renderState, showView,
  watchConnection,
} from "./view.js";

const root = /** @type {HTMLElement} */ (document.querySelector('[data-expedition="character"]'));
const log = new LogView();
const key = takeKey("character");
let version = 0;
/** The link's character, once the server names it (a read, or the answer to a roll). */
let character = null;
let busy = false;

/** @param {any} answer a read, or a roll's answer */
function opened(answer) {
  if (answer.version < version) return;  // an older read arriving late
  version = answer.version;
  showView(root, "expedition");
  renderState(root, answer.state, answer.role ?? "character");
  log.merge(answer.log || [], answer.undone);
  if (answer.entry) log.merge([answer.entry]);
  renderLog(root, log.newestFirst());
  /** @type {HTMLElement} */ (root.querySelector("[data-older]")).hidden = log.oldest() <= 1;
  named(answer.character ?? answer.entry?.character ?? character, answer.state.party);
  showTargets(answer.state.encounter);
}

/** The character's name in the heading and its card marked, once known; the save against
 * death offered only while the character is dead, the other rolls while it is not (before the
 * name is known, every roll).
 * @param {string | null} name
 * @param {Array<{name: string, status: string}>} party
 */
function named(name, party) {
  character = name;
  /** @type {HTMLElement} */ (root.querySelector("[data-character-known]")).hidden = !name;
  /** @type {HTMLElement} */ (root.querySelector("[data-character-unknown]")).hidden = !!name;
  fill(root, "character", name);
  for (const card of /** @type {NodeListOf<HTMLElement>} */ (
    root.querySelectorAll(".rpg-member"))) {
    card.classList.toggle("rpg-member--mine", card.dataset.name === name);
  }
  const status = party.find((member) => member.name === name)?.status;
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (
    root.querySelectorAll(".rpg-actions [data-open]"))) {
    button.hidden = status !== undefined
      && (button.dataset.open === "death-save") !== (status === "dead");
  }
}

/** Whom an attack may hit: the encounter's creatures still fighting (none: no target, the OČ
 * typed in). */
function showTargets(encounter) {
  const select = /** @type {HTMLSelectElement} */ (root.querySelector('[data-field="targets"]'));
  const chosen = select.value;
  const fighting = (encounter?.creatures ?? []).filter((creature) => creature.status === "ok");
  select.replaceChildren(new Option("bez cíle (jen OČ)", ""),
    ...fighting.map((creature) => new Option(creature.name, creature.name)));
  select.value = fighting.some((creature) => creature.name === chosen) ? chosen
    : fighting[0]?.name ?? "";
}

function openPanel(name) {
  for (const panel of /** @type {NodeListOf<HTMLElement>} */ (
    root.querySelectorAll("[data-panel]"))) panel.hidden = panel.dataset.panel !== name;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  root.querySelector(`[data-panel="${name}"]`)?.scrollIntoView(
    { block: "start", behavior: still ? "auto" : "smooth" });
}

/** The player's own dice typed into `form` ("14, 3"), or undefined (the server draws them).
 * @param {HTMLFormElement} form
 * @returns {number[] | undefined}
 */
function diceOf(form) {
  const typed = /** @type {HTMLInputElement} */ (form.querySelector("[data-dice]")).value;
  const dice = typed.split(/[\s,;]+/).filter(Boolean).map(Number);
  return dice.length ? dice : undefined;
}

/**
 * Rolls `kind` with the inputs of `form`; its answer is shown at once (the log's new entry).
 * @param {string} kind
 * @param {HTMLFormElement} form
 */
async function roll(kind, form) {
  if (busy) return;
  busy = true;
  root.classList.add("rpg-expedition--busy");
  root.setAttribute("aria-busy", "true");
  try {
    const dice = diceOf(form);
    const answer = await expeditions.characterRoll(key, kind,
      { ...inputsOf(form), ...(dice ? { dice } : {}) });
    notice(root, "");
    opened(answer.data);
    form.hidden = true;
    /** @type {HTMLInputElement} */ (form.querySelector("[data-dice]")).value = "";
  } catch (error) {
    if (error instanceof Unreachable) offline(root, true);
    else notice(root, error.message);
  } finally {
    busy = false;
    root.classList.remove("rpg-expedition--busy");
    root.removeAttribute("aria-busy");
  }
}

root.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  await roll(form.dataset.roll, form);
});

root.addEventListener("click", async (event) => {
  const button = /** @type {Element} */ (event.target).closest("button");
  if (!button || button.type === "submit") return;
  if (button.dataset.open) {
    openPanel(button.dataset.open);
  } else if (button.hasAttribute("data-close")) {
    openPanel("");
  } else if (button.hasAttribute("data-older")) {
    const older = await expeditions.log(key, log.oldest()).catch(() => null);
    if (!older) return;
    log.merge(older.data.entries, older.data.undone);
    renderLog(root, log.newestFirst());
    button.hidden = older.data.next_before === null;
  }
});

watchConnection(root);
followTimes(root);
if (key) {
  poll(key, {
    onState: opened,
    onOnline: () => offline(root, false),
    onOffline: () => offline(root, true),
    onGone: (/** @type {Error} */ error) => {
      forgetKey("character");
      showView(root, "new");
      root.dataset.gone = "yes";
      notice(root, error.message);
    },
  });
} else {
  showView(root, "new");
}
