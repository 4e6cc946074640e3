// A deterministic stream of choices for the network labs: seeded with an instance secret
// (lab.instanceSecret), so one start of a lab always shows the same scan, capture or host,
// and another start shows different ones. SHA-256 in counter mode: plenty for picking
// addresses and words, and nothing here is a key.
import { createHash } from 'node:crypto';

export interface SeededRandom {
  /** A uniform 32-bit unsigned integer. */
  next(): number;
  /** A uniform integer in [0, n). */
  int(n: number): number;
  /** A uniform integer in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** A shuffled copy. */
  shuffle<T>(list: readonly T[]): T[];
}

export function seededRandom(seed: string): SeededRandom {
  let counter = 0;
  let pool: Buffer = Buffer.alloc(0);
  let offset = 0;
  const next = (): number => {
    if (offset + 4 > pool.length) {
      pool = createHash('sha256').update(`${seed}\0${counter}`).digest();
      counter += 1;
      offset = 0;
    }
    const value = pool.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  const int = (n: number): number => {
    if (n <= 0) throw new RangeError('int(n) needs n > 0');
    // Rejection sampling keeps the choice uniform.
    const limit = Math.floor(0x1_0000_0000 / n) * n;
    for (;;) {
      const value = next();
      if (value < limit) return value % n;
    }
  };
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: (list) => list[int(list.length)]!,
    shuffle: (list) => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
