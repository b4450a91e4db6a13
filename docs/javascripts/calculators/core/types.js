/* The shapes the calculators share, as JSDoc types for the type checker (jsconfig.json): no code.
 * A module names one with `import("../core/types.js").Answer` in a JSDoc comment, which the
 * bundler never sees. The Python side of each is named beside it. */

/**
 * The rule data the site build exports from the engine (rulesite/bundle.py `rules_data`): the
 * dice's and the notation's limits, the d20 test's constants, each procedure that a result may
 * call for next ([Czech title, URL of its calculator]), and each engine module's
 * `CALCULATOR_DATA` under its path ("pravidla/hazards").
 * @typedef {{
 *   dice: {max_given: number, max_per_procedure: number},
 *   d20: Record<string, any>,
 *   chart_max_dice: number,
 *   notation: Record<string, number>,
 *   next: Record<string, [string, string]>,
 * } & Record<string, any>} Rules
 */

/** An exact fraction (numerator, denominator), as the engine's `Fraction`.
 * @typedef {{n: number, d: number}} Fraction */

/** Dice rolled for one purpose, as the API's `rolls` lists them (rpg/core/dice.py `Roll`).
 * @typedef {{label: string, notation: string, results: number[], total: number}} Rolled */

/** Where dice come from: the browser's random dice or the user's physical ones (engine.js).
 * @typedef {{die: (faces: number, label: string) => number, finish: () => void}} DiceSource */

/** A procedure a result calls for next, with the inputs it already has (rpg/core/outcome.py
 * `Next`).
 * @typedef {{procedure: string, inputs?: Record<string, any>, missing?: string[]}} NextStep */

/** One bar of a distribution's chart: its label, its probability, whether it is a success for
 * the roller (none: neither) and whether it is what was rolled.
 * @typedef {{label: string, p: number, good?: boolean, current: boolean}} Bar */

/** A distribution's chart (engine.js `chart`): its title, what it shows, and its bars.
 * @typedef {{title: string, bars: Bar[]}} Chart */

/** A procedure's answer (engine.js `answer`): the result as the API writes it, the Czech text,
 * the exact chance, a chart, a figure (an SVG its module drew) and the next steps.
 * @typedef {{
 *   result: Record<string, any>,
 *   text: string,
 *   chance: Fraction | null,
 *   chart: Chart | null,
 *   figure: string | null,
 *   next: NextStep[],
 * }} Answer */

/** A calculator: a procedure of the engine written in JavaScript, from dice and the inputs as
 * the API takes them to its answer.
 * @typedef {(source: DiceSource, inputs: Record<string, any>) => Answer} Procedure */

export {};
