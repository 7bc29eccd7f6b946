/**
 * The digest setup (real SMTP door, store, sink as next hop, digest service) plus the self-service page:
 * a real app whose self-service links are signed with SECRET (and accept PREVIOUS_SECRET), releasing to
 * the sink through the real relay.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createSelfService, type SelfService } from '../../../src/services/self-service/service.js';
import { createSmtpRelay, type Relay } from '../../../src/smtp/index.js';
import type { TestDialect } from '../../support/dialects.js';
import { buildDoorApp, logger } from '../../smtp/helpers/door.js';
import { PUBLIC_URL, SECRET, startDigestSetup, type DigestSetup } from './digest-setup.js';

export const PREVIOUS_SECRET = 'previous-link-secret-abcdefghij';
export const LINK_TTL_MS = 7 * 24 * 3600 * 1000;

export interface SelfServiceSetup extends DigestSetup {
  app: FastifyInstance;
  selfService: SelfService;
  /** The four links of `subject` in `rcpt`'s latest digest, as app paths. */
  linksOf(rcpt: string, subject: string): Promise<{ preview: string; release: string; releaseAndAllow: string; delete: string }>;
  /** GET of a page: the response and the form's hidden token and cookie, when the page has a form. */
  open(path: string): Promise<{ response: LightMyRequestResponse; csrf: string | null; cookie: string | null }>;
  post(path: string, form: { csrf?: string; cookie?: string | null; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

export const pathOf = (url: string): string => {
  if (!url.startsWith(`${PUBLIC_URL}/`)) throw new Error(`link outside the public URL: ${url}`);
  return url.slice(PUBLIC_URL.length);
};

export async function startSelfServiceSetup(dialect: TestDialect, settings: { language?: string; genuineAfterRecipients?: number } = {}): Promise<SelfServiceSetup & { relay: Relay }> {
  let selfService: SelfService | undefined;
  const setup = await startDigestSetup(dialect, {
    secrets: [SECRET, PREVIOUS_SECRET],
    digests: () => (settings.language ? { defaults: { language: settings.language } } : {}),
    links: () => (tenantId, recipient, quarantineId, nowMs) => selfService!.digestLinks(tenantId, recipient, quarantineId, nowMs),
  });
  const { t } = setup;
  selfService = createSelfService(
    { store: t.h.store, clock: t.h.clock, newId: (p) => `${p}_${Math.random().toString(36).slice(2)}` },
    { quarantine: t.h.services.quarantine, lists: t.h.services.lists, feedback: t.h.services.feedback, findTenant: t.h.services.tenants.find },
    { secrets: [SECRET, PREVIOUS_SECRET], ttlMs: LINK_TTL_MS, publicUrl: PUBLIC_URL, genuineAfterRecipients: settings.genuineAfterRecipients },
  );
  // A generous next-hop timeout: under load a release must not fail for slowness alone.
  const relay = createSmtpRelay({ ...t.config.smtp, relay_timeout_ms: 30_000 }, logger);
  const app = await buildDoorApp(t, relay, { selfService, pageSettingsOf: () => ({ language: (settings.language ?? 'en') as 'en', timeZone: 'UTC' }) });
  return {
    ...setup,
    app,
    relay,
    selfService,
    async linksOf(rcpt, subject) {
      const digests = await setup.digestsFor(rcpt);
      const latest = digests.at(-1);
      if (!latest) throw new Error(`no digest for ${rcpt}`);
      // The text part lists each message's subject followed by its four links.
      const lines = latest.text.split('\n');
      const at = lines.findIndex((l) => l.includes(subject));
      if (at < 0) throw new Error(`${subject} not in the digest of ${rcpt}`);
      const urls = lines.slice(at, at + 8).map((l) => /(https:\/\/\S+)/.exec(l)?.[1]).filter((u): u is string => !!u);
      const [preview, release, releaseAndAllow, del] = urls.map(pathOf);
      return { preview: preview!, release: release!, releaseAndAllow: releaseAndAllow!, delete: del! };
    },
    async open(path) {
      const response = await app.inject({ method: 'GET', url: path });
      const csrf = /name="csrf" value="([^"]+)"/.exec(response.body)?.[1] ?? null;
      const setCookie = response.headers['set-cookie'];
      const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? null;
      return { response, csrf, cookie };
    },
    post(path, form) {
      return app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(form.cookie ? { cookie: form.cookie } : {}), ...form.headers },
        payload: new URLSearchParams(form.csrf === undefined ? {} : { csrf: form.csrf }).toString(),
      });
    },
    async close() {
      await app.close();
      await relay.close();
      await setup.close();
    },
  };
}
