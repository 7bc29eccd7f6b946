/**
 * Zones that stopped answering are skipped for a while (docs/reputation.md "A list that stops answering").
 * A zone that never answers would hold every message for the whole per-message deadline (a worker starts
 * other messages meanwhile, but only so many: docs/performance.md). After `failures` lookups in a row
 * unanswered or failed, the zone is skipped for `skipMs`; then the next message asks again, and one more
 * failure skips it again at once; an answer from the server (not from the TTL cache) makes it healthy.
 * Each skipped message gets a coverage note.
 */
export class ZoneHealth {
  private readonly state = new Map<string, { failures: number; skipUntil: number }>();

  constructor(
    private readonly options: { failures: number; skipMs: number; now?: () => number },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** True while the zone is being skipped. */
  skipped(zone: string): boolean {
    const s = this.state.get(zone);
    return s !== undefined && s.skipUntil > this.now();
  }

  answered(zone: string): void {
    this.state.delete(zone);
  }

  failed(zone: string): void {
    const s = this.state.get(zone) ?? { failures: 0, skipUntil: 0 };
    s.failures++;
    if (s.failures >= this.options.failures) s.skipUntil = this.now() + this.options.skipMs;
    this.state.set(zone, s);
  }
}
