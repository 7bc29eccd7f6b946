import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { boundedValue, encodeWords, tagSubject } from '../../src/services/gateway/header-values.js';
import { actionFor, strictestAction, strictestVerdict } from '../../src/services/gateway/policy.js';
import { readRawHeaders } from '../../src/services/gateway/raw-headers.js';
import { routeRecipients } from '../../src/services/gateway/tenant-router.js';

describe('routeRecipients', () => {
  const domains = { 'acme.test': 'tn_acme', 'sales.acme.test': 'tn_sales', 'Other.TEST': 'tn_other' };

  it('maps by most specific domain, then the default tenant', () => {
    const routed = routeRecipients(['a@acme.test', 'b@sales.acme.test', 'c@eu.acme.test', 'd@OTHER.test', 'e@elsewhere.test'], domains, 'tn_default');
    expect(Object.fromEntries(routed.byTenant)).toEqual({
      tn_acme: ['a@acme.test', 'c@eu.acme.test'],
      tn_sales: ['b@sales.acme.test'],
      tn_other: ['d@OTHER.test'],
      tn_default: ['e@elsewhere.test'],
    });
    expect(routed.unrouted).toEqual([]);
  });

  it('reports recipients nothing covers when there is no default', () => {
    expect(routeRecipients(['x@elsewhere.test', 'a@acme.test'], domains, null).unrouted).toEqual(['x@elsewhere.test']);
  });
});

describe('policy', () => {
  const config = loadConfig({
    env: {},
    overrides: { gateway: { tenant_actions: { tn_strict: { suspicious: 'quarantine' } } }, milter: { actions: { phishing: 'reject' } } },
  });

  it.each([
    ['smtp', 'tn_a', 'safe', 'tag'],
    ['smtp', 'tn_a', 'suspicious', 'tag'],
    ['smtp', 'tn_a', 'phishing', 'quarantine'],
    ['milter', 'tn_a', 'phishing', 'reject'],
    ['milter', 'tn_strict', 'suspicious', 'quarantine'],
    ['smtp', 'tn_strict', 'safe', 'tag'],
  ] as const)('%s door, %s, %s → %s', (door, tenant, verdict, action) => {
    expect(actionFor(config, door, tenant, verdict)).toBe(action);
  });

  it('orders actions reject > quarantine > tag > pass and verdicts phishing > suspicious > safe', () => {
    expect(strictestAction(['tag', 'pass'])).toBe('tag');
    expect(strictestAction(['tag', 'reject', 'quarantine'])).toBe('reject');
    expect(strictestAction([])).toBe('pass');
    expect(strictestVerdict(['safe', 'phishing', 'suspicious'])).toBe('phishing');
  });
});

describe('header values', () => {
  it('leaves ASCII alone and encodes anything else as RFC 2047 words of at most 75 characters', () => {
    expect(encodeWords('Link points to 198.51.100.23')).toBe('Link points to 198.51.100.23');
    const encoded = encodeWords('Vérifiez votre compte immédiatement — ' + 'é'.repeat(60));
    for (const word of encoded.split(' ')) {
      expect(word).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
      expect(word.length).toBeLessThanOrEqual(75);
    }
    const decoded = encoded
      .split(' ')
      .map((w) => Buffer.from(w.slice(10, -2), 'base64').toString('utf8'))
      .join('');
    expect(decoded).toBe('Vérifiez votre compte immédiatement — ' + 'é'.repeat(60));
  });

  it('flattens line breaks so a reason cannot inject a header, and bounds the length', () => {
    expect(boundedValue('a\r\nBcc: victim@x.test\r\n')).toBe('a Bcc: victim@x.test');
    expect(boundedValue('x'.repeat(5000)).length).toBeLessThanOrEqual(900);
    expect(boundedValue('x'.repeat(5000))).toMatch(/^x+\.\.\.$/);
    expect(boundedValue('é'.repeat(5000)).length).toBeLessThanOrEqual(900);
  });

  it('prefixes the subject, keeping encoded words intact and never tagging twice', () => {
    expect(tagSubject('Your invoice', '[PHISHING]')).toBe('[PHISHING] Your invoice');
    expect(tagSubject('=?UTF-8?B?w4l0ZQ==?=', '[SUSPICIOUS]')).toBe('[SUSPICIOUS] =?UTF-8?B?w4l0ZQ==?=');
    expect(tagSubject('[PHISHING] again', '[PHISHING]')).toBe('[PHISHING] again');
    expect(tagSubject('folded\r\n subject', '[X]')).toBe('[X] folded subject');
    expect(tagSubject(null, '[PHISHING]')).toBe('[PHISHING]');
  });
});

describe('readRawHeaders', () => {
  it('reads folded headers up to the blank line, CRLF or LF', () => {
    for (const eol of ['\r\n', '\n']) {
      const raw = Buffer.from(['Subject: one', ' two', 'From: a@b', '', 'Body: not a header'].join(eol));
      expect(readRawHeaders(raw)).toEqual([
        { name: 'Subject', value: 'one\r\n two' },
        { name: 'From', value: 'a@b' },
      ]);
    }
  });
});
