/* An item as a list's text writes it: "Meč +2" (a name and its bonus) or just "Plášť". Read the
 * same way by the calculators and the GM's page. */

/**
 * The name and the bonus's text (undefined when none is written) of one item.
 * @param {string} text
 * @returns {[string, string | undefined]}
 */
export function namedBonusParts(text) {
  const [, name, bonus] = text.match(/^(.*?)(?:\s+([+\-−]?\d+))?$/);
  return [name, bonus];
}
