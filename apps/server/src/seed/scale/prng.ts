/**
 * A small, fast, seeded pseudo-random generator (sfc32, seeded through splitmix32) so the same
 * `--seed` always yields the same data set. Not for anything secret.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: [[value, weight], …]. */
  weighted<T>(table: WeightedTable<T>): T {
    let r = this.next() * table.total;
    for (const [value, weight] of table.entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return table.entries[table.entries.length - 1]?.[0] as T;
  }

  /** A fresh generator derived from this one (for a sub-stream that must not shift the others). */
  fork(salt: number): Prng {
    return new Prng((Math.floor(this.next() * 4294967296) ^ Math.imul(salt, 0x9e3779b1)) >>> 0);
  }
}

export interface WeightedTable<T> {
  readonly entries: readonly (readonly [T, number])[];
  readonly total: number;
}

export function weights<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
  return { entries, total: entries.reduce((sum, [, w]) => sum + w, 0) };
}
