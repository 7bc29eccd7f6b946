/**
 * Loads one feed from a file or an http(s) URL into its compact index (docs/reputation.md "Feeds"). An
 * http source is asked conditionally (If-None-Match / If-Modified-Since from the last good copy): a 304
 * keeps that copy. A file whose modification time has not changed is not read again. The body is read as
 * a stream, line by line, and never kept: only the keys are.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { jsonUrls, lineReader, type FeedFormat } from './feed-formats.js';
import { feedKey, KeyCollector, normaliseFeedUrl } from './feed-keys.js';

export interface FeedSource {
  name: string;
  format: FeedFormat;
  source: string;
}

export interface FeedSnapshot {
  /** Sorted keys of the normalised URLs and of their hosts. */
  urls: Float64Array;
  hosts: Float64Array;
  entries: number;
  /** When the feed says it was produced (Last-Modified, the file's mtime), else when it was fetched. */
  date: Date;
  loadedAt: Date;
  etag: string | null;
  lastModified: string | null;
}

export type LoadResult = { kind: 'loaded'; snapshot: FeedSnapshot } | { kind: 'unchanged' };

/** PhishTank's JSON is one document: read whole, within this bound (its full dump is well below). */
const MAX_JSON_BYTES = 512 * 1024 * 1024;
/** Lines longer than this are not URLs a feed lists; skipped (readline still bounds nothing by itself). */
const MAX_LINE_CHARS = 8192;
const FETCH_TIMEOUT_MS = 120_000;

const isHttp = (source: string): boolean => /^https?:\/\//i.test(source);

async function readInto(format: FeedFormat, lines: AsyncIterable<string> | null, whole: (() => Promise<string>) | null): Promise<{ urls: Float64Array; hosts: Float64Array; entries: number }> {
  const urls = new KeyCollector();
  const hosts = new KeyCollector();
  let entries = 0;
  const add = (value: string): void => {
    const normal = normaliseFeedUrl(value);
    if (!normal) return;
    entries++;
    urls.add(feedKey(normal.url));
    hosts.add(feedKey(normal.host));
  };
  if (format === 'phishtank_json') jsonUrls(await whole!(), add);
  else {
    const reader = lineReader(format, add);
    for await (const line of lines!) if (line.length <= MAX_LINE_CHARS) reader.line(line);
  }
  if (entries === 0) throw new Error('the feed lists no URL (wrong format, or an error page?)');
  return { urls: urls.finish(), hosts: hosts.finish(), entries };
}

const linesOf = (stream: NodeJS.ReadableStream): AsyncIterable<string> => createInterface({ input: stream, crlfDelay: Infinity });

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) throw new Error(`the feed is larger than ${MAX_JSON_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function loadFeed(feed: FeedSource, previous: FeedSnapshot | null, options: { fetch?: typeof fetch; now?: () => Date } = {}): Promise<LoadResult> {
  const now = options.now ?? (() => new Date());
  if (!isHttp(feed.source)) {
    const info = await stat(feed.source);
    if (previous && previous.date.getTime() === info.mtime.getTime()) return { kind: 'unchanged' };
    const read = await readInto(feed.format, linesOf(createReadStream(feed.source)), () => textOf(createReadStream(feed.source)));
    return { kind: 'loaded', snapshot: { ...read, date: info.mtime, loadedAt: now(), etag: null, lastModified: null } };
  }
  const headers: Record<string, string> = { 'user-agent': 'phishgate reputation feed' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
  const response = await (options.fetch ?? fetch)(feed.source, { headers, redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (response.status === 304 && previous) return { kind: 'unchanged' };
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status} from ${new URL(feed.source).host}`);
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  const read = feed.format === 'phishtank_json' ? await readInto(feed.format, null, () => textOf(body)) : await readInto(feed.format, linesOf(body), null);
  const lastModified = response.headers.get('last-modified');
  const stamped = lastModified ? new Date(lastModified) : null;
  return {
    kind: 'loaded',
    snapshot: {
      ...read,
      date: stamped && !Number.isNaN(stamped.getTime()) ? stamped : now(),
      loadedAt: now(),
      etag: response.headers.get('etag'),
      lastModified,
    },
  };
}
