/**
 * Serialized API items of analyses that no longer change, by id: the history listing answers from here
 * instead of reading, parsing and serializing every stored result again (docs/performance.md). Least
 * recently used first out, bounded by the total length of the kept strings. Ids are unique across
 * tenants and the listing's own query decides which ids a caller sees, so the cache decides nothing.
 */
export class SerializedItems {
  private readonly items = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  has(id: string): boolean {
    return this.items.has(id);
  }

  get(id: string): string | undefined {
    const json = this.items.get(id);
    if (json === undefined) return undefined;
    // Most recently used last.
    this.items.delete(id);
    this.items.set(id, json);
    return json;
  }

  set(id: string, json: string): void {
    if (json.length > this.maxChars) return;
    const old = this.items.get(id);
    if (old !== undefined) {
      this.chars -= old.length;
      this.items.delete(id);
    }
    this.items.set(id, json);
    this.chars += json.length;
    for (const [oldest, value] of this.items) {
      if (this.chars <= this.maxChars) break;
      this.items.delete(oldest);
      this.chars -= value.length;
    }
  }

  get size(): number {
    return this.items.size;
  }
}
