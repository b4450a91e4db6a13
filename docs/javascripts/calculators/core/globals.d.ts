/** The engine's rule data: the site build writes it in place of this name
 * (rulesite/bundle.py, esbuild's --define), so no page fetches it. */
declare const CALCULATOR_RULES: import("./types.js").Rules;
