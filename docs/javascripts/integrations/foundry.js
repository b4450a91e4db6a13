/* The Foundry VTT module "rpg-companion" (Foundry 12 and 13): the rules' procedures in a dialog,
 * their cards in the chat, a linked expedition's actions moving the world's clock.
 *
 * Settings: the server's address (from the server the module was installed from), the language
 * of its cards, and the expedition link (a world setting only the GM sets). A GM link pasted
 * there is kept in the GM's own browser (a client setting) and replaced, for everyone, by the
 * expedition's players' link: players read the expedition, only the GM's browser can act.
 *
 * The dialog (an ApplicationV2) lists the server's procedures (its index) and builds the chosen
 * one's form from its OpenAPI document; a roll asks the server, posts its HTML card with the
 * table's roll mode (a GM-only roll whispered to the GMs, a blind one hidden from its roller,
 * a self roll to its roller) and the server's dice as Foundry Rolls, so dice animations show
 * the server's numbers. An expedition's action moves the world clock (game.time.advance) by as
 * much as the expedition's clock moved: a shift 10 minutes, a rest its hours.
 *
 * Built by the site's plugin (rulesite/integrations.py) into the module's zip.
 */
import { Server, Unreachable, escapeHtml, fieldsHtml, linkKey, readFields }
  from "./procedures.js";

const ID = "rpg-companion";
const WORDS = "RPG-COMPANION";

/** The module's own word `key` (its languages/cs.json and en.json). */
const t = (key, data) => (data ? game.i18n.format(`${WORDS}.${key}`, data)
  : game.i18n.localize(`${WORDS}.${key}`));

/** The server of the module's settings, in the settings' language. @returns {Server} */
function server() {
  return new Server(game.settings.get(ID, "server"), game.settings.get(ID, "language"));
}

/** The expedition link everyone reads (the players' link once the GM adopted it). */
const sharedKey = () => linkKey(game.settings.get(ID, "expedition"));
/** The GM's own key, kept in this browser only. */
const gmKey = () => (game.user.isGM ? linkKey(game.settings.get(ID, "gmLink")) : null);

/**
 * A GM link pasted into the world setting becomes the GM's own (this browser) and the world's
 * setting the players' link: the GM token never stays where every client reads it.
 */
/** @param {string} value  the setting as the GM gave it */
async function adopt(value) {
  if (!game.user.isGM) return;
  const key = linkKey(value);
  if (!key) return;
  try {
    const read = await server().read(key);
    if (read.role !== "gm") return; // a players' link: kept as it is
    await game.settings.set(ID, "gmLink", value);
    await game.settings.set(ID, "expedition", await server().playersLink(key));
  } catch (error) {
    ui.notifications.error(failure(error));
  }
}

/** What went wrong, in words. @param {Error} error @returns {string} */
function failure(error) {
  if (error instanceof Unreachable) {
    return t("unreachable", { server: game.settings.get(ID, "server") });
  }
  return error.message;
}

/**
 * The server's dice as Foundry Rolls: one per roll of the answer, its dice and its total.
 * @param {{label: string, notation: string, results: number[], total: number}[]} rolls
 * @returns {Roll[]}
 */
export function foundryRolls(rolls) {
  return rolls.map((roll) => {
    const faces = /d(%|\d+)/i.exec(roll.notation || "");
    if (!faces || !roll.results.length) return null;
    const sides = faces[1] === "%" ? 100 : Number(faces[1]);
    return Roll.fromData({
      class: "Roll", options: {}, dice: [], formula: `${roll.results.length}d${sides}`,
      terms: [{ class: "Die", options: { flavor: roll.label }, evaluated: true,
        number: roll.results.length, faces: sides, modifiers: [],
        results: roll.results.map((result) => ({ result, active: true })) }],
      total: roll.total, evaluated: true,
    });
  }).filter(Boolean);
}

/**
 * The chat message's recipients for the table's roll mode (CONST.DICE_ROLL_MODES).
 * @param {Record<string, any>} data  the message's data @param {string} mode @returns {Record<string, any>}
 */
export function withRollMode(data, mode) {
  const modes = CONST.DICE_ROLL_MODES;
  const gms = () => game.users.filter((user) => user.isGM).map((user) => user.id);
  if (mode === modes.PRIVATE) return { ...data, whisper: gms() };
  if (mode === modes.BLIND) return { ...data, whisper: gms(), blind: true };
  if (mode === modes.SELF) return { ...data, whisper: [game.user.id] };
  return data;
}

/**
 * Post a card to the chat with the server's dice, in the table's roll mode.
 * @param {string} content  HTML @param {Record<string, any>[]} rolls  the API's rolls
 */
async function postCard(content, rolls) {
  const mode = game.settings.get("core", "rollMode");
  const data = withRollMode({ content, speaker: ChatMessage.getSpeaker(),
    rolls: foundryRolls(rolls), sound: rolls.length ? CONFIG.sounds.dice : undefined }, mode);
  return ChatMessage.create(data, { rollMode: mode });
}

/**
 * Move the world's clock as the expedition's clock moved (in shifts).
 * @param {{clock: number}} before @param {{clock: number}} after @returns {Promise<number>}
 */
async function followClock(before, after) {
  const { shift_minutes: minutes } = await server().expeditionWords();
  const seconds = (after.clock - before.clock) * minutes * 60;
  if (seconds && game.user.isGM) await game.time.advance(seconds);
  return seconds;
}

const { ApplicationV2 } = foundry.applications.api;

/** The dialog: a procedure's form and its roll; the linked expedition and its buttons. */
export class ProceduresApp extends ApplicationV2 {
  static DEFAULT_OPTIONS = {
    id: ID,
    tag: "form",
    classes: ["rpg-companion"],
    window: { title: `${WORDS}.open`, resizable: true },
    position: { width: 440, height: "auto" },
    form: { handler: ProceduresApp.submitted, submitOnChange: false, closeOnSubmit: false },
    actions: { act: ProceduresApp.acted },
  };

  /** The chosen procedure's path (the first of the index until one is chosen). */
  path = null;
  /** The last refusal, shown above the button. */
  problem = "";

  get title() {
    return t("open");
  }

  async _prepareContext() {
    const api = server();
    try {
      const procedures = await api.procedures();
      this.path ??= procedures[0].path;
      // The form shows the procedure whose fields it drew, even if another is chosen meanwhile.
      const path = this.path;
      const fields = await api.fields(path);
      const expedition = await this.expedition(api);
      return { procedures, path, fields, expedition };
    } catch (error) {
      return { problem: failure(error) };
    }
  }

  /** The linked expedition as this user reads it, and its buttons for the GM.
   * @param {Server} api */
  async expedition(api) {
    const key = gmKey() || sharedKey();
    if (!key) return null;
    const read = await api.read(key);
    const buttons = read.role === "gm" ? await api.buttonActions() : [];
    return { state: read.state, buttons, titles: (await api.expeditionWords()).titles };
  }

  async _renderHTML(context) {
    if (context.problem) return `<p class="rpg-problem">${escapeHtml(context.problem)}</p>`;
    const options = context.procedures.map((p) => `<option value="${escapeHtml(p.path)}"`
      + `${p.path === context.path ? " selected" : ""}>${escapeHtml(p.summary)}</option>`).join("");
    const unset = t("unset");
    const parts = [
      `<div class="rpg-field"><label for="${ID}-procedure">${escapeHtml(t("procedure"))}</label>`
        + `<select id="${ID}-procedure" name="procedure" data-procedure>${options}</select></div>`,
      `<div class="rpg-fields">${fieldsHtml(context.fields, ID, unset)}</div>`,
      `<p class="rpg-problem"${this.problem ? "" : " hidden"}>${escapeHtml(this.problem)}</p>`,
      `<button type="submit" data-roll>${escapeHtml(t("roll"))}</button>`,
    ];
    if (context.expedition) parts.push(expeditionHtml(context.expedition));
    return parts.join("");
  }

  _replaceHTML(result, content) {
    content.innerHTML = result;
  }

  _onRender() {
    // The server checks every bound and names the field in its refusal, in the table's language.
    this.element.noValidate = true;
    const select = this.element.querySelector("[data-procedure]");
    if (!select) return;
    select.addEventListener("change", () => {
      this.path = select.value;
      this.problem = "";
      this.render();
    });
  }

  /** The form submitted: the procedure rolled by the server, its card posted.
   * @param {SubmitEvent} event @param {HTMLFormElement} form */
  static async submitted(event, form) {
    const api = server();
    try {
      const fields = await api.fields(this.path);
      const { answer, card } = await api.roll(this.path, readFields(form, fields));
      this.problem = "";
      await postCard(card, answer.rolls);
    } catch (error) {
      this.problem = failure(error);
    }
    this.render();
  }

  /** A button of the expedition: its action, its entry in the chat, the world's clock moved.
   * @param {PointerEvent} event @param {HTMLElement} target  the button */
  static async acted(event, target) {
    const key = gmKey();
    if (!key) return;
    const api = server();
    try {
      const acted = await api.act(key, target.dataset.kind);
      const entry = acted.entry;
      const text = [entry.text, ...entry.events, ...entry.answers.map((a) => a.text)];
      const rolls = entry.answers.flatMap((a) => a.rolls);
      await postCard(`<div class="rpg-result"><header><strong class="rpg-title">`
        + `${escapeHtml(acted.state.name)} · ${escapeHtml(entry.title)}</strong></header>`
        + `<p class="rpg-text">${escapeHtml(text.join(" "))}</p></div>`, rolls);
      await followClock(acted.before, acted.state);
      this.problem = "";
    } catch (error) {
      this.problem = failure(error);
    }
    this.render();
  }
}

/** The expedition's records in a few lines, and the GM's buttons.
 * @param {{state: Record<string, any>, buttons: string[], titles: Object<string, string>}} expedition
 * @returns {string} */
function expeditionHtml({ state, buttons, titles }) {
  const party = state.party.map((m) => `<li>${escapeHtml(m.name)} ${m.hp}/${m.max_hp} `
    + `(${escapeHtml(m.status_text)})</li>`).join("");
  const effects = state.effects.map((e) => `<li>${escapeHtml(e.name)}: `
    + `${escapeHtml(e.left_text)}</li>`).join("");
  const acts = buttons.concat(buttons.length ? ["undo"] : []).map((kind) => `<button `
    + `type="button" data-action="act" data-kind="${escapeHtml(kind)}">`
    + `${escapeHtml(titles[kind] || kind)}</button>`).join("");
  return `<section class="rpg-expedition"><h3>${escapeHtml(state.name)}</h3>`
    + `<p class="rpg-clock">${escapeHtml(state.clock_text)} · ${escapeHtml(state.mode_text)}</p>`
    + `<ul>${party}${effects}</ul>${acts ? `<div class="rpg-actions">${acts}</div>` : ""}`
    + `</section>`;
}

/** Open the dialog (the module's API: `game.modules.get("rpg-companion").api.open()`). */
export function open() {
  return new ProceduresApp().render({ force: true });
}

Hooks.once("init", () => {
  const module = game.modules.get(ID);
  game.settings.register(ID, "server", {
    name: `${WORDS}.server`, hint: `${WORDS}.server-hint`, scope: "world", config: true,
    type: String, default: foundry.utils.getProperty(module, `flags.${ID}.server`) || "",
  });
  game.settings.register(ID, "language", {
    name: `${WORDS}.language`, hint: `${WORDS}.language-hint`, scope: "world", config: true,
    type: String, choices: { cs: "Čeština", en: "English" },
    default: game.i18n.lang === "cs" ? "cs" : "en",
  });
  game.settings.register(ID, "expedition", {
    name: `${WORDS}.expedition`, hint: `${WORDS}.expedition-hint`, scope: "world",
    config: true, restricted: true, type: String, default: "", onChange: adopt,
  });
  game.settings.register(ID, "gmLink", {
    scope: "client", config: false, type: String, default: "",
  });
  module.api = { open };
});

Hooks.once("ready", () => adopt(game.settings.get(ID, "expedition")));

// A button above the chat's input opens the dialog (Foundry 12 gives jQuery, 13 an element).
Hooks.on("renderChatLog", (app, html) => {
  const root = html instanceof HTMLElement ? html : html[0];
  if (!root || root.querySelector(`[data-${ID}]`)) return;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset[ID.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = "";
  button.className = "rpg-companion-open";
  button.textContent = t("open");
  button.addEventListener("click", open);
  const form = root.querySelector("#chat-form, .chat-form");
  (form ? form.parentElement : root).insertBefore(button, form);
});
