/* The site's search worker: Material's own worker, told to build its index only when a reader
 * first searches.
 *
 * Material's page hands its worker the whole index (search/search_index.json) as soon as a page
 * loads, and the worker builds lunr's index from it at once: 0.07–0.46 s of CPU on every page
 * opened (more on a phone), for the few visits that search. This worker stands in front of
 * Material's (the site build points the page at it and writes Material's file name below,
 * rulesite/search.py): it keeps the index the page sends, answers that search is ready, and has
 * Material's worker build the index at the first query that is not empty, then answer it.
 *
 * Material's messages (its SearchMessageType): 0 the index, 1 ready, 2 a query, 3 its results.
 */
const MATERIAL_WORKER = "__MATERIAL_WORKER__";
const SETUP = 0;
const READY = 1;
const QUERY = 2;
const RESULT = 3;

/** @typedef {{ type: number, data?: unknown }} Message */
/** @typedef {(event: MessageEvent<Message>) => void} Listener */

/** The worker's global scope, as Material's worker uses it. */
const scope = /** @type {{
  addEventListener: (type: string, listener: Listener) => void,
  postMessage: (message: Message) => void,
  importScripts: (...urls: string[]) => void,
}} */ (/** @type {unknown} */ (globalThis));

const listen = scope.addEventListener.bind(scope);
const answer = scope.postMessage.bind(scope);

/** Material's message listener, taken as its worker registers it. @type {Listener} */
let material = () => {};
/** The page's message with the index, until Material's worker has it. @type {MessageEvent<Message> | undefined} */
let index;
/** Settles when Material's worker has built the index. @type {Promise<void> | undefined} */
let built;
/** Settles ``built``. @type {() => void} */
let ready = () => {};

// Material's worker registers one message listener and answers through postMessage: it gets
// this worker's instead, so that its "ready" settles ``built`` rather than reach the page.
scope.addEventListener = (type, listener) => {
  if (type === "message") material = listener;
  else listen(type, listener);
};
scope.postMessage = (message) => {
  if (message.type === READY) ready();
  else answer(message);
};
scope.importScripts(MATERIAL_WORKER);

/** The index built by Material's worker, from the page's message (once). */
function build() {
  built ??= new Promise((resolve) => {
    ready = resolve;
    if (index) material(index);
  });
  return built;
}

listen("message", (/** @type {MessageEvent<Message>} */ event) => {
  const message = event.data;
  if (message.type === SETUP) {
    index = event;
    answer({ type: READY });
  } else if (message.type === QUERY && message.data === "") {
    // What Material's worker answers to an empty query, without building for it.
    answer({ type: RESULT, data: { items: [] } });
  } else {
    // Queries reach Material's worker in the order they came, each once the index is built.
    build().then(() => material(event));
  }
});
