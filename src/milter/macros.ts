/**
 * Per-connection macro values by stage (docs/milter-protocol.md §8 step 3). CONNECT and HELO macros live as long as the
 * connection; the others belong to one message and are dropped on ABORT and after end of message.
 */
const CONNECTION_STAGES = new Set(['C', 'H']);

export class MacroStore {
  private readonly byStage = new Map<string, Map<string, string>>();

  /** A MACRO packet replaces what that stage had (the MTA sends the full list each time). */
  set(stage: string, macros: ReadonlyArray<readonly [string, string]>): void {
    this.byStage.delete(stage); // re-insert so iteration order is recency order
    this.byStage.set(stage, new Map(macros));
  }

  /** The most recent value of `name` (message stages first), accepting `{name}` and `name`. */
  get(name: string): string | undefined {
    const names = name.startsWith('{') || name.length === 1 ? [name] : [name, `{${name}}`];
    const stages = [...this.byStage.keys()].reverse();
    for (const stage of stages) {
      const values = this.byStage.get(stage)!;
      for (const n of names) {
        const value = values.get(n);
        if (value !== undefined) return value;
      }
    }
    return undefined;
  }

  clearMessage(): void {
    for (const stage of [...this.byStage.keys()]) if (!CONNECTION_STAGES.has(stage)) this.byStage.delete(stage);
  }

  clearAll(): void {
    this.byStage.clear();
  }
}
