// The verification page's verifier under node (docs/javascripts/expedition/verify.js): Python's
// random.Random reproduced on Python's own vectors, a synthetic export verified with the counts
// Python made it with, each spoiled copy failing on the entry Python spoiled and for its reason.
// The vectors and exports are written by tests/expedition/test_verify_page.py (VERIFY_VECTORS).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";

import { setCatalog } from "../../docs/javascripts/calculators/core/catalog.js";
import { PythonRandom } from "../../docs/javascripts/expedition/pyrandom.js";
import { replayer } from "../../docs/javascripts/expedition/replay.js";
import {
  ReplayUnavailable, diceOfSeed, inWords, verifyExport,
} from "../../docs/javascripts/expedition/verify.js";

const path = process.env.VERIFY_VECTORS;
assert.ok(path, "set VERIFY_VECTORS to a file written by tests/expedition/test_verify_page.py");
const { rules, words, modules, random, exported, counts, tampered } = JSON.parse(
  readFileSync(path, "utf8"));
setCatalog(words);

const camel = (name) => name.split("/").pop().replace(/-(\w)/g, (_, c) => c.toUpperCase());
const calculators = "../../docs/javascripts/calculators";
const loaders = Object.fromEntries(Object.entries(modules).map(([name, module]) => [name,
  async () => (await import(`${calculators}/${module}.js`))[camel(name)]
    ?? (await import(`${calculators}/pravidla/odds.js`)).oddsRow(module, name)]));
const replay = replayer(loaders, rules, words);

test("Python's random.Random: the same dice and the same 53-bit draws on every seed", () => {
  assert.ok(random.length >= 200);
  for (const { seed, faces, dice, big } of random) {
    const bigSeed = BigInt(seed);
    assert.deepEqual(diceOfSeed(bigSeed, faces), dice, `seed ${seed}`);
    const generator = new PythonRandom(bigSeed);
    for (const face of faces) generator.randrange(face);  // Python drew the dice first
    assert.deepEqual(big.map(() => String(generator.randrange(2n ** 53n))), big, `seed ${seed}`);
  }
});

test("the synthetic export verifies, with Python's counts", async () => {
  const verdict = await verifyExport(exported, replay);
  assert.equal(verdict.failure, null);
  assert.deepEqual(verdict.counts, counts);
});

test("without the calculators every step's dice are checked and none replayed", async () => {
  const verdict = await verifyExport(exported);
  assert.ok(verdict.ok);
  const rolls = counts.drawn + counts.physical + counts.seeded + counts.waiting;
  assert.deepEqual(verdict.counts, { ...counts, unreplayed: rolls });
});

test("a replay whose code cannot load fails the check itself, naming no entry", async () => {
  const unavailable = async () => { throw new ReplayUnavailable("chunk-X.js did not load"); };
  await assert.rejects(verifyExport(exported, unavailable), ReplayUnavailable);
});

test("the counts in Czech, each with the form its number takes", () => {
  const verdict = { ok: true, failure: null, counts: { entries: 1, drawn: 412, physical: 2,
    seeded: 3, hidden: 5, waiting: 1, unreplayed: 4, mismatches: 0 } };
  assert.deepEqual(inWords(verdict), { headline: "Všechno sedí.", lines: [
    "1 záznam, řetěz otisků neporušen",
    "412 hodů ověřeno",
    "2 hody vlastními kostkami (na důvěru)",
    "3 hody se zadaným seedem (přehráno, není to důkaz)",
    "5 skrytých záznamů zatím neodhaleno",
    "1 hod čeká na klíč své epochy",
    "4 hody bez kalkulačky: kostky ověřeny, výsledek nepřehrán",
    "0 neshod",
  ] });
  const counted = { ...verdict.counts, drawn: 1, hidden: 2, waiting: 7, unreplayed: 0 };
  assert.deepEqual(inWords({ ...verdict, counts: counted }).lines.slice(1, 6), [
    "1 hod ověřen", "2 hody vlastními kostkami (na důvěru)",
    "3 hody se zadaným seedem (přehráno, není to důkaz)",
    "2 skryté záznamy zatím neodhaleny", "7 hodů čeká na klíč své epochy"]);
});

for (const { name, export: spoiled, seq, why } of tampered) {
  test(`${name}: entry ${seq} fails (${why})`, async () => {
    const verdict = await verifyExport(spoiled, replay);
    assert.equal(verdict.ok, false);
    assert.equal(verdict.failure.seq, seq);
    assert.equal(verdict.failure.why.key, why, String(verdict.failure.why));
    assert.equal(verdict.counts.mismatches, 1);
    const { headline, lines } = inWords(verdict);
    assert.match(headline, new RegExp(`^Záznam č\\. ${seq} neprošel: `));
    assert.deepEqual(lines, []);
  });
}

test("a file that is no export says so and names no entry", async () => {
  const verdict = await verifyExport({ format: "something else", log: [] });
  assert.deepEqual(inWords(verdict).headline,
    "Tohle není export výpravy (formát rpg-companion/expedition, verze 2).");
  assert.equal(verdict.failure.seq, null);
});
