/** A small seeded random source (mulberry32): the same seed always composes the same piece and draws the same picture. */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** In [min, max). */
  range(min: number, max: number): number;
  /** An integer in [low, high]. */
  int(low: number, high: number): number;
  pick<T>(items: readonly T[]): T;
  /** Picks an index with probability proportional to its weight; -1 when every weight is 0. */
  weighted(weights: readonly number[]): number;
  /** A value in [-amount, amount]. */
  jitter(amount: number): number;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted(weights) {
      const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
      if (total <= 0) return -1;
      let r = next() * total;
      for (let i = 0; i < weights.length; i++) {
        r -= Math.max(0, weights[i]);
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
    jitter: (amount) => (next() * 2 - 1) * amount,
  };
}
