import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, UsageError, writeJson, type CommandHandler } from '../io.js';
import { zoneLatency } from './reputation-latency.js';

const options = {
  'skip-feeds': { type: 'boolean', description: 'do not load the feeds (no download): zones and feed settings only' },
  metrics: { type: 'string', value: 'URL', description: "a running serve's /metrics address (e.g. http://127.0.0.1:8080/metrics): adds its lookup and hit counters" },
} as const;

/** Bounded read of the running server's counters: the reputation lines only, by metric and label. */
async function serverCounters(url: string): Promise<Record<string, number>> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (response.status !== 200) throw new Error(`HTTP ${response.status} from ${url}`);
  const text = (await response.text()).slice(0, 4 * 1024 * 1024);
  const counters: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('phishgate_reputation_')) continue;
    const space = line.lastIndexOf(' ');
    const value = Number(line.slice(space + 1));
    if (space > 0 && Number.isFinite(value)) counters[line.slice(0, space)] = value;
  }
  return counters;
}

/**
 * `phishgate reputation status` (docs/reputation.md "Operations"): the zones and feeds the configuration
 * enables, each feed loaded once now (entries, date, age, the last error), and with --metrics the running
 * server's counters (lookups, listings, refusals, errors, late answers, hits) and each zone's p50 / p95
 * latency estimated from its histogram. This process's own counters would all be zero: the lookups happen
 * in `serve`.
 */
const status: CommandHandler = async (argv, io) => {
  const { values } = parseCommandArgs(argv, options);
  const metricsUrl = values.metrics as string | undefined;
  if (metricsUrl !== undefined && !/^https?:\/\/[^\s]{1,2000}$/i.test(metricsUrl)) throw new UsageError(`--metrics must be an http(s) URL, got "${metricsUrl.slice(0, 100)}"`);
  // Loaded when the command runs, so that --version and --help stay light (docs/performance.md "Start-up").
  const [{ loadConfig }, { createReputation }] = await Promise.all([import('../../config/loader.js'), import('../../engine/reputation/index.js')]);
  const config = loadConfig({ env: io.env });
  const reputation = createReputation(config.reputation);
  if (!values['skip-feeds']) await reputation.feeds.refresh();
  const now = Date.now();
  const snapshot = reputation.status();
  const server = metricsUrl ? await serverCounters(metricsUrl) : null;
  const report = {
    dnsbl: {
      enabled: config.reputation.dnsbl.enabled,
      servers: config.reputation.dnsbl.servers,
      timeout_ms: config.reputation.dnsbl.timeout_ms,
      zones: snapshot.zones.map(({ zone, type, codes }) => ({ zone, type, codes })),
    },
    feeds: snapshot.feeds.map((f) => ({
      name: f.name,
      format: f.format,
      category: f.category,
      source: f.source,
      loaded: values['skip-feeds'] ? null : f.date !== null,
      entries: f.entries,
      date: f.date,
      age_s: f.date ? Math.round((now - Date.parse(f.date)) / 1000) : null,
      error: f.lastError,
    })),
    ...(server ? { server, latency: zoneLatency(server) } : {}),
  };
  writeJson(io, report);
  return report.feeds.some((f) => f.error) ? 1 : 0;
};

export const reputationSpecs: CommandSpec[] = [
  {
    name: 'reputation status',
    summary: 'show the DNS block lists and URL feeds the configuration enables, the feeds loaded once, and a running server\'s counters',
    options,
    details: [
      'Prints { "dnsbl": { enabled, servers, zones }, "feeds": [{ name, entries, date, age_s, error }], "server": { metric: value }, "latency": { zone: { answered, p50_ms, p95_ms } } }.',
      'latency is estimated from the server\'s lookup histogram, as Prometheus\'s histogram_quantile does (no finer than its buckets).',
      'Exit 1 when a feed fails to load (its error is shown). See docs/reputation.md.',
    ],
    run: status,
  },
];
