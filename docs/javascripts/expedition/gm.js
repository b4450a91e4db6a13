/* The GM's page of an expedition (/vyprava/#<id>.<token>): create, act, undo, redo, share.
 *
 * The link's key leaves the address once read and stays in this tab (api.js, takeKey): a new
 * expedition's key never enters the address; the GM's link to copy is built from it.
 *
 * Every button and form names an action of the API (data-act, data-action) and its inputs by the
 * API's field names; the answer (the new entry and state) is shown at once, and the page keeps
 * polling, so a second device of the GM stays current too. An action sent from a device that
 * missed another's is refused (409): the page says so, reads the expedition again, and the GM
 * taps again.
 */
import {
  Refused, Unreachable, characterLinkTo, expeditions, forgetKey, forgetMine, keepKey, linkTo,
  myExpeditions, poll, rememberMine, takeKey,
} from "./api.js";
import {
  LogView, fill, followTimes, fromTemplate, notice, offline, renderLog, renderState, showView,
  watchConnection, whenText,
} from "./view.js";
import { inputsOf } from "./forms.js";

/** A form of the page, its controls read by their names (`form.elements.character`).
 * @typedef {HTMLFormElement & {elements: Record<string, any>}} Form */

const root = /** @type {HTMLElement} */ (document.querySelector('[data-expedition="gm"]'));
const log = new LogView();
let key = takeKey("gm");
let current = null;
let poller = null;
let busy = false;

/* --- showing ---------------------------------------------------------------------------------- */

function opened(answer) {
  if (current && answer.version < current.version) return;  // an older read arriving late
  // The same version again (the poll after this device's own action): the records as shown,
  // with whatever the GM is typing into them, stay; only the log may say more (an undone mark).
  const same = current !== null && answer.version === current.version;
  current = answer;
  showView(root, "expedition");
  if (!same) {
    const parked = parkMemberPanels();
    renderState(root, answer.state, "gm");
    unparkMemberPanels(parked);
  }
  log.merge(answer.log || [], answer.undone);
  if (answer.entry) log.merge([answer.entry]);
  const entries = log.newestFirst();
  renderLog(root, entries);
  showEntryActs();
  showChain(answer);
  /** @type {HTMLElement} */ (root.querySelector("[data-older]")).hidden = log.oldest() <= 1;
  showOffers(entries[0]);
  showUndo(entries);
  if (key) {  // on this device's list, as last played
    const played = entries[0]?.at ?? new Date().toISOString();
    rememberMine({ ...key, name: answer.state.name, played });
  }
  showRedo(entries);
  if (same) return;
  modeParts(answer.state);
  showFoes(answer.state.encounter);
  // Who may attack or be hit: the party and the encounter's creatures still fighting.
  const fighting = (answer.state.encounter?.creatures ?? [])
    .filter((creature) => creature.status === "ok");
  showLinkCharacters(answer.state.party);
  const names = root.querySelector("#rpg-party-names");
  names.replaceChildren(...[...answer.state.party, ...fighting].map((member) => {
    const option = document.createElement("option");
    option.value = member.name;
    return option;
  }));
}

/** The encounter's creatures as the GM keeps them, side by side: each one's hit points going
 * down as it is hit, its OČ, the fallen and the subdued struck through, each side's morale.
 * The GM's page only: the players see what happens in the log, not the monsters' sheets. */
function showFoes(encounter) {
  const list = root.querySelector('[data-field="creatures"]');
  const creatures = encounter?.creatures ?? [];
  const sides = [...new Set(creatures.map((creature) => creature.side))];
  list.replaceChildren(...sides.map((side) => {
    const item = fromTemplate(root, "foe-side");
    const group = creatures.filter((creature) => creature.side === side);
    fill(item, "side", side);
    const morale = group.find((creature) => creature.morale !== null)?.morale;
    fill(item, "morale_text", morale === undefined ? "" : `morálka ${morale}`);
    item.querySelector('[data-field="group"]').replaceChildren(...group.map((creature) => {
      const row = fromTemplate(root, "foe");
      row.classList.toggle("is-out", creature.status !== "ok");
      for (const name of ["name", "hp", "max_hp", "status_text"]) fill(row, name, creature[name]);
      fill(row, "ac_text", creature.ac === null ? "" : `OČ ${creature.ac}`);
      const meter = /** @type {HTMLMeterElement} */ (row.querySelector("meter"));
      meter.value = Math.max(0, creature.hp) / creature.max_hp;
      return row;
    }));
    return item;
  }));
}

/** The rows typed into a form's list `name` (an encounter's creatures a group a row, a travel
 * day's groups each with its activity): what the API takes for that list, a row whose first
 * field is empty left out.
 * @param {HTMLFormElement} form @param {string} name
 */
function rowsOf(form, name) {
  const rows = [];
  for (const row of /** @type {NodeListOf<HTMLElement>} */ (
    form.querySelectorAll(`[data-rows="${name}"] [data-row]`))) {
    /** @type {Record<string, string | number>} */
    const item = {};
    const keyed = /** @type {NodeListOf<HTMLInputElement>} */ (row.querySelectorAll("[data-key]"));
    for (const input of keyed) {
      const value = input.value.trim();
      if (value === "") continue;
      item[input.dataset.key] = input.type === "number" ? Number(value) : value;
    }
    if (item[keyed[0].dataset.key] !== undefined) rows.push(item);
  }
  return rows;
}

/** Another row of a form's list (at most as many as the page shows at once). */
function addRow(button) {
  const rows = button.parentElement.querySelectorAll("[data-row]");
  if (rows.length >= ROWS_MAX) return;
  const row = /** @type {HTMLElement} */ (rows[0].cloneNode(true));
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (
    row.querySelectorAll("input"))) input.value = input.defaultValue;
  for (const select of row.querySelectorAll("select")) select.selectedIndex = 0;
  button.before(row);
  button.hidden = rows.length + 1 >= ROWS_MAX;
  /** @type {HTMLInputElement} */ (row.querySelector("[data-key]")).focus();
}

/** The most rows a list of a form shows (the API takes 100 creatures and 100 groups; a row of
 * creatures is a group of many, and a party splits into a few groups). */
const ROWS_MAX = 10;

function modeParts(state) {
  const fighting = state.encounter !== null;
  const MODE_PARTS = "[data-if-mode], [data-unless-mode]";
  // A part shows when it fits both: the encounter (or its absence) and the mode.
  for (const part of /** @type {NodeListOf<HTMLElement>} */ (
    root.querySelectorAll(`[data-when], ${MODE_PARTS}`))) {
    const when = part.dataset.when === undefined
      || (part.dataset.when === "encounter") === fighting;
    const mode = part.dataset.ifMode !== undefined ? part.dataset.ifMode === state.mode
      : part.dataset.unlessMode !== state.mode;
    part.hidden = !(when && mode);
  }
  // An input is sent only when every part of the page it lies in fits the mode (a part may
  // lie inside another: a dungeon's input in what every mode but civilization shows).
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll(
    "[data-if-mode] :is(input, select), [data-unless-mode] :is(input, select)"))) {
    let off = false;
    for (let part = /** @type {HTMLElement} */ (input.closest(MODE_PARTS)); part && !off;
      part = part.parentElement.closest(MODE_PARTS)) off = part.hidden === true;
    input.disabled = off;
  }
  fill(root, "pending_damage", state.pending_damage);
  const rows = root.querySelector('[data-field="allocation"]');
  rows.replaceChildren(...state.party.filter((m) => m.status !== "dead").map((member) => {
    const row = fromTemplate(root, "split-row");
    row.dataset.name = member.name;
    for (const name of ["name", "hp", "max_hp"]) fill(row, name, member[name]);
    return row;
  }));
  showSplitLeft();
  showUntilRest(state);
}

/** Which of the page's word forms goes with a count: "one" (1), "few" (2–4), "other". */
const czechPlural = new Intl.PluralRules("cs");

/** "Do odpočinku (N směn)": the shifts until a rest is allowed (the state's `ahead`), shown
 * only while a rest is not allowed yet. */
function showUntilRest(state) {
  const button = /** @type {HTMLButtonElement} */ (root.querySelector("[data-until-rest]"));
  const rest = state.ahead.find((coming) => coming.kind === "rest");
  button.hidden = !rest || rest.in <= 0;
  if (button.hidden) return;
  button.dataset.shifts = String(rest.in);
  fill(button, "rest_in", rest.in);
  const form = czechPlural.select(rest.in);
  for (const word of /** @type {NodeListOf<HTMLElement>} */ (
    button.querySelectorAll("[data-plural]"))) word.hidden = word.dataset.plural !== form;
}


/** What of the summary damage the split panel has not given anyone yet (or given too much). */
function showSplitLeft() {
  const panel = /** @type {HTMLFormElement} */ (root.querySelector('[data-panel="split-damage"]'));
  const given = Object.values(splitInputs(panel).allocation).reduce((sum, n) => sum + n, 0);
  const left = (current ? current.state.pending_damage : 0) - given;
  const state = left > 0 ? "some" : left === 0 ? "none" : "over";
  const shown = /** @type {HTMLElement} */ (panel.querySelector("[data-split-left]"));
  shown.dataset.state = state;
  for (const part of /** @type {NodeListOf<HTMLElement>} */ (
    shown.querySelectorAll("[data-left]"))) part.hidden = part.dataset.left !== state;
  fill(shown, "left", left);
  fill(shown, "over", -left);
}

function showOffers(newest) {
  const box = root.querySelector('[data-field="offers"]');
  const offers = newest && !newest.undone ? newest.offers : [];
  box.replaceChildren(...offers.map((offer) => {
    const element = fromTemplate(root, `offer-${offer.action}`);
    element.dataset.input = JSON.stringify(offer.input);
    for (const [name, value] of Object.entries(offer.input)) fill(element, name, value);
    if (offer.input.character) element.dataset.character = offer.input.character;
    // An input the offer still needs is asked; one the records know is not.
    for (const part of /** @type {NodeListOf<HTMLElement>} */ (
      element.querySelectorAll("[data-if-missing]"))) {
      const missing = offer.missing.includes(part.dataset.ifMissing);
      part.hidden = !missing;
      for (const input of part.querySelectorAll("input")) input.disabled = !missing;
    }
    return element;
  }));
}

/**
 * Entries that are no action of the records (a key or a secret roll revealed, a player's roll
 * before the GM applies it): no undo takes them back, no redo re-applies them — the server's
 * `CHAIN_KINDS` (api/expeditions/chain.py; a test holds the two equal).
 */
const NOT_ACTIONS = new Set(["player-roll", "reveal-entry", "reveal-key"]);

/**
 * The entry an undo would take back: the newest action still in effect (the server's
 * `last_action`: each undo takes back the newest one not yet taken back). Known only while the
 * page holds every entry after it (a gap: `undefined`); `null` when only the start is left.
 * @param {Array<{seq: number, kind: string, text: string, undoes: number | null}>} entries
 *   newest first
 */
function undoTarget(entries) {
  const undone = new Set();
  const redone = new Set();  // undos a redo took back: what they undid is in effect again
  let expected = entries.length ? entries[0].seq : 0;
  for (const entry of entries) {
    if (entry.seq !== expected) return undefined;
    expected -= 1;
    if (entry.kind === "start") return null;
    if (NOT_ACTIONS.has(entry.kind)) continue;
    if (entry.kind === "redo") redone.add(entry.undoes);
    else if (entry.kind === "undo") {
      if (!redone.has(entry.seq)) undone.add(entry.undoes);
    } else if (!undone.has(entry.seq)) return entry;
  }
  return undefined;
}

/**
 * The undo a redo would take back: the newest one since the newest action that no redo took
 * back yet (the server's redo stack: each redo takes back the newest undo still waiting).
 * `null` when there is none (an action came after the undos, or every one was redone);
 * `undefined` when the page lacks an entry it needs.
 * @param {Array<{seq: number, kind: string, undoes: number | null}>} entries newest first
 */
function redoable(entries) {
  let redone = 0;
  let expected = entries.length ? entries[0].seq : 0;
  for (const entry of entries) {
    if (entry.seq !== expected) return undefined;
    expected -= 1;
    if (NOT_ACTIONS.has(entry.kind)) continue;
    if (entry.kind === "redo") redone += 1;
    else if (entry.kind !== "undo") return null;
    else if (redone) redone -= 1;
    else return entry;
  }
  return undefined;
}

/** The undo button names what it takes back, in the entry's own words (a name as typed). */
function showUndo(entries) {
  const button = /** @type {HTMLButtonElement} */ (root.querySelector("[data-undo]"));
  const target = undoTarget(entries);
  const label = target ? "known" : target === null ? "none" : "unknown";
  for (const part of /** @type {NodeListOf<HTMLElement>} */ (
    button.querySelectorAll("[data-undo-label]"))) part.hidden = part.dataset.undoLabel !== label;
  fill(button, "undo_text", target ? target.text : "");
  button.dataset.undoes = target ? String(target.seq) : "";
  button.disabled = target === null;
}

/** The redo button, shown only while there is an undo to take back, names the action it
 * re-applies in that entry's own words (when the page holds it). */
function showRedo(entries) {
  const button = /** @type {HTMLButtonElement} */ (root.querySelector("[data-redo]"));
  const undo = redoable(entries);
  const target = undo ? entries.find((entry) => entry.seq === undo.undoes) : undefined;
  for (const part of /** @type {NodeListOf<HTMLElement>} */ (
    button.querySelectorAll("[data-redo-label]"))) {
    part.hidden = part.dataset.redoLabel !== (target ? "known" : "unknown");
  }
  fill(button, "redo_text", target ? target.text : "");
  button.dataset.redoes = target ? String(target.seq) : "";
  button.hidden = !undo;
}

function openPanel(name) {
  for (const panel of /** @type {NodeListOf<HTMLElement>} */ (
    root.querySelectorAll("[data-panel]"))) {
    panel.hidden = panel.dataset.panel !== name;
  }
  const panel = root.querySelector(`[data-panel="${name}"]`);
  // Its top in sight below the sticky records (the panel's scroll-margin), the first field
  // under the thumb; gliding there unless the reader asked for less motion.
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (panel) panel.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
}

function closePanels() {
  for (const panel of /** @type {NodeListOf<HTMLElement>} */ (
    root.querySelectorAll("[data-panel]"))) panel.hidden = true;
}

/* --- acting ----------------------------------------------------------------------------------- */

/**
 * Sends one change of the expedition (an action, an undo) and shows its answer. While it is
 * under way the page takes no other: its buttons are drawn as not live and take no tap, a tap
 * that reaches one anyway (a key, a script) sends nothing; a refusal releases them as an answer
 * does.
 * @param {() => Promise<{data?: any}>} send
 * @param {(words: string, needed: Die | null) => void} [diceRefused] given, a refusal of the
 *   dice (a die missing, off its die, left over) is said to it instead of on the page, with the
 *   die the server asks for (again) when it names one
 * @returns {Promise<boolean>} whether the server took it
 */
async function change(send, diceRefused) {
  if (busy || !current) return false;
  busy = true;
  root.classList.add("rpg-expedition--busy");
  root.setAttribute("aria-busy", "true");
  try {
    const answer = await send();
    notice(root, "");
    opened({ ...answer.data, log: [] });
    return true;
  } catch (error) {
    // The dice's words: a list, or a list per die (a die that is no whole number 1–1000); with
    // them, the die to ask for (again) when the server names one.
    const words = error instanceof Refused && error.status === 422
      ? error.envelope?.errors?.dice : undefined;
    if (diceRefused && words) {
      diceRefused((Array.isArray(words) ? words : Object.values(words).flat()).join(" "),
        error.envelope.needed ?? null);
    } else {
      await refused(error);
    }
    return false;
  } finally {
    busy = false;
    root.classList.remove("rpg-expedition--busy");
    root.removeAttribute("aria-busy");
  }
}

/**
 * Takes the action `kind`; a rolling one (`rolls`) hidden from the players and with the table's
 * dice when the switches say so, each switch off again once the action is taken.
 * @param {string} kind
 * @param {Record<string, any>} inputs
 * @param {boolean} rolls
 */
async function act(kind, inputs, rolls) {
  if (busy || !current) return false;
  const hidden = /** @type {HTMLInputElement} */ (root.querySelector("[data-hidden-roll]"));
  const table = /** @type {HTMLInputElement} */ (root.querySelector("[data-table-dice]"));
  /** @type {Record<string, any>} */
  const body = { version: current.version, ...inputs };
  if (rolls && hidden.checked) body.hidden = true;
  const taken = rolls && table.checked ? await withTableDice(kind, body)
    : await change(() => expeditions.act(key, kind, body));
  if (taken) {
    hidden.checked = false;
    table.checked = false;
  }
  return taken;
}

/* --- the table's dice ------------------------------------------------------------------------- */

/** The die the server asks for (the 422's `needed`): its place in the order, its faces, what it
 * is for (`label`) and that in the answer's words (`word`).
 * @typedef {{faces: number, label: string, pos: number, word: string}} Die */

const dicePanel = /** @type {HTMLDialogElement} */ (root.querySelector("[data-dice]"));
const dieInput = /** @type {HTMLInputElement} */ (dicePanel.querySelector('[name="die"]'));

/**
 * Takes the action with the dice the table rolls: sends the dice given so far; while the server
 * answers that a die is missing, the dice panel asks for that one (named as the server names it)
 * and sends again with it. A die the server refuses (off its die) is asked for again, with the
 * server's words. Exact whatever path the dice take: each step asks only for what it rolls.
 * @param {string} kind
 * @param {Record<string, any>} body
 * @returns {Promise<boolean>} whether the action was taken (false: refused, or cancelled)
 */
async function withTableDice(kind, body) {
  /** @type {Array<Die & {value: number}>} */
  const given = [];
  /** @type {Die | null} */
  let next = null;
  for (;;) {
    let refusal = "";
    /** @type {Die | null} */
    let needed = null;
    const dice = given.map((die) => die.value);
    if (await change(() => expeditions.act(key, kind, { ...body, dice }),
      (words, die) => { refusal = words; needed = die; })) return true;
    if (!refusal) return false;  // refused for another reason: the page says why
    if (needed && needed.pos === given.length + 1) {  // the next die: asked for
      next = needed;
      refusal = "";
    } else {
      given.pop();  // the die typed last does not fit: typed again
      next = needed ?? next;
    }
    if (!next) {
      notice(root, refusal);
      return false;
    }
    const value = await askDie(given, next, refusal);
    if (value === null) return false;
    given.push({ ...next, value });
  }
}

/**
 * The dice panel: the dice given so far, the server's refusal (if any) and one input for the
 * die `next`; resolves to the value typed, or null when the GM cancels.
 * @param {Array<Die & {value: number}>} given
 * @param {Die} next
 * @param {string} refusal
 * @returns {Promise<number | null>}
 */
function askDie(given, next, refusal) {
  const list = /** @type {HTMLElement} */ (dicePanel.querySelector('[data-field="given"]'));
  list.hidden = given.length === 0;
  list.replaceChildren(...given.map((die) => {
    const line = fromTemplate(root, "given-die");
    fill(line, "faces", die.faces);
    fill(line, "die", die.word);
    fill(line, "value", die.value);
    return line;
  }));
  const shown = /** @type {HTMLElement} */ (dicePanel.querySelector('[data-field="refused"]'));
  shown.hidden = !refusal;
  shown.textContent = refusal;
  const asking = dicePanel.querySelector(".rpg-dice__next");
  fill(asking, "pos", next.pos);
  fill(asking, "faces", next.faces);
  fill(asking, "die", next.word);
  dieInput.max = String(next.faces);
  dieInput.value = "";
  dicePanel.returnValue = "";
  return new Promise((resolve) => {
    dicePanel.addEventListener("close", () => resolve(
      dicePanel.returnValue === "roll" ? Number(dieInput.value) : null), { once: true });
    dicePanel.showModal();
    dieInput.focus();
  });
}

/** "Zapsat kostku" with nothing typed keeps asking (the server's words are for what is sent). */
dicePanel.querySelector("form").addEventListener("submit", (event) => {
  const submitter = /** @type {HTMLButtonElement | null} */ (event.submitter);
  if (submitter?.value !== "cancel" && dieInput.value.trim() === "") {
    event.preventDefault();
    dieInput.focus();
  }
});

async function refused(error) {
  if (error instanceof Unreachable) {
    offline(root, true);
    return;
  }
  if (error instanceof Refused && error.status === 409 && poller) {
    await poller.refresh(true);  // a full read: the server has a newer version than this device
    const stale = /** @type {HTMLTemplateElement} */ (
      root.querySelector('template[data-template="stale"]'));
    notice(root, stale.content.textContent.replace(/\s+/g, " ").trim());
    return;
  }
  notice(root, error.message);
}

/** @param {HTMLFormElement} form */
function splitInputs(form) {
  const allocation = {};
  const alternative = [];
  for (const row of /** @type {NodeListOf<HTMLElement>} */ (
    form.querySelectorAll("[data-name]"))) {
    const allocated = /** @type {HTMLInputElement} */ (row.querySelector("[data-allocation]"));
    allocation[row.dataset.name] = Number(allocated.value || 0);
    if (/** @type {HTMLInputElement} */ (row.querySelector("[data-alternative]")).checked) {
      alternative.push(row.dataset.name);
    }
  }
  return { allocation, alternative };
}

/** The party's member named `name` as the page last read it. */
function memberNamed(name) {
  return current.state.party.find((member) => member.name === name);
}

/** Open the panel `name` for one character, under its card (the thumb that tapped is there):
 * its name in the heading and the hidden input. */
function openFor(name, character) {
  const panel = /** @type {Form} */ (root.querySelector(`[data-panel="${name}"]`));
  fill(panel, "character", character);
  panel.elements.character.value = character;
  root.querySelector(`.rpg-member[data-name="${CSS.escape(character)}"]`)?.append(panel);
  return panel;
}

/** The panels shown under a card go home before the party is drawn again (else they would
 * leave the page with the old cards); the open one comes back under its character's new card,
 * or closes when the character is gone. */
function parkMemberPanels() {
  const home = root.querySelector("[data-member-panels]");
  const open = [];
  for (const panel of /** @type {NodeListOf<Form>} */ (
    home.parentElement.querySelectorAll(".rpg-member [data-panel]"))) {
    if (!panel.hidden) open.push(panel);
    home.append(panel);
  }
  return open;
}

/** @param {Form[]} open */
function unparkMemberPanels(open) {
  for (const panel of open) {
    const card = root.querySelector(
      `.rpg-member[data-name="${CSS.escape(panel.elements.character.value)}"]`);
    if (card) card.append(panel);
    else panel.hidden = true;
  }
}

/** Heal: no nights and no magic yet; nights count as safe where the rules say (in
 * civilization), shown so the GM sees what is sent and can say otherwise. */
function openHeal(member) {
  const panel = openFor("heal", member.name);
  panel.elements.nights.value = 0;
  panel.elements.magic.value = 0;
  panel.elements.safe.checked = current.state.mode === "civilization";
  openPanel("heal");
}

/** A roll with its options under a character's card (the death save's "Ale já chci žít", a
 * saving throw, a skill, magic items, fatigue): each option as the rules assume unless the GM
 * says otherwise, and what the sheet knows filled in (the save's number: `data-from="save"`).
 * @param {string} name
 * @param {string} character
 */
function openMemberPanel(name, character) {
  const panel = openFor(name, character);
  panel.reset();
  panel.elements.character.value = character;
  const member = memberNamed(character);
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (
    panel.querySelectorAll("[data-from]"))) input.value = member?.[input.dataset.from] ?? "";
  openPanel(name);
}

const SHEET = ["max_hp", "hp", "fatigue", "movement", "save", "ac"];

/** The character's sheet as the records have it, to correct. */
function openSheet(member) {
  const panel = openFor("edit-character", member.name);
  for (const name of SHEET) panel.elements[name].value = member[name] ?? "";
  openPanel("edit-character");
}

/** What the sheet changes: only the fields that differ from the records (the log lists each
 * change, and nothing changed is the server's refusal to word). */
function sheetInputs(form) {
  const inputs = inputsOf(form);
  const member = memberNamed(inputs.character);
  if (!member) return inputs;
  for (const name of SHEET) {
    if (inputs[name] === member[name]) delete inputs[name];
  }
  return inputs;
}

/** What cannot be taken back with one tap (removing a character, cutting the players' link)
 * asks first, in a dialog whose button is live only after a moment: the thumb's second tap of a
 * double tap cannot confirm it. */
function confirmFirst(name) {
  const dialog = /** @type {HTMLDialogElement} */ (
    root.querySelector(`[data-confirm="${name}"]`));
  dialog.returnValue = "";
  const confirmed = /** @type {HTMLButtonElement} */ (dialog.querySelector("[data-confirmed]"));
  confirmed.disabled = true;
  dialog.showModal();
  setTimeout(() => { confirmed.disabled = false; }, 600);
  return dialog;
}

function confirmRemoval(character) {
  const dialog = confirmFirst("remove-character");
  fill(dialog, "character", character);
  dialog.dataset.character = character;
}

/** @param {HTMLDialogElement} dialog */
async function removalAnswered(dialog) {
  if (dialog.returnValue !== "remove") return;
  if (await act("remove-character", { character: dialog.dataset.character }, false)) {
    closePanels();
  }
}

/** @param {HTMLButtonElement} button */
function memberAction(button) {
  // A card's button, or an offer naming its character (magic items after a destroying death).
  const card = /** @type {HTMLElement | null} */ (button.closest(".rpg-member[data-name]"));
  const character = card ? card.dataset.name : button.dataset.character;
  if (button.dataset.memberPanel) return openMemberPanel(button.dataset.memberPanel, character);
  const amount = Number(/** @type {HTMLInputElement} */ (
    card.querySelector("[data-amount]")).value || 1);
  const kind = button.dataset.member;
  const member = memberNamed(character);
  if (kind === "damage") return act("damage", { character, amount }, false);
  if (kind === "heal") return member && openHeal(member);
  if (kind === "edit") return member && openSheet(member);
  if (kind === "fatigue") {
    const reason = /** @type {HTMLSelectElement} */ (card.querySelector("[data-reason]")).value;
    return act("fatigue", { character, reasons: [reason] }, true);
  }
  return act("death-save", { character }, true);
}

/** `count` shifts pass (an hour's, as many as the GM typed, or until a rest is allowed). */
async function shifts(count) {
  await act("shift", { count }, true);
}

/* --- the proof of fair rolls, and the players' own rolls ------------------------------------- */

/** A hash as the page shows it: its first characters, enough to compare by eye (the whole one
 * is the element's title).
 * @param {HTMLElement} scope
 * @param {string} name
 * @param {string} hash
 */
function fillHash(scope, name, hash) {
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (
    scope.querySelectorAll(`[data-field="${name}"]`))) {
    element.textContent = `${hash.slice(0, 12)}…`;
    element.title = hash;
  }
}

/** The current epoch's commitment and the log's head (a read's, or an action's answer's). */
function showChain(answer) {
  if (!answer.commitment || !answer.head) return;
  const panel = /** @type {HTMLElement} */ (root.querySelector("[data-chain]"));
  fill(panel, "epoch", answer.commitment.epoch);
  fillHash(panel, "commitment", answer.commitment.sha256);
  fill(panel, "from_seq", answer.commitment.from_seq);
  fill(panel, "head_seq", answer.head.seq);
  fillHash(panel, "head", answer.head.hash);
}

/** On each entry of the log what the GM may still do with it: reveal a hidden roll that no
 * reveal cites yet, apply a player's roll that no apply cites yet (as the server counts them:
 * an apply taken back still cites its roll). */
function showEntryActs() {
  const entries = log.newestFirst();
  /** @param {string} kind */
  const cited = (kind) => new Set(entries.filter((entry) => entry.kind === kind)
    .map((entry) => entry.input?.entry));
  const revealed = cited("reveal-entry");
  const applied = cited("apply");
  for (const item of /** @type {NodeListOf<HTMLElement>} */ (
    root.querySelectorAll('[data-field="log"] > [data-seq]'))) {
    const entry = log.entries.get(Number(item.dataset.seq));
    const acts = /** @type {HTMLElement | null} */ (item.querySelector("[data-entry-acts]"));
    if (!entry || !acts) continue;
    const reveal = entry.hidden && !revealed.has(entry.seq);
    const apply = entry.kind === "player-roll" && !applied.has(entry.seq);
    /** @type {HTMLElement} */ (acts.querySelector("[data-reveal-entry]")).hidden = !reveal;
    /** @type {HTMLElement} */ (acts.querySelector("[data-apply]")).hidden = !apply;
    acts.hidden = !reveal && !apply;
  }
}

/** The seq of the log's entry the tapped button stands in.
 * @param {HTMLElement} button
 */
const entryOf = (button) => Number(
  /** @type {HTMLElement} */ (button.closest("[data-seq]")).dataset.seq);

/** The characters a link may be issued for: the party as the page last read it. */
function showLinkCharacters(party) {
  const select = /** @type {HTMLSelectElement} */ (
    root.querySelector('[data-field="link_characters"]'));
  const chosen = select.value;
  select.replaceChildren(...party.map((member) => new Option(member.name, member.name)));
  if (party.some((member) => member.name === chosen)) select.value = chosen;
}

/** The character links in force (asked when the panel opens, and after each change). */
async function showCharacterLinks() {
  let links;
  try {
    links = (await expeditions.characterLinks(key)).data.links;
  } catch (error) {
    await refused(error);
    return;
  }
  const list = root.querySelector('[data-field="character_links"]');
  list.replaceChildren(...links.map((link) => {
    const row = fromTemplate(root, "character-link");
    row.dataset.linkId = String(link.id);
    fill(row, "character", link.character);
    const created = /** @type {HTMLTimeElement} */ (row.querySelector("time"));
    created.dateTime = link.created_at;
    created.textContent = whenText(new Date(link.created_at));
    return row;
  }));
  /** @type {HTMLElement} */ (root.querySelector('[data-empty="character_links"]')).hidden =
    links.length > 0;
}

/** A new link for the character chosen: shown once (the server keeps only its hash), to copy
 * or share at once. */
async function issueCharacterLink(character) {
  try {
    const link = (await expeditions.issueCharacterLink(key, character)).data;
    const issued = /** @type {HTMLElement} */ (root.querySelector("[data-issued]"));
    fill(issued, "issued_character", link.character);
    linkField("character_link").value = characterLinkTo({ id: key.id, token: link.token });
    issued.hidden = false;
  } catch (error) {
    await refused(error);
  }
  await showCharacterLinks();
}

/* --- this device's expeditions ---------------------------------------------------------------- */

/** The expeditions this device's GM created or opened, on the page that starts one: each opens
 * by its GM's link, its players' link ready to copy, and leaves the list at a tap. */
function showMine() {
  const mine = myExpeditions();
  const list = root.querySelector('[data-field="mine"]');
  list.replaceChildren(...mine.map((item) => {
    const row = fromTemplate(root, "mine");
    row.dataset.id = item.id;
    fill(row, "name", item.name);
    const open = /** @type {HTMLAnchorElement} */ (row.querySelector('[data-field="open"]'));
    open.href = linkTo(item);
    const played = /** @type {HTMLTimeElement} */ (row.querySelector('[data-field="played"]'));
    played.dateTime = item.played;
    played.textContent = whenText(new Date(item.played));
    const players = /** @type {HTMLInputElement} */ (row.querySelector('[data-field="players"]'));
    players.value = item.players || "";
    for (const part of /** @type {NodeListOf<HTMLElement>} */ (
      row.querySelectorAll("[data-if-players]"))) part.hidden = !item.players;
    return row;
  }));
  /** @type {HTMLElement} */ (root.querySelector("[data-mine]")).hidden = mine.length === 0;
}

/* --- sharing ---------------------------------------------------------------------------------- */

async function showLinks() {
  linkField("gm_link").value = linkTo(key);
  try {
    const answer = await expeditions.playersLink(key);
    linkField("players_link").value = answer.data.players;
    rememberMine({ ...key, players: answer.data.players });
  } catch (error) {
    await refused(error);
  }
}

/** The field showing the link `name` ("gm_link", "players_link").
 * @param {string} name
 */
const linkField = (name) => /** @type {HTMLInputElement} */ (
  root.querySelector(`[data-field="${name}"]`));

/** @param {string} name */
async function copy(name) {
  await copyField(linkField(name), name === "players_link");
}

/** Copy the link in `field` (or hand it to the phone's share sheet, for a players' link).
 * @param {HTMLInputElement} field
 * @param {boolean} share
 */
async function copyField(field, share) {
  if (navigator.share && share) {
    try {
      await navigator.share({ url: field.value });
      return;
    } catch { /* not shared: copy instead */ }
  }
  field.select();
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(field.value).catch(() => document.execCommand("copy"));
  } else {
    document.execCommand("copy");
  }
}

/** The file name a download's Content-Disposition gives (its UTF-8 `filename*`), or null.
 * @param {Headers | undefined} headers
 */
function attachmentName(headers) {
  const match = /filename\*=UTF-8''([^;]+)/i.exec(headers?.get("Content-Disposition") || "");
  return match ? decodeURIComponent(match[1]) : null;
}

/** Save the backup (JSON, to import again) or the chronicle (Markdown, to read and print).
 * @param {"backup" | "chronicle"} what
 */
async function download(what) {
  try {
    const chronicle = what === "chronicle";
    const answer = await (chronicle ? expeditions.chronicle(key) : expeditions.exported(key));
    const blob = chronicle ? new Blob([answer.data], { type: "text/markdown" })
      : new Blob([JSON.stringify(answer.data, null, 1)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = chronicle ? attachmentName(answer.headers) || `kronika-${key.id}.md`
      : `vyprava-${key.id}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } catch (error) {
    await refused(error);
  }
}

/* --- starting --------------------------------------------------------------------------------- */

function open(newKey) {
  key = newKey;
  keepKey("gm", key);  // in this tab only: never in the address, so in no history
  if (!myExpeditions().find((item) => item.id === key.id)?.players) {
    const asked = key;  // the players' link beside the GM's on the device's list
    expeditions.playersLink(asked).then(
      (answer) => rememberMine({ ...asked, players: answer.data.players }), () => {});
  }
  poller = poll(key, {
    onState: opened,
    onOnline: () => offline(root, false),
    onOffline: () => offline(root, true),
    onGone: (error) => {
      forgetKey("gm");
      forgetMine(key.id);  // deleted, or its link cut: no use listing it
      showMine();
      showView(root, "new");
      notice(root, error.message);
    },
  });
}

function created(answer) {
  const links = answer.data.links;
  current = null;
  open({ id: answer.data.id, token: links.gm_token });
  opened(answer.data);
}

root.addEventListener("submit", async (event) => {
  const form = /** @type {Form} */ (event.target);
  if (form.method === "dialog") return;  // a confirmation: its dialog closes with the answer
  event.preventDefault();
  if (form.dataset.form === "create") {
    try {
      created(await expeditions.create(inputsOf(form)));
    } catch (error) {
      await refused(error);
    }
    return;
  }
  if (form.dataset.form === "import") {
    const file = form.elements.file.files[0];
    if (!file) return;
    try {
      created(await expeditions.importExport(JSON.parse(await file.text())));
    } catch (error) {
      await refused(error instanceof SyntaxError ? new Error(error.message) : error);
    }
    return;
  }
  if (form.dataset.form === "character-link") {
    await issueCharacterLink(form.elements.character.value);
    return;
  }
  if (form.dataset.form === "shifts") {
    await shifts(Number(form.elements.count.value));
    return;
  }
  if (form.dataset.offerForm) {  // an offer whose missing inputs the GM fills in
    await act(form.dataset.offerForm, { ...JSON.parse(form.dataset.input), ...inputsOf(form) },
      true);
    return;
  }
  const kind = form.dataset.action;
  /** @type {Record<string, any>} */
  const inputs = kind === "split-damage" ? splitInputs(form)
    : kind === "edit-character" ? sheetInputs(form) : inputsOf(form);
  if (kind === "encounter") {
    const creatures = rowsOf(form, "creatures");
    if (creatures.length) inputs.creatures = creatures;
  }
  if (kind === "travel-day") {  // groups declared beforehand: each its own activity
    const activities = rowsOf(form, "activities");
    if (activities.length) {
      inputs.activities = activities;
      delete inputs.activity;
    }
  }
  if (await act(kind, inputs, form.hasAttribute("data-rolls"))) {
    closePanels();
    if (form.hasAttribute("data-reset")) form.reset();
  }
});

root.addEventListener("click", async (event) => {
  const button = /** @type {Element} */ (event.target).closest("button");
  if (!button || button.type === "submit") return;
  if (button.dataset.act) {
    if (button.dataset.act === "shift") {
      await shifts(1);
      return;
    }
    await act(button.dataset.act, {}, button.hasAttribute("data-rolls"));
  } else if (button.dataset.shifts) {
    await shifts(Number(button.dataset.shifts));
  } else if (button.dataset.open) {
    openPanel(button.dataset.open);
  } else if (button.hasAttribute("data-close")) {
    closePanels();
  } else if (button.dataset.member || button.dataset.memberPanel) {
    await memberAction(button);
  } else if (button.hasAttribute("data-remove-character")) {
    confirmRemoval(/** @type {Form} */ (button.form).elements.character.value);
  } else if (button.hasAttribute("data-remove-effect")) {
    const effect = /** @type {HTMLElement} */ (button.closest("[data-name]"));
    await act("remove-effect", { name: effect.dataset.name }, false);
  } else if (button.dataset.offerAct) {
    await act(button.dataset.offerAct, JSON.parse(button.dataset.input), true);
  } else if (button.hasAttribute("data-reveal-entry")) {
    const dialog = confirmFirst("reveal-entry");
    fill(dialog, "seq", entryOf(button));
    dialog.dataset.entry = String(entryOf(button));
  } else if (button.hasAttribute("data-apply")) {
    await change(() => expeditions.write(key, "apply", current.version,
      { entry: entryOf(button) }));
  } else if (button.hasAttribute("data-reveal-key")) {
    const dialog = confirmFirst("reveal-key");
    fill(dialog, "epoch", current.commitment.epoch);
    fill(dialog, "next_epoch", current.commitment.epoch + 1);
  } else if (button.hasAttribute("data-copy-character")) {
    await copyField(linkField("character_link"), true);
  } else if (button.hasAttribute("data-revoke-link")) {
    const item = /** @type {HTMLElement} */ (button.closest("[data-link-id]"));
    const dialog = confirmFirst("revoke-link");
    fill(dialog, "character", item.querySelector('[data-field="character"]').textContent);
    dialog.dataset.linkId = item.dataset.linkId;
  } else if (button.hasAttribute("data-undo")) {
    await change(() => expeditions.write(key, "undo", current.version));
  } else if (button.hasAttribute("data-redo")) {
    await change(() => expeditions.write(key, "redo", current.version));
  } else if (button.hasAttribute("data-older")) {
    const older = await expeditions.log(key, log.oldest()).catch(() => null);
    if (!older) return;
    log.merge(older.data.entries, older.data.undone);
    renderLog(root, log.newestFirst());
    showEntryActs();
    button.hidden = older.data.next_before === null;
  } else if (button.hasAttribute("data-add-row")) {
    addRow(button);
  } else if (button.dataset.copy) {
    await copy(button.dataset.copy);
  } else if (button.hasAttribute("data-copy-mine")) {
    await copyField(/** @type {HTMLInputElement} */ (
      button.closest("li").querySelector('[data-field="players"]')), true);
  } else if (button.hasAttribute("data-forget-mine")) {
    forgetMine(/** @type {HTMLElement} */ (button.closest("[data-id]")).dataset.id);
    showMine();
  } else if (button.hasAttribute("data-rotate")) {
    confirmFirst("rotate-players");
  } else if (button.hasAttribute("data-export")) {
    await download("backup");
  } else if (button.hasAttribute("data-chronicle")) {
    await download("chronicle");
  } else if (button.hasAttribute("data-forget")) {
    forgetKey("gm");  // this tab no longer opens it; the GM's link still does
    window.location.replace(window.location.pathname);
  }
});

root.querySelector('[data-panel="split-damage"]').addEventListener("input", showSplitLeft);

root.querySelector('[data-confirm="remove-character"]').addEventListener(
  "close", (event) => removalAnswered(/** @type {HTMLDialogElement} */ (event.target)));

/** A new players' link once the GM said so: every player's old link stops opening. */
root.querySelector('[data-confirm="rotate-players"]').addEventListener("close", async (event) => {
  if (/** @type {HTMLDialogElement} */ (event.target).returnValue !== "rotate") return;
  try {
    const answer = await expeditions.rotate(key);
    linkField("players_link").value = answer.data.players;
    rememberMine({ ...key, players: answer.data.players });
  } catch (error) {
    await refused(error);
  }
});

root.querySelector('[data-confirm="reveal-key"]').addEventListener("close", async (event) => {
  if (/** @type {HTMLDialogElement} */ (event.target).returnValue !== "reveal") return;
  await change(() => expeditions.write(key, "reveal-key", current.version));
});

root.querySelector('[data-confirm="reveal-entry"]').addEventListener("close", async (event) => {
  const dialog = /** @type {HTMLDialogElement} */ (event.target);
  if (dialog.returnValue !== "reveal") return;
  await change(() => expeditions.write(key, "reveal-entry", current.version,
    { entry: Number(dialog.dataset.entry) }));
});

root.querySelector('[data-confirm="revoke-link"]').addEventListener("close", async (event) => {
  const dialog = /** @type {HTMLDialogElement} */ (event.target);
  if (dialog.returnValue !== "revoke") return;
  try {
    await expeditions.revokeCharacterLink(key, dialog.dataset.linkId);
  } catch (error) {
    await refused(error);
  }
  await showCharacterLinks();
});

root.querySelector("[data-character-links]").addEventListener("toggle", (event) => {
  if (/** @type {HTMLDetailsElement} */ (event.target).open) showCharacterLinks();
});

root.querySelector("[data-share]").addEventListener("toggle", (event) => {
  if (/** @type {HTMLDetailsElement} */ (event.target).open) showLinks();
});

watchConnection(root);
followTimes(root);
if (key) {
  open(key);
} else {
  showMine();
  showView(root, "new");
}
