/* A stand-in of what the Foundry VTT module uses of Foundry (12 and 13), recording each call:
 * game (settings, i18n, users, time, modules), Hooks, ChatMessage, Roll, CONST, CONFIG, ui,
 * foundry.utils and foundry.applications.api.ApplicationV2 (render → _prepareContext →
 * _renderHTML → _replaceHTML into .window-content → _onRender; a click on [data-action] calls
 * options.actions[action] with the app as `this`; a submit calls options.form.handler so). The
 * test sets window.STANDIN = {server, user, translations} before this runs. */
(() => {
  const given = window.STANDIN;
  const calls = window.calls = { chat: [], rolls: [], time: [], settings: [], rendered: [],
    errors: [] };
  const listeners = {};
  window.Hooks = {
    once(name, fn) { (listeners[name] ??= []).push({ fn, once: true }); },
    on(name, fn) { (listeners[name] ??= []).push({ fn, once: false }); },
    async callAll(name, ...args) {
      const list = listeners[name] || [];
      listeners[name] = list.filter((listener) => !listener.once);
      for (const listener of list) await listener.fn(...args);
    },
  };
  const registered = {};
  const values = { "core.rollMode": "publicroll", ...(given.values || {}) };
  const lookup = (object, path) => path.split(".").reduce((o, k) => (o == null ? o : o[k]),
    object);
  window.game = {
    user: given.user,
    users: [{ id: "gm-1", isGM: true }, { id: "gm-2", isGM: true },
      { id: "player-1", isGM: false }],
    i18n: {
      lang: given.lang || "cs",
      localize: (key) => lookup(given.translations, key) ?? key,
      format: (key, data) => String(lookup(given.translations, key) ?? key)
        .replace(/\{(\w+)\}/g, (_, name) => data[name]),
    },
    settings: {
      register(namespace, key, config) {
        registered[`${namespace}.${key}`] = config;
        if (!(`${namespace}.${key}` in values)) values[`${namespace}.${key}`] = config.default;
      },
      get: (namespace, key) => values[`${namespace}.${key}`],
      async set(namespace, key, value) {
        values[`${namespace}.${key}`] = value;
        calls.settings.push([key, value]);
        const config = registered[`${namespace}.${key}`];
        if (config && config.onChange) await config.onChange(value);
        return value;
      },
      registered,
    },
    time: {
      worldTime: 0,
      async advance(seconds) {
        calls.time.push(seconds);
        this.worldTime += seconds;
        return this.worldTime;
      },
    },
    modules: new Map([["rpg-companion", { id: "rpg-companion",
      flags: { "rpg-companion": { server: given.server } } }]]),
  };
  window.CONST = { DICE_ROLL_MODES: { PUBLIC: "publicroll", PRIVATE: "gmroll",
    BLIND: "blindroll", SELF: "selfroll" } };
  window.CONFIG = { sounds: { dice: "sounds/dice.wav" } };
  window.ui = { notifications: { error: (message) => calls.errors.push(message) } };
  window.ChatMessage = {
    getSpeaker: () => ({ alias: "PJ" }),
    async create(data, options) {
      calls.chat.push({ data: { ...data, rolls: data.rolls.map((r) => r.data) }, options });
      document.querySelector("#chat").insertAdjacentHTML("beforeend",
        `<li class="chat-message">${data.content}</li>`);
      return data;
    },
  };
  window.Roll = class Roll {
    static fromData(data) {
      const roll = new Roll();
      roll.data = data;
      roll.total = data.total;
      calls.rolls.push(data);
      return roll;
    }
  };
  class ApplicationV2 {
    static DEFAULT_OPTIONS = {};
    constructor(options = {}) {
      this.options = { ...this.constructor.DEFAULT_OPTIONS, ...options };
      this.element = null;
    }
    get title() { return this.options.window.title; }
    /** One render at a time, in the order asked, as Foundry's own semaphore does. */
    render(options = {}) {
      const drawn = (this.queue || Promise.resolve()).catch(() => {})
        .then(() => this.drawn(options));
      this.queue = drawn;
      return drawn;
    }
    async drawn(options) {
      const context = await this._prepareContext(options);
      const result = await this._renderHTML(context, options);
      if (!this.element) {
        const element = document.createElement(this.options.tag || "div");
        element.id = this.options.id;
        element.className = ["application", ...(this.options.classes || [])].join(" ");
        element.innerHTML = '<header class="window-header"><h1 class="window-title"></h1>'
          + '</header><section class="window-content"></section>';
        element.addEventListener("submit", (event) => {
          event.preventDefault();
          this.options.form.handler.call(this, event, element, new FormData(element));
        });
        element.addEventListener("click", (event) => {
          const target = event.target.closest("[data-action]");
          const handler = target && this.options.actions[target.dataset.action];
          if (!handler) return;
          event.preventDefault();
          handler.call(this, event, target);
        });
        document.body.append(element);
        this.element = element;
      }
      this.element.querySelector(".window-title").textContent = this.title;
      this._replaceHTML(result, this.element.querySelector(".window-content"), options);
      this._onRender(context, options);
      calls.rendered.push(this.constructor.name);
      return this;
    }
  }
  window.foundry = {
    utils: { getProperty: lookup },
    applications: { api: { ApplicationV2 } },
  };
})();
