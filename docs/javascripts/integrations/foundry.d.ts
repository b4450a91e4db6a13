/* The globals Foundry VTT gives a module's script at run time (foundry.js uses these and no
 * others; the browser test's stand-in records the same ones). Foundry publishes no type package
 * of its own, so they are declared here as the module uses them, untyped. */
declare const game: any;
declare const Hooks: any;
declare const ChatMessage: any;
declare const Roll: any;
declare const CONST: any;
declare const CONFIG: any;
declare const foundry: any;
declare const ui: any;
