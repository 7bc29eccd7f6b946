/**
 * A stub DNS for tests (the public DNS is off limits, test/setup/no-real-dns.ts): a zone of records
 * keyed "TYPE name", answered in-process (`stubResolve`) or over UDP on loopback (`startStubDnsServer`,
 * for `phishgate serve` child processes, which get it through PHISHGATE_DNS_SERVERS).
 */
import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';
import type { DnsResolve } from '../../src/services/authentication/resolver.js';

export type MxRecord = { exchange: string; priority: number };
/** "TXT example.test" → [["v=spf1 …"]]; "A mx.example.test" → ["192.0.2.1"]; "MX x" → [{exchange, priority}]. */
export type Zone = Record<string, unknown[]>;

/** Names whose lookups fail with a DNS error code (e.g. ETIMEOUT, ESERVFAIL) instead of answering. */
export type Failures = Record<string, string>;

const key = (name: string, type: string) => `${type.toUpperCase()} ${name.toLowerCase().replace(/\.$/, '')}`;
const errorOf = (code: string, what: string) => Object.assign(new Error(`${code} ${what}`), { code });

export function stubResolve(zone: Zone, failures: Failures = {}): DnsResolve & { queries: string[] } {
  const queries: string[] = [];
  const resolve = (async (name: string, rrtype: string) => {
    const k = key(name, rrtype);
    queries.push(k);
    const failure = failures[k] ?? failures[`* ${name.toLowerCase()}`];
    if (failure) throw errorOf(failure, k);
    const records = zone[k];
    if (records) return records;
    const exists = Object.keys(zone).some((z) => z.endsWith(` ${name.toLowerCase()}`));
    throw errorOf(exists ? 'ENODATA' : 'ENOTFOUND', k);
  }) as DnsResolve & { queries: string[] };
  resolve.queries = queries;
  return resolve;
}

/** TXT records longer than 255 bytes go out as several strings, as real DNS does. */
const chunks = (text: string): string[] => text.match(/.{1,255}/gs) ?? [''];

export interface StubDnsServer {
  /** `127.0.0.1:PORT`, for auth.dns.servers / PHISHGATE_DNS_SERVERS. */
  address: string;
  zone: Zone;
  queries: string[];
  close(): Promise<void>;
}

export interface StubDnsOptions {
  /** Names (lower case, no trailing dot) the server never answers: a resolver's timeout path; `true`: none is answered. */
  silent?: readonly string[] | true;
  /** TTL of every answer, in seconds (60 unless told). */
  ttl?: number;
  /** Names (lower case, no trailing dot) answered only after this many milliseconds: a slow server. */
  delayMs?: Readonly<Record<string, number>>;
}

/** The same zone served over UDP on 127.0.0.1 (port 0): NXDOMAIN for unknown names, no answers for unknown types. */
export async function startStubDnsServer(zone: Zone, options: StubDnsOptions = {}): Promise<StubDnsServer> {
  const silentAll = options.silent === true;
  const silent = new Set(options.silent === true ? [] : (options.silent ?? []));
  // Rspamd sends up to 64 queries per message at once (scripts/bench-rspamd.ts); the default buffer holds about 256.
  const socket = createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
  const queries: string[] = [];
  let open = true;
  socket.on('message', (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const k = key(question.name, question.type);
    queries.push(k);
    if (silentAll || silent.has(question.name.toLowerCase().replace(/\.$/, ''))) return;
    const records = zone[k] ?? [];
    const exists = Object.keys(zone).some((z) => z.endsWith(` ${question.name.toLowerCase()}`));
    const answers = records.map((data) => {
      const base = { name: question.name, ttl: options.ttl ?? 60, class: 'IN' as const };
      if (question.type === 'TXT') return { ...base, type: 'TXT' as const, data: (data as string[]).flatMap(chunks) };
      if (question.type === 'MX') return { ...base, type: 'MX' as const, data: { exchange: (data as MxRecord).exchange, preference: (data as MxRecord).priority } };
      return { ...base, type: question.type as 'A', data: data as string };
    });
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id ?? 0,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (exists ? 0 : 3), // rcode 3 = NXDOMAIN
      questions: [question],
      answers: answers as dnsPacket.Answer[],
      // An EDNS query gets an EDNS answer (RFC 6891 §7); Rspamd's resolver retries until its timeout otherwise.
      ...(query.additionals?.some((a) => a.type === 'OPT') ? { additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 4096, flags: 0 } as dnsPacket.Answer] } : {}),
    });
    const delay = options.delayMs?.[question.name.toLowerCase().replace(/\.$/, '')];
    if (delay) setTimeout(() => open && socket.send(response, peer.port, peer.address), delay);
    else socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    zone,
    queries,
    close: () => {
      open = false;
      return new Promise((resolve) => socket.close(() => resolve()));
    },
  };
}
