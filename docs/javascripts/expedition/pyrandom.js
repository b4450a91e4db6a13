/* Python's random.Random(int_seed) in the browser, bit for bit: the dice a seed gives.
 *
 * The engine rolls every die as `random.Random(seed).randrange(faces) + 1` (rpg/core/dice.py
 * SeededDice), so a verifier derives a step's dice from its seed with the same generator. This is
 * a port of CPython's Modules/_randommodule.c (MT19937 by Matsumoto and Nishimura, the 2002
 * initialisation): `random_seed` turns the integer into its 32-bit words, least significant
 * first, and seeds with `init_by_array`; `genrand_uint32` is the tempered output;
 * `getrandbits(k)` takes the top k bits of one output (k ≤ 32) or fills 32-bit words from the
 * least significant up; `randrange(n)` is Lib/random.py's `_randbelow_with_getrandbits`:
 * k = n.bit_length(), draw getrandbits(k) until it is below n. No npm package reproduces
 * CPython's seeding and `_randbelow` (the Mersenne Twister packages seed from one 32-bit word
 * and scale floats), so the few lines are here, tested against Python on many seeds and faces
 * (tests/expedition/test_verify_page.py).
 */

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/** CPython's random.Random seeded with a non-negative integer. */
export class PythonRandom {
  /** @param {bigint | number} seed a non-negative integer (a JSON number up to 2^53 is exact) */
  constructor(seed) {
    this.mt = new Uint32Array(N);
    this.index = N + 1;
    let rest = BigInt(seed);
    if (rest < 0n) rest = -rest;  // CPython seeds with abs(n)
    /** @type {number[]} */
    const key = [];
    do {
      key.push(Number(rest & 0xffffffffn));
      rest >>= 32n;
    } while (rest > 0n);
    this.initByArray(key);
  }

  /** @param {number} s */
  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i += 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  /** @param {number[]} key */
  initByArray(key) {
    this.initGenrand(19650218);
    const mt = this.mt;
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k -= 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i += 1;
      j += 1;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k -= 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i += 1;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    }
    mt[0] = 0x80000000;  // the most significant bit set: a non-zero initial array
  }

  /** The next tempered 32-bit output (genrand_uint32). */
  uint32() {
    const mt = this.mt;
    if (this.index >= N) {
      let kk = 0;
      for (; kk < N - M; kk += 1) {
        const y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      for (; kk < N - 1; kk += 1) {
        const y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      const y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      this.index = 0;
    }
    let y = mt[this.index];
    this.index += 1;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /**
   * A non-negative integer of `k` random bits, as CPython's getrandbits.
   * @param {number} k
   * @returns {bigint}
   */
  getrandbits(k) {
    if (k <= 32) return BigInt(k === 0 ? 0 : this.uint32() >>> (32 - k));
    let value = 0n;
    for (let shift = 0n, left = k; left > 0; shift += 32n, left -= 32) {
      const word = left < 32 ? this.uint32() >>> (32 - left) : this.uint32();
      value |= BigInt(word) << shift;
    }
    return value;
  }

  /**
   * A uniform integer in [0, n), as CPython's randrange(n) (n ≥ 1).
   * @param {number | bigint} n
   * @returns {number | bigint} a number for a number below 2^32, else a bigint
   */
  randrange(n) {
    if (typeof n === "number" && n < 2 ** 32) {
      const k = 32 - Math.clz32(n);  // n.bit_length()
      let r = this.uint32() >>> (32 - k);
      while (r >= n) r = this.uint32() >>> (32 - k);
      return r;
    }
    const limit = BigInt(n);
    const k = limit.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= limit) r = this.getrandbits(k);
    return r;
  }
}
