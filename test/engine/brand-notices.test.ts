import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { emptyMessage } from '../../src/core/message.js';
import { createEngine } from '../../src/engine/engine.js';

/*
 * Genuine brand notices that ask something (docs/detection.md "Is the sender that identity"): 250 brands'
 * real sending addresses and the pages their notices link to (test/fixtures/brand-senders.json), each in
 * four notices that use the words phishing uses — a failed payment, a password reset, a sign-in code, a
 * new sign-in. Sent from the brand's own domain with links on the brand's own domains, every one is safe.
 * Left out, with their reason: free-mail ISPs whose brand has no catalogued claim (Outlook, Free, Sky:
 * anyone can have such an address), user-content hosts (Notion pages, SharePoint tenants), and domains
 * whose ownership is not established. Rules only: the classifier assists and is bounded separately.
 */
const senders = JSON.parse(readFileSync(new URL('../fixtures/brand-senders.json', import.meta.url), 'utf8')) as Array<[string, string, string]>;
const NOTICES: Array<(brand: string, url: string) => { subject: string; body: string }> = [
  (b, u) => ({ subject: `Your ${b} payment failed`, body: `We couldn't process your latest payment. Please update your payment method to keep your ${b} account active: ${u}` }),
  (b, u) => ({ subject: `Reset your ${b} password`, body: `We received a request to reset the password of your ${b} account. If it was you, sign in and choose a new password: ${u}\nIf you did not ask for this, ignore this email.` }),
  (b, u) => ({ subject: `Your ${b} verification code`, body: `Your verification code is 483920. Enter it within 10 minutes to confirm your sign-in. Never share this code. Manage your security settings: ${u}` }),
  (b, u) => ({ subject: `Unusual sign-in activity on your ${b} account`, body: `We detected a sign-in from a new device. If this was you, no action is needed. If not, secure your account now: ${u}` }),
];

describe('genuine brand notices with asks are safe', () => {
  const engine = createEngine({ config: loadConfig({ env: {} }).engine, classifier: null });
  it(`holds for ${senders.length} brands' own addresses and links, in ${NOTICES.length} notices each`, async () => {
    const flagged: string[] = [];
    for (const [name, address, url] of senders) {
      for (const notice of NOTICES) {
        const { subject, body } = notice(name, url);
        const message = { ...emptyMessage(), subject, from: { name, address }, to: [{ name: '', address: 'jane@example.org' }], text: `Hello Jane,\n\n${body}\n\nThe ${name} team` };
        const result = await engine.analyze(message, { allowList: [], blockList: [], tenantDomains: [], now: 0 });
        if (result.verdict !== 'safe') flagged.push(`${name} <${address}> "${subject}": ${result.verdict} ${result.rules.filter((r) => r.weight > 0).map((r) => r.id).join(', ')}`);
      }
    }
    expect(flagged).toEqual([]);
  });
});
