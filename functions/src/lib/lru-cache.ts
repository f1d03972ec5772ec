/*
 * Stands in for `mnemonist/lru-cache` in the deployed bundles (an esbuild alias, see
 * infra/lib/bundle-settings.ts). The AWS SDK's endpoint-discovery cache (`@aws-sdk/endpoint-cache`,
 * in every DynamoDB client) is its only user and calls `get`, `set`, `has`, `peek` and `clear`;
 * mnemonist's typed-array implementation and its iterator helpers cost every such bundle 7 KB. A
 * `Map` keeps insertion order, which is all a least-recently-used cache needs: a read or a write
 * moves the key to the end, and the first key is the one to evict.
 */
export default class LRUCache<K, V> {
  private readonly items = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!(capacity > 0)) throw new Error('LRUCache: capacity should be a positive number.');
  }

  get size(): number {
    return this.items.size;
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    if (!this.items.has(key)) return undefined;
    const value = this.items.get(key)!;
    this.items.delete(key);
    this.items.set(key, value);
    return value;
  }

  /** The value without making it recently used. */
  peek(key: K): V | undefined {
    return this.items.get(key);
  }

  has(key: K): boolean {
    return this.items.has(key);
  }

  set(key: K, value: V): this {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > this.capacity) this.items.delete(this.items.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.items.clear();
  }
}
