/**
 * Readiness checks (docs/architecture.md, "Operations"): the store reachable, each enabled door listening, the worker alive.
 * Components register a check when they start; `/readyz` runs them all.
 */
export type ReadinessCheck = () => Promise<true | string>;

export function createReadiness(timeoutMs = 2000) {
  const checks = new Map<string, ReadinessCheck>();

  const withTimeout = (check: ReadinessCheck): Promise<true | string> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
      check()
        .then(resolve, (error: unknown) => resolve((error as Error).message ?? String(error)))
        .finally(() => clearTimeout(timer));
    });

  return {
    register(name: string, check: ReadinessCheck): void {
      checks.set(name, check);
    },
    unregister(name: string): void {
      checks.delete(name);
    },
    async evaluate(): Promise<{ ready: boolean; checks: Record<string, string> }> {
      const names = [...checks.keys()];
      const results = await Promise.all(names.map((name) => withTimeout(checks.get(name)!)));
      const report: Record<string, string> = {};
      names.forEach((name, i) => (report[name] = results[i] === true ? 'ok' : String(results[i])));
      return { ready: results.every((r) => r === true), checks: report };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
