/**
 * The configured URL feeds and their current copies (docs/reputation.md "Feeds"). Each feed refreshes on its
 * own cron schedule; a new copy replaces the old one in a single assignment, so a lookup sees either the old
 * or the new index, never a half-built one. A load that fails keeps the last good copy, counts the failure
 * and says why in the status (readyz detail, `phishgate reputation status`, the metrics).
 */
import cron, { type ScheduledTask } from 'node-cron';
import type { FeedFormat } from './feed-formats.js';
import { feedKey, hasKey, normaliseFeedUrl } from './feed-keys.js';
import { loadFeed, type FeedSnapshot } from './feed-load.js';

export interface FeedConfig {
  name: string;
  format: FeedFormat;
  source: string;
  schedule: string;
  category: 'phishing' | 'malware';
}

export interface FeedStatus {
  name: string;
  format: FeedFormat;
  category: 'phishing' | 'malware';
  /** The source without path or query (a PhishTank key sits in its path). */
  source: string;
  entries: number;
  /** ISO date of the copy in use, null before the first good load. */
  date: string | null;
  loadedAt: string | null;
  loads: number;
  failures: number;
  /** Why the last attempt failed, null when it succeeded. */
  lastError: string | null;
  hits: number;
}

export interface FeedMatch {
  feed: string;
  category: 'phishing' | 'malware';
  date: Date;
  /** `url`: the page itself is listed; `host`: another page on its host is. */
  on: 'url' | 'host';
}

interface FeedState {
  config: FeedConfig;
  current: FeedSnapshot | null;
  loads: number;
  failures: number;
  lastError: string | null;
  hits: number;
  running: Promise<void> | null;
}

const displaySource = (source: string): string => {
  if (!/^https?:\/\//i.test(source)) return source;
  const url = new URL(source);
  return `${url.protocol}//${url.host}/…`;
};

/** A feed's copy as it travels to serve's worker threads (its keys are in shared memory: not copied). */
export interface SharedFeedCopy {
  name: string;
  snapshot: FeedSnapshot;
}

export class FeedSet {
  private readonly feeds: FeedState[];
  private tasks: ScheduledTask[] = [];
  private readonly listeners: Array<(copy: SharedFeedCopy) => void> = [];

  constructor(
    configs: readonly FeedConfig[],
    private readonly options: { fetch?: typeof fetch; onError?: (feed: string, error: string) => void } = {},
  ) {
    this.feeds = configs.map((config) => ({ config, current: null, loads: 0, failures: 0, lastError: null, hits: 0, running: null }));
  }

  /** Loads every feed now and schedules the refreshes. */
  start(): Promise<void> {
    for (const feed of this.feeds) this.tasks.push(cron.schedule(feed.config.schedule, () => void this.refreshOne(feed), { noOverlap: true }));
    return this.refresh();
  }

  stop(): void {
    for (const task of this.tasks) void task.stop();
    this.tasks = [];
  }

  refresh(): Promise<void> {
    return Promise.all(this.feeds.map((feed) => this.refreshOne(feed))).then(() => undefined);
  }

  private refreshOne(feed: FeedState): Promise<void> {
    // One load of a feed at a time: a slow download is not started again by the next tick.
    feed.running ??= (async () => {
      try {
        const result = await loadFeed(feed.config, feed.current, this.options.fetch ? { fetch: this.options.fetch } : {});
        if (result.kind === 'loaded') {
          feed.current = result.snapshot;
          feed.loads++;
          for (const listener of this.listeners) listener({ name: feed.config.name, snapshot: result.snapshot });
        }
        feed.lastError = null;
      } catch (error) {
        feed.failures++;
        feed.lastError = (error as Error).message.slice(0, 300);
        this.options.onError?.(feed.config.name, feed.lastError);
      } finally {
        feed.running = null;
      }
    })();
    return feed.running;
  }

  /** Called with every new copy (serve's worker pool forwards it to the workers). */
  onCopy(listener: (copy: SharedFeedCopy) => void): void {
    this.listeners.push(listener);
  }

  /** The copies in use, for a worker that starts after they were loaded. */
  copies(): SharedFeedCopy[] {
    return this.feeds.flatMap((f) => (f.current ? [{ name: f.config.name, snapshot: f.current }] : []));
  }

  /** A copy loaded elsewhere (the main thread) replaces this set's one: how workers get their feeds. */
  install(copy: SharedFeedCopy): void {
    const feed = this.feeds.find((f) => f.config.name === copy.name);
    if (!feed) return;
    feed.current = { ...copy.snapshot, date: new Date(copy.snapshot.date), loadedAt: new Date(copy.snapshot.loadedAt) };
    feed.loads++;
  }

  /** Every feed listing `link` (its normalised URL first, else its host). */
  match(link: string): FeedMatch[] {
    const normal = normaliseFeedUrl(link);
    if (!normal) return [];
    const urlKey = feedKey(normal.url);
    const hostKey = feedKey(normal.host);
    const found: FeedMatch[] = [];
    for (const feed of this.feeds) {
      const snapshot = feed.current;
      if (!snapshot) continue;
      const on = hasKey(snapshot.urls, urlKey) ? 'url' : hasKey(snapshot.hosts, hostKey) ? 'host' : null;
      if (!on) continue;
      feed.hits++;
      found.push({ feed: feed.config.name, category: feed.config.category, date: snapshot.date, on });
    }
    return found;
  }

  /** Feeds with no copy yet: their silence is coverage, not "not listed". */
  missing(): string[] {
    return this.feeds.filter((f) => !f.current).map((f) => f.config.name);
  }

  status(): FeedStatus[] {
    return this.feeds.map((f) => ({
      name: f.config.name,
      format: f.config.format,
      category: f.config.category,
      source: displaySource(f.config.source),
      entries: f.current?.entries ?? 0,
      date: f.current?.date.toISOString() ?? null,
      loadedAt: f.current?.loadedAt.toISOString() ?? null,
      loads: f.loads,
      failures: f.failures,
      lastError: f.lastError,
      hits: f.hits,
    }));
  }
}
