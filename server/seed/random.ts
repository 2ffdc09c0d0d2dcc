/** A small seeded PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export interface Rng {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  /** A value near `centre`, spread roughly ±spread (sum of uniforms, bell-shaped). */
  around: (centre: number, spread: number) => number;
  subset: <T>(items: readonly T[], min: number, max: number) => T[];
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    pick,
    chance: (p) => next() < p,
    around: (centre, spread) => centre + ((next() + next() + next()) / 3 - 0.5) * 2 * spread,
    subset: (items, min, max) => {
      const count = Math.min(items.length, int(min, max));
      const pool = [...items];
      const out = [];
      for (let i = 0; i < count; i++)
        out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as (typeof items)[number]);
      return out;
    },
  };
}
