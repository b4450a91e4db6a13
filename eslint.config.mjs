// ESLint's recommended rules over the site's JavaScript (docs/javascripts: the calculators and
// the expedition pages) and the node parity test; scripts/test runs it, with tsc -p jsconfig.json
// for the types.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    files: ["docs/javascripts/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      // The calculators' rule data is written in place of CALCULATOR_RULES by the site build.
      globals: { ...globals.browser, CALCULATOR_RULES: "readonly" },
    },
  },
  {
    // The Foundry VTT module's script runs inside Foundry, which gives it these globals
    // (declared for the type checker in docs/javascripts/integrations/foundry.d.ts).
    files: ["docs/javascripts/integrations/foundry.js"],
    languageOptions: {
      globals: {
        game: "readonly", Hooks: "readonly", ChatMessage: "readonly", Roll: "readonly",
        CONST: "readonly", CONFIG: "readonly", foundry: "readonly", ui: "readonly",
      },
    },
  },
  {
    // Classic scripts: the service worker's registration, and the search worker (it imports
    // Material's with importScripts, which a module worker cannot).
    files: ["docs/javascripts/offline.js", "docs/javascripts/search-worker.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["tests/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
