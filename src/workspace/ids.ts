import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Makes opaque resource ids. */
export interface IdGenerator {
  next(): string;
}

/** Random 20-character base62 ids. */
export const randomIds: IdGenerator = {
  next() {
    const bytes = randomBytes(20);
    let id = '';
    for (const byte of bytes) id += ALPHABET[byte % 62];
    return id;
  },
};

/** Deterministic ids from a seed (mulberry32), so demo data is the same on every machine. */
export function seededIds(seed: number): IdGenerator {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next() {
      let id = '';
      for (let i = 0; i < 20; i++) id += ALPHABET[Math.floor(random() * 62)];
      return id;
    },
  };
}
