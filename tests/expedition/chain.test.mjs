// The players' page's check of the log's hash chain (docs/javascripts/expedition/chain.js) under
// node: what it says of a log that extends the remembered head, reached by reading older pages or
// too far back to read, and of each way a log may fail to extend it. The hashes the page computes
// are held to the server's by the browser test (test_expedition_chain_head_browser.py).
import assert from "node:assert/strict";
import test from "node:test";

import { ChainCheck, GAP_MAX, linkedHash } from "../../docs/javascripts/expedition/chain.js";

/** A log of `count` entries (oldest first) chained from `chainId`, entry `changedAt` (if given)
 * with another text. */
async function chained(count, { chainId = "Kx3v9qP2aB7c", changedAt = 0 } = {}) {
  const entries = [];
  let previous = chainId;
  for (let seq = 1; seq <= count; seq += 1) {
    const form = {
      seq, at: "2026-11-27T00:00:00+00:00", epoch: 1, kind: seq === 1 ? "start" : "supplies",
      hidden: false, title: "Zásoby", text: seq === changedAt ? "Přepsáno." : `Zásoby ${seq}.`,
      input: { change: 1 }, events: [], answers: [], offers: [], seed: null, dice: null,
      steps: [], undoes: null,
    };
    const hash = await linkedHash(previous, form);
    entries.push({ ...form, hash });
    previous = hash;
  }
  return entries;
}

/** The entries `from`..`to` (seqs), newest first, as the API answers them. */
const read = (entries, from, to) => entries.slice(from - 1, to).reverse();
/** The head of `entries` at `seq` (the newest by default). */
const headOf = (entries, seq = entries.length) => ({ seq, hash: entries[seq - 1].hash });

/** The log's older pages (50 entries before `before`), each `before` asked noted in `asked`. */
function pages(entries, asked) {
  return async (before) => {
    asked.push(before);
    const page = read(entries, Math.max(1, before - 50), before - 1);
    return { entries: page, next_before: before - 50 > 1 ? before - 50 : null };
  };
}

test("a device with nothing remembered verifies what it reads", async () => {
  const log = await chained(40);
  const check = new ChainCheck("x");
  check.hold(read(log, 11, 40));
  const asked = [];
  assert.deepEqual(await check.verdict(headOf(log), null, pages(log, asked)),
    { verified: headOf(log) });
  assert.deepEqual(asked, []);
});

test("the remembered head moves on when the log extends it", async () => {
  const log = await chained(40);
  const check = new ChainCheck("x");
  check.hold(read(log, 11, 40));
  const asked = [];
  assert.deepEqual(await check.verdict(headOf(log), headOf(log, 15), pages(log, asked)),
    { verified: headOf(log) });
  assert.deepEqual(asked, []);
});

test("older pages are read back to the remembered head", async () => {
  const log = await chained(140);
  const check = new ChainCheck("x");
  check.hold(read(log, 111, 140));
  const asked = [];
  assert.deepEqual(await check.verdict(headOf(log), headOf(log, 5), pages(log, asked)),
    { verified: headOf(log) });
  assert.deepEqual(asked, [111, 61, 11]);
});

test("a remembered head more than GAP_MAX entries back stays until the reader pages to it",
  async () => {
    const log = await chained(GAP_MAX + 100);
    const check = new ChainCheck("x");
    check.hold(read(log, GAP_MAX + 71, GAP_MAX + 100));
    const asked = [];
    const remembered = headOf(log, 50);
    assert.deepEqual(await check.verdict(headOf(log), remembered, pages(log, asked)),
      { behind: GAP_MAX + 50, verified: remembered });
    assert.deepEqual(asked, []);
    check.hold(read(log, 521, GAP_MAX + 70));  // the reader's "Starší záznamy"
    assert.deepEqual(await check.verdict(headOf(log), remembered, pages(log, asked)),
      { verified: headOf(log) });
    assert.deepEqual(asked, [521, 471, 421, 371, 321, 271, 221, 171, 121, 71]);
  });

test("a history rewritten and chained again is named at the remembered entry", async () => {
  const before = await chained(20);
  const after = await chained(25, { changedAt: 3 });
  const check = new ChainCheck("x");
  check.hold(read(after, 1, 25));
  assert.deepEqual(await check.verdict(headOf(after), headOf(before), pages(after, [])), {
    broken: "changed", seq: 20, was: before[19].hash, now: after[19].hash, head: headOf(after),
  });
});

test("a log shorter than the remembered head is named", async () => {
  const log = await chained(40);
  const check = new ChainCheck("x");
  check.hold(read(log, 11, 40));
  const remembered = { seq: 45, hash: "ab".repeat(32) };
  assert.deepEqual(await check.verdict(headOf(log), remembered, pages(log, [])), {
    broken: "shorter", seq: 45, was: remembered.hash, now: "", head: headOf(log),
  });
});

test("an entry changed without its hash does not link to the one before", async () => {
  const log = await chained(40);
  const changed = await chained(40, { changedAt: 35 });
  const forged = log.map((entry, at) => (at === 34 ? { ...changed[34], hash: entry.hash } : entry));
  const check = new ChainCheck("x");
  check.hold(read(forged, 11, 40));
  assert.deepEqual(await check.verdict(headOf(log), headOf(log, 20), pages(forged, [])), {
    broken: "link", seq: 35, was: log[34].hash, now: changed[34].hash, head: headOf(log),
  });
});

test("an entry read again with another hash is named; the first reading stays", async () => {
  const log = await chained(30);
  const rewritten = await chained(31, { changedAt: 10 });
  const check = new ChainCheck("x");
  check.hold(read(log, 1, 30));
  check.hold(read(rewritten, 2, 31));
  assert.deepEqual(await check.verdict(headOf(rewritten), headOf(log), pages(rewritten, [])), {
    broken: "reread", seq: 30, was: log[29].hash, now: rewritten[29].hash,
    head: headOf(rewritten),
  });
});

test("a head that is not the newest entry's hash is named", async () => {
  const log = await chained(30);
  const check = new ChainCheck("x");
  check.hold(read(log, 1, 30));
  const stated = { seq: 30, hash: "cd".repeat(32) };
  assert.deepEqual(await check.verdict(stated, headOf(log, 10), pages(log, [])), {
    broken: "link", seq: 30, was: stated.hash, now: log[29].hash, head: stated,
  });
});
