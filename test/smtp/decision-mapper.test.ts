import { describe, expect, it } from 'vitest';
import { gatewayDecision } from '../support/decisions.js';
import { loadConfig } from '../../src/config/loader.js';
import { actionFor } from '../../src/services/gateway/policy.js';
import type { GatewayDecision } from '../../src/core/gateway.js';
import { mapDecision, relayFailureReply } from '../../src/smtp/decision-mapper.js';
import { RelayRefused, RelayUnavailable } from '../../src/smtp/relay-errors.js';
import { SmtpReply } from '../../src/smtp/replies.js';

const TAGS = [{ name: 'X-Phishgate-Verdict', value: 'phishing' }];
const decision = (over: Partial<GatewayDecision>): GatewayDecision => gatewayDecision({ action: 'tag', ...over });

describe('mapDecision (gateway decision → what the content filter does)', () => {
  it.each([
    ['tag with headers and subject', decision({ action: 'tag', addHeaders: TAGS, newSubject: '[PHISHING] x' }), { kind: 'relay', edits: { addHeaders: TAGS, newSubject: '[PHISHING] x' } }],
    ['tag safe mail, headers only', decision({ action: 'tag', addHeaders: TAGS }), { kind: 'relay', edits: { addHeaders: TAGS, newSubject: null } }],
    ['pass: forged headers still stripped (nothing added)', decision({ action: 'pass' }), { kind: 'relay', edits: { addHeaders: [], newSubject: null } }],
    ['own signed mail: byte for byte', decision({ action: 'pass', verbatim: true }), { kind: 'relay', edits: null }],
    ['pass unscanned (oversize)', decision({ action: 'pass', verdict: null, addHeaders: [{ name: 'X-Phishgate-Skipped', value: 'size' }] }), { kind: 'relay', edits: { addHeaders: [{ name: 'X-Phishgate-Skipped', value: 'size' }], newSubject: null } }],
    ['quarantine', decision({ action: 'quarantine', addHeaders: TAGS }), { kind: 'quarantine' }],
  ])('%s', (_name, input, expected) => {
    expect(mapDecision(input)).toEqual(expected);
  });

  it.each([
    ['policy reject: 550 5.7.1', { code: 550, enhanced: '5.7.1', text: 'Message rejected by phishgate as phishing (an_1)' }, 550, '5.7.1 Message rejected by phishgate as phishing (an_1)'],
    ['oversize reject: 552 5.3.4', { code: 552, enhanced: '5.3.4', text: 'Message too big for phishgate to scan' }, 552, '5.3.4 Message too big for phishgate to scan'],
  ])('%s', (_name, reject, code, message) => {
    const outcome = mapDecision(decision({ action: 'reject', reject }));
    expect(outcome.kind).toBe('refuse');
    const reply = (outcome as { reply: SmtpReply }).reply;
    expect([reply.responseCode, reply.message]).toEqual([code, message]);
  });
});

describe('relayFailureReply (next hop failure → reply to Postfix)', () => {
  it.each([
    ['permanent refusal is passed back', new RelayRefused(550, '5.1.1', '550 5.1.1 <bob@x>: Recipient address rejected'), 550, /^5\.1\.1 next hop refused the message: 550 5\.1\.1 <bob@x>/],
    ['permanent refusal without enhanced code', new RelayRefused(554, null, '554 Transaction failed'), 554, /^5\.0\.0 /],
    ['temporary refusal is 451 4.3.0', new RelayRefused(452, '4.3.1', '452 4.3.1 Insufficient system storage'), 451, /^4\.3\.0 /],
    ['next hop down is 451 4.3.0', new RelayUnavailable('connect ECONNREFUSED'), 451, /^4\.3\.0 next hop did not accept/],
    ['anything else is 451 4.3.0', new Error('boom'), 451, /^4\.3\.0 /],
  ])('%s', (_name, error, code, message) => {
    const reply = relayFailureReply(error);
    expect(reply.responseCode).toBe(code);
    expect(reply.message).toMatch(message);
  });
});

describe('per-verdict actions for the smtp door (docs/gateway.md defaults, door and tenant overrides)', () => {
  const config = loadConfig({ env: {}, overrides: { smtp: { actions: { suspicious: 'quarantine' } }, milter: { actions: { phishing: 'reject' } }, gateway: { tenant_actions: { tn_strict: { safe: 'pass', phishing: 'reject' } } } } });
  it.each([
    ['tn_any', 'safe', 'tag'],
    ['tn_any', 'suspicious', 'quarantine'],
    ['tn_any', 'phishing', 'quarantine'],
    ['tn_strict', 'safe', 'pass'],
    ['tn_strict', 'suspicious', 'quarantine'],
    ['tn_strict', 'phishing', 'reject'],
  ] as const)('%s, %s → %s', (tenant, verdict, action) => {
    expect(actionFor(config, 'smtp', tenant, verdict)).toBe(action);
  });
});
