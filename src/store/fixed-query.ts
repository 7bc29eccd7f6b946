/**
 * Queries whose SQL text never changes, built with Kysely once per dialect and then run with new
 * parameters. Building and compiling a query cost more than SQLite needs to run most of ours (the
 * analyze path runs eight statements per request; docs/performance.md, "The REST API's own costs"),
 * so the statements every request runs are compiled once.
 */
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.js';

/** Stands in for a named parameter while the query is built; never a value anyone stores. */
const marker = (name: string): string => `\u0000fixed-query:${name}\u0000`;

type Slot = { name: string } | { value: unknown };

interface Compiled {
  sql: string;
  slots: Slot[];
}

/**
 * `build` receives markers in place of the parameters named by `names` and must use them only as values
 * (never to decide the query's shape: a query whose shape depends on a value needs one fixed query per
 * shape). Values the builder adds itself (constants) are kept as they were compiled.
 */
export function fixedQuery<N extends string, R>(
  names: readonly N[],
  build: (db: Kysely<Database>, params: Record<N, never>) => Compilable<R>,
): (db: Kysely<Database>, params: Record<N, unknown>) => Promise<QueryResult<R>> {
  // Keyed by the dialect's adapter, which a transaction shares with the database it was opened on.
  const byAdapter = new WeakMap<object, Compiled>();
  const compile = (db: Kysely<Database>): Compiled => {
    const markers = Object.fromEntries(names.map((name) => [name, marker(name)])) as unknown as Record<N, never>;
    const query = build(db, markers).compile();
    if (query.sql.includes('\u0000fixed-query:')) throw new Error(`fixed query inlined a parameter: ${query.sql}`);
    const byMarker = new Map<unknown, string>(names.map((name) => [marker(name), name]));
    return { sql: query.sql, slots: query.parameters.map((value) => (byMarker.has(value) ? { name: byMarker.get(value)! } : { value })) };
  };
  return async (db, params) => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = compile(db);
      byAdapter.set(adapter, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('name' in slot ? params[slot.name as N] : slot.value));
    return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
  };
}
