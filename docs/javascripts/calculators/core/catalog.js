/* The message catalog in the browser: the engine's own templates (rpg/core/catalog.py), rendered
 * by the same rules. The calculators name a message and its parameters; they never write a
 * sentence themselves. The bundle carries the Czech templates (the site's language). */

/** @type {Record<string, string>} */
let templates = {};
let lang = "cs";
/* How an input and one of its values are named: as the API names them (for the parity tests
 * against the engine), or by their Czech labels and words (a calculator's form sets these). */
/** @type {{field: (name: string) => string, choice: (field: string, value: any) => string}} */
let naming = { field: (name) => `'${name}'`, choice: (_field, value) => value };

/** Load the templates (key → template in `language`).
 * @param {Record<string, string>} entries
 * @param {string} [language]
 */
export function setCatalog(entries, language = "cs") {
  templates = entries;
  lang = language;
}

/** How fields and choices are named in messages from now on (a form's labels and words).
 * @param {Partial<typeof naming>} names
 */
export function setNaming(names) {
  naming = { ...naming, ...names };
}

/** A number as the language writes it: "2,5" in Czech, at most 4 decimals, no ".0"
 * (as rpg/core/text.py: an exact tie rounds to even, as Python's format does).
 * @param {number} value
 * @param {string} [language]
 * @returns {string}
 */
export function number(value, language = lang) {
  if (Number.isInteger(value)) return String(value);
  let fixed = value.toFixed(4);
  const scaled = value * 1e4;
  if (Math.abs(scaled % 1) === 0.5 && Math.abs(Math.round(scaled)) % 2 === 1) {
    fixed = ((Math.round(scaled) - Math.sign(scaled)) / 1e4).toFixed(4);
  }
  fixed = fixed.replace(/0+$/, "").replace(/\.$/, "");
  return language === "cs" ? fixed.replace(".", ",") : fixed;
}

/** The word of `forms` that goes with the number `count` (Czech 1 | 2–4 | other).
 * @param {number} count
 * @param {string[]} forms
 * @param {string} [language]
 */
export function pluralForm(count, forms, language = lang) {
  if (language === "cs" && forms.length === 3) {
    if (count === 1) return forms[0];
    return !Number.isInteger(count) || (count >= 2 && count <= 4) ? forms[1] : forms[2];
  }
  return count === 1 ? forms[0] : forms[forms.length - 1];
}

/** An input named in a message.
 * @param {string} name
 */
export const field = (name) => ({ field: name });
/** One value of a choice input.
 * @param {string} name
 * @param {any} value
 */
export const choice = (name, value) => ({ choice: name, value });
/** Items written one after another with `separator` between.
 * @param {any[]} items
 * @param {string} [separator]
 */
export const join = (items, separator = ", ") => ({ join: items, separator });

/** A catalog entry with its parameters; rendered when written out (String(message)). */
export class Message {
  /**
   * @param {string} key
   * @param {Record<string, any>} [params]
   */
  constructor(key, params = {}) {
    if (!(key in templates)) throw new Error(`no message ${key} in the catalog`);
    this.key = key;
    this.params = params;
  }

  toString() {
    return render(this.key, this.params);
  }
}

/** The entry `key` with `params`.
 * @param {string} key
 * @param {Record<string, any>} [params]
 */
export const msg = (key, params = {}) => new Message(key, params);

/** Whether the catalog has the entry `key`.
 * @param {string} key
 */
export const known = (key) => key in templates;

/** The entry `key` with `params`, written out.
 * @param {string} key
 * @param {Record<string, any>} [params]
 */
export const t = (key, params = {}) => render(key, params);

/** A parameter as a message writes it.
 * @param {any} value
 * @returns {string}
 */
export function written(value) {
  if (typeof value === "string") return value;
  if (typeof value === "number") return number(value);
  if (value instanceof Message) return String(value);
  if (value && "field" in value) return naming.field(value.field);
  if (value && "choice" in value) return naming.choice(value.choice, value.value);
  if (value && "join" in value) return value.join.map(written).join(value.separator);
  if (value && "n" in value && "d" in value) return number(value.n / value.d);
  throw new Error(`cannot write ${JSON.stringify(value)} in a message`);
}

const PLACEHOLDER = /\{\{|\}\}|\{(\w+)(?::([^{}]*))?\}/g;

/**
 * @param {string} key
 * @param {Record<string, any>} params
 * @returns {string}
 */
function render(key, params) {
  const template = templates[key];
  if (template === undefined) throw new Error(`no message ${key} in the catalog`);
  return template.replace(PLACEHOLDER, (whole, name, forms) => {
    if (whole === "{{" || whole === "}}") return whole[0];
    if (!(name in params)) throw new Error(`message ${key} needs the parameter ${name}`);
    const value = params[name];
    if (forms !== undefined) {
      const count = typeof value === "object" ? value.n / value.d : value;
      return pluralForm(count, forms.split("|"));
    }
    return written(value);
  });
}
