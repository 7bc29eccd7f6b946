/**
 * Readiness checks (docs/architecture.md, "Operations"): the store reachable, each enabled door listening, the worker alive.
 * Components register a check when they start; `/readyz` runs them all.
 */
export type ReadinessCheck = () => Promise<true | string>;

export function createReadiness(timeoutMs = 2000) {
  const checks = new Map<string, ReadinessCheck>();
  /** Checks whose problems are reported in the detail but never make the instance unready. */
  const advisory = new Set<string>();

  const withTimeout = (check: ReadinessCheck): Promise<true | string> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
      check()
        .then(resolve, (error: unknown) => resolve((error as Error).message ?? String(error)))
        .finally(() => clearTimeout(timer));
    });

  return {
    /**
     * `advisory`: a degraded part that still serves (a URL feed on its last good copy, docs/reputation.md)
     * is told in the detail without taking the instance out of a load balancer.
     */
    register(name: string, check: ReadinessCheck, options: { advisory?: boolean } = {}): void {
      checks.set(name, check);
      if (options.advisory) advisory.add(name);
      else advisory.delete(name);
    },
    unregister(name: string): void {
      checks.delete(name);
      advisory.delete(name);
    },
    async evaluate(): Promise<{ ready: boolean; checks: Record<string, string> }> {
      const names = [...checks.keys()];
      const results = await Promise.all(names.map((name) => withTimeout(checks.get(name)!)));
      const report: Record<string, string> = {};
      names.forEach((name, i) => (report[name] = results[i] === true ? 'ok' : String(results[i])));
      return { ready: results.every((r, i) => r === true || advisory.has(names[i]!)), checks: report };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
