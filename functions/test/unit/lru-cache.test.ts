/**
 * The deployed bundles replace `mnemonist/lru-cache` (the AWS SDK's endpoint-discovery cache) with a
 * Map-based LRU (functions/src/lib/lru-cache.ts): the same answers as mnemonist's for a long random
 * run of the calls the SDK makes, with evictions.
 */
import MnemonistLRU from 'mnemonist/lru-cache.js';
import { describe, expect, it } from 'vitest';
import LRUCache from '../../src/lib/lru-cache.ts';

describe('the LRU cache that stands in for mnemonist in the bundles', () => {
  it('answers get, peek, has and set as mnemonist does, evicting the least recently used', () => {
    const ours = new LRUCache<string, number>(5);
    const theirs = new MnemonistLRU<string, number>(5);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let step = 0; step < 5000; step++) {
      const key = `k${random(9)}`;
      switch (random(5)) {
        case 0:
          ours.set(key, step);
          theirs.set(key, step);
          break;
        case 1:
          expect(ours.get(key)).toBe(theirs.get(key));
          break;
        case 2:
          expect(ours.peek(key)).toBe(theirs.peek(key));
          break;
        case 3:
          expect(ours.has(key)).toBe(theirs.has(key));
          break;
        default:
          if (random(50) === 0) {
            ours.clear();
            theirs.clear();
          }
      }
      expect(ours.size).toBe(theirs.size);
    }
  });
});
