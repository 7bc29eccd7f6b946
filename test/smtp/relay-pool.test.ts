import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawMessageFromBuffer } from '../../src/mail/spool.js';
import { outgoingMessage } from '../../src/smtp/outgoing-message.js';
import { RelayUnavailable } from '../../src/smtp/relay-errors.js';
import { createRelayPool, type Relay } from '../../src/smtp/relay-pool.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, logger, mail } from './helpers/door.js';

/** A TCP pass-through to the sink that counts connections and can cut them (a next hop dropping idle clients). */
async function startProxy(targetPort: number): Promise<{ port: number; opened: () => number; maxOpen: () => number; cutAll: () => void; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let opened = 0;
  let maxOpen = 0;
  const server: Server = createServer((client) => {
    opened++;
    const upstream = connect({ port: targetPort, host: '127.0.0.1' });
    const pair = [client, upstream];
    for (const s of pair) {
      sockets.add(s);
      s.on('error', () => pair.forEach((x) => x.destroy()));
      s.on('close', () => (sockets.delete(s), pair.forEach((x) => x.destroy())));
    }
    maxOpen = Math.max(maxOpen, sockets.size / 2);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    opened: () => opened,
    maxOpen: () => maxOpen,
    cutAll: () => sockets.forEach((s) => s.destroy()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const envelope = { mailFrom: 'alice@sender.test', rcptTo: ['bob@acme.test'], eightBitMime: false, smtpUtf8: false };
const outgoing = async (raw: Buffer) => outgoingMessage(rawMessageFromBuffer(raw), null);

describe('relay pool', () => {
  let sink: SmtpSink;
  let relay: Relay | null = null;
  beforeEach(async () => {
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await relay?.close();
    await sink.close();
  });

  it('reuses connections and opens at most relay_pool_size of them', async () => {
    const proxy = await startProxy(sink.port);
    relay = createRelayPool({ host: '127.0.0.1', port: proxy.port, timeoutMs: 5000, poolSize: 2, logger });
    const messages = Array.from({ length: 10 }, () => mail());
    const replies = await Promise.all(messages.map(async (m) => relay!.send(envelope, await outgoing(m.raw))));
    expect(replies.every((r) => r.startsWith('250'))).toBe(true);
    for (const m of messages) expect(sink.messages.filter(byId(m.id))).toHaveLength(1);
    expect(proxy.maxOpen()).toBeLessThanOrEqual(2);
    expect(proxy.opened()).toBeLessThanOrEqual(2);
    await relay.close();
    await proxy.close();
  });

  it('retries on a new connection when a pooled one was closed by the next hop while idle', async () => {
    const proxy = await startProxy(sink.port);
    relay = createRelayPool({ host: '127.0.0.1', port: proxy.port, timeoutMs: 5000, poolSize: 1, logger });
    const first = mail();
    await relay.send(envelope, await outgoing(first.raw));
    proxy.cutAll();
    const second = mail();
    expect(await relay.send(envelope, await outgoing(second.raw))).toMatch(/^250/);
    expect(sink.messages.filter(byId(second.id))).toHaveLength(1);
    expect(proxy.opened()).toBe(2);
    await relay.close();
    await proxy.close();
  });

  it('gives up after relay_timeout_ms on a next hop that never answers', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    relay = createRelayPool({ host: '127.0.0.1', port: (silent.address() as { port: number }).port, timeoutMs: 300, poolSize: 1, logger });
    const error = await relay.send(envelope, await outgoing(mail().raw)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RelayUnavailable);
    silent.close();
  });

  it('refuses to send once closed', async () => {
    relay = createRelayPool({ host: '127.0.0.1', port: sink.port, timeoutMs: 1000, poolSize: 1, logger });
    await relay.close();
    await expect(relay.send(envelope, await outgoing(mail().raw))).rejects.toBeInstanceOf(RelayUnavailable);
  });
});
