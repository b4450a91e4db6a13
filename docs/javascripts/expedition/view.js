/* Rendering an expedition into its page: the records, the party, the lights, the log.
 *
 * Every word on the page is the page's own (its HTML and <template>s) or the server's (texts from
 * the engine's message catalog, in the page's language): this module only puts values in place,
 * always as text, never as HTML.
 */
import { sitePath } from "./api.js";

/* When an entry was written. The group may sit in different time zones, so the page shows how
 * long ago (the same for everyone), and an older entry its date and time with the zone's name;
 * the full date and time with the zone is always the entry's title. */
const ago = new Intl.RelativeTimeFormat("cs", { numeric: "auto", style: "short" });
const dated = new Intl.DateTimeFormat("cs-CZ", {
  day: "numeric", month: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short",
});
const full = new Intl.DateTimeFormat("cs-CZ", { dateStyle: "medium", timeStyle: "short" });
const zone = new Intl.DateTimeFormat("cs-CZ", { timeZoneName: "long" });
/** Up to this long ago an entry's time reads as "před 5 min", "před 3 h". */
const RELATIVE_MS = 12 * 3600 * 1000;

/** The time of an entry as the page shows it, `now` being the device's clock. */
export function whenText(at, now = Date.now()) {
  const since = Math.max(0, now - at.getTime());
  if (since < 60 * 1000) return ago.format(0, "second");
  if (since < 3600 * 1000) return ago.format(-Math.floor(since / 60000), "minute");
  if (since < RELATIVE_MS) return ago.format(-Math.floor(since / 3600000), "hour");
  return dated.format(at);
}

function zoneName(at) {
  const part = zone.formatToParts(at).find((piece) => piece.type === "timeZoneName");
  return part ? part.value : "";
}

function showTime(time, now) {
  const at = new Date(time.dateTime);
  time.textContent = whenText(at, now);
  time.title = `${full.format(at)} (${zoneName(at)})`;
}

/** Keep the log's "před 5 min" true while the page stays open with nothing new. */
export function followTimes(root) {
  setInterval(() => {
    const now = Date.now();
    for (const time of root.querySelectorAll('[data-field="log"] time')) showTime(time, now);
  }, 30000);
}

/** A copy of the page's template `name`. */
export function fromTemplate(root, name) {
  const template = root.querySelector(`template[data-template="${name}"]`);
  return template.content.firstElementChild.cloneNode(true);
}

/** Put `value` as text into every [data-field=name] of `scope`. */
export function fill(scope, name, value) {
  for (const element of scope.querySelectorAll(`[data-field="${name}"]`)) {
    element.textContent = value === null || value === undefined ? "" : String(value);
  }
}

function show(element, visible) {
  if (element) element.hidden = !visible;
}

/** The page that replays one step of the log: its rule's page, whose calculator of the
 * procedure is filled with the step's inputs and the dice it rolled (calculators/core/ui.js,
 * replayAsked), beside the rule. */
export function replayUrl(answer) {
  const url = new URL(sitePath(answer.rule.url));
  url.search = new URLSearchParams({
    prehrat: answer.procedure,
    vstup: JSON.stringify(answer.input),
    kostky: answer.rolls.flatMap((roll) => roll.results).join(","),
  }).toString();
  return url.href;
}

function renderEntry(root, entry) {
  const item = fromTemplate(root, "entry");
  item.dataset.seq = entry.seq;
  item.classList.toggle("rpg-entry--undone", entry.undone);
  item.classList.toggle("rpg-entry--hidden", entry.hidden);
  fill(item, "title", entry.title);
  fill(item, "text", entry.text);
  const time = item.querySelector("time");
  time.dateTime = entry.at;
  showTime(time, Date.now());
  show(item.querySelector('[data-badge="hidden"]'), entry.hidden);
  show(item.querySelector('[data-badge="undone"]'), entry.undone);
  // Where its dice came from: drawn under the epoch's committed key (verifiable once the key
  // is revealed), a seed typed in (replayable, no proof), the table's dice (taken on trust).
  const origins = new Set((entry.steps || []).map((step) => step.origin));
  show(item.querySelector('[data-badge="drawn"]'), origins.has("drawn"));
  show(item.querySelector('[data-badge="seed"]'), origins.has("seed"));
  show(item.querySelector('[data-badge="table-dice"]'),
    origins.has("dice") || Boolean(entry.dice?.length));
  const events = item.querySelector('[data-field="events"]');
  for (const event of entry.events) {
    const line = document.createElement("li");
    line.textContent = event;
    events.append(line);
  }
  show(events, entry.events.length > 0);
  const answers = item.querySelector('[data-field="answers"]');
  for (const answer of entry.answers) {
    const step = fromTemplate(root, "answer");
    fill(step, "text", answer.text);
    const rule = step.querySelector('[data-field="rule"]');
    rule.textContent = answer.rule.title;
    rule.href = sitePath(answer.rule.url);
    const replay = step.querySelector('[data-field="replay"]');
    replay.href = replayUrl(answer);
    replay.target = "_blank";
    replay.rel = "noopener";
    answers.append(step);
  }
  const folded = /** @type {HTMLDetailsElement} */ (item.querySelector("[data-answers]"));
  show(folded, entry.answers.length > 0);
  // Several shifts at once: what each shift rolled shows at once, to the GM (the players' page
  // keeps the dice folded, as a single shift's are).
  folded.open = root.dataset.expedition === "gm" && entry.kind === "shift"
    && (entry.input.count ?? 1) > 1;
  return item;
}

function renderMember(root, member, role) {
  const item = fromTemplate(root, "member");
  item.dataset.name = member.name;
  item.classList.add(`rpg-member--${member.status}`);
  for (const name of ["name", "hp", "max_hp", "fatigue", "status_text"]) {
    fill(item, name, member[name]);
  }
  const meter = item.querySelector('[data-field="hp_meter"]');
  meter.max = 1;
  meter.value = member.max_hp ? member.hp / member.max_hp : 0;
  const dead = member.status === "dead";
  for (const save of item.querySelectorAll('[data-member^="death-save"]')) {
    show(save, dead && !member.beyond_rescue);
  }
  for (const button of item.querySelectorAll(
    '[data-member]:not([data-member^="death-save"]):not([data-member="edit"])')) {
    show(button, !dead);
  }
  for (const input of item.querySelectorAll("[data-amount], [data-reason]")) show(input, !dead);
  if (role !== "gm") item.querySelector(".rpg-member__actions")?.remove();
  return item;
}

function renderEffect(root, effect) {
  const item = fromTemplate(root, "effect");
  item.dataset.name = effect.name;
  fill(item, "name", effect.name);
  fill(item, "left_text", effect.left_text);
  show(item.querySelector("[data-light]"), effect.light);
  return item;
}

/** One thing the rules do next by the clock (the state's `ahead`): its words, marked when it
 * falls within the next shift. */
function renderComing(root, coming) {
  const item = fromTemplate(root, "coming");
  item.dataset.kind = coming.kind;
  item.classList.toggle("is-warned", coming.warn);
  fill(item, "text", coming.text);
  return item;
}

/** Show the records of `answer` (a read of the API) on the page `root`. */
export function renderState(root, state, role) {
  const head = root.querySelector('[data-view="expedition"]');
  for (const name of ["name", "clock_text", "mode_text", "supplies", "since_rest_text"]) {
    fill(head, name, state[name]);
  }
  const encounter = head.querySelector('[data-field="encounter"]');
  show(encounter, state.encounter !== null);
  if (state.encounter) fill(encounter, "round", state.encounter.rounds);
  root.dataset.mode = state.mode;
  root.dataset.encounter = state.encounter ? "yes" : "no";

  const party = root.querySelector('[data-field="party"]');
  party.replaceChildren(...state.party.map((member) => renderMember(root, member, role)));
  const effects = root.querySelector('[data-field="effects"]');
  effects.replaceChildren(...state.effects.map((effect) => renderEffect(root, effect)));
  // What comes next by the clock (only the GM's page has the strip; the players' page shows
  // their lights in the effects above).
  const ahead = root.querySelector('[data-field="ahead"]');
  if (ahead) ahead.replaceChildren(...state.ahead.map((coming) => renderComing(root, coming)));
  // An empty list says what to do (or, to the players, that nothing is there yet).
  show(root.querySelector('[data-empty="party"]'), state.party.length === 0);
  show(root.querySelector('[data-empty="effects"]'), state.effects.length === 0);
}

/** Show `entries` (newest first) in the log of `root`. */
export function renderLog(root, entries) {
  const log = root.querySelector('[data-field="log"]');
  // An entry drawn before from the same reading stays the same element: a poll that brings
  // nothing new leaves the log as the reader has it (dice open or folded, a tap under way);
  // a changed entry (an undo marks it) is drawn again and keeps its dice open or folded.
  const before = new Map([.../** @type {HTMLCollectionOf<HTMLElement>} */ (log.children)].map(
    (item) => [item.dataset.seq, item]));
  const items = entries.map((entry) => {
    const old = before.get(String(entry.seq));
    if (old && same(drawnFrom.get(old), entry)) return old;
    const item = renderEntry(root, entry);
    drawnFrom.set(item, entry);
    const details = /** @type {HTMLDetailsElement | null} */ (
      old && old.querySelector("[data-answers]"));
    if (details) /** @type {HTMLDetailsElement} */ (item.querySelector("[data-answers]")).open =
      details.open;
    return item;
  });
  if (items.length !== log.children.length || items.some((item, at) => log.children[at] !== item)) {
    log.replaceChildren(...items);
  }
  if (entries.length) log.start = entries[0].seq;
}

/** The reading each shown entry was drawn from. */
const drawnFrom = new WeakMap();

/** Whether two readings of JSON say the same, whatever order their members come in (a
 * database may give an object's members in another order than the action's answer did).
 * @param {any} a @param {any} b
 * @returns {boolean}
 */
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null
    || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length
    && keys.every((name) => Object.hasOwn(b, name) && same(a[name], b[name]));
}

/** The page's parts shown for what is known: a new expedition, or one opened. */
export function showView(root, view) {
  for (const part of root.querySelectorAll("[data-view]")) {
    if (["new", "expedition"].includes(part.dataset.view)) part.hidden = part.dataset.view !== view;
  }
}

/** A passing message (an error, a conflict) on top of the page; empty hides it. */
export function notice(root, text) {
  const element = root.querySelector('[data-view="notice"]');
  element.textContent = text || "";
  element.hidden = !text;
}

/** Whether the page says it is offline. */
export function offline(root, isOffline) {
  root.querySelector('[data-view="offline"]').hidden = !isOffline;
}

/** Say so at once when the browser knows it is offline (a page opened from the cache), and
 * let a tap dismiss a notice. */
export function watchConnection(root) {
  if (!navigator.onLine) offline(root, true);
  window.addEventListener("offline", () => offline(root, true));
  const shown = root.querySelector('[data-view="notice"]');
  shown.addEventListener("click", () => notice(root, ""));
}

/**
 * The log as the page keeps it: the newest entries of every read, and older pages loaded on
 * demand; entries are replaced by their newer reading (an undo marks an older one undone).
 */
export class LogView {
  constructor() {
    this.entries = new Map();
  }

  /**
   * Keep `entries` (newer readings replace older ones); `undone` lists which of them were taken
   * back since (an entry never changes: the answer says it beside the page).
   * @param {any[]} entries
   * @param {number[]} [undone]
   */
  merge(entries, undone = []) {
    const taken = new Set(undone);
    for (const entry of entries) this.entries.set(entry.seq, { ...entry, undone: taken.has(entry.seq) });
  }

  newestFirst() {
    return [...this.entries.values()].sort((a, b) => b.seq - a.seq);
  }

  /** The oldest entry's seq (1 when none is known: nothing older to ask for). */
  oldest() {
    return this.entries.size ? Math.min(...this.entries.keys()) : 1;
  }
}
