// A small least-recently-used map: Map keeps insertion order, so the first key is the oldest.
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.map.size;
  }

  getOrCreate(key: K, create: () => V): V {
    if (this.map.has(key)) {
      const value = this.map.get(key)!;
      this.map.delete(key);
      this.map.set(key, value);
      return value;
    }
    const value = create();
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
    return value;
  }
}
