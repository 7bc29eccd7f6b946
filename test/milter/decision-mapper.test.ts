import { describe, expect, it } from 'vitest';
import { gatewayDecision } from '../support/decisions.js';
import type { GatewayDecision } from '../../src/core/gateway.js';
import { HOLD_REASON_HEADER, planActions, planError, replyCodeText, type MapperContext } from '../../src/milter/decision-mapper.js';

const decision = gatewayDecision;

const ctx = (over: Partial<MapperContext> = {}): MapperContext => ({
  quarantineMode: 'hold',
  canAddHeaders: true,
  canChangeHeaders: true,
  canQuarantine: true,
  leadingSpace: false,
  forgedHeaders: [],
  ...over,
});

const tagged = decision({
  action: 'tag',
  verdict: 'suspicious',
  addHeaders: [
    { name: 'X-Phishgate-Verdict', value: 'suspicious' },
    { name: 'X-Phishgate-Score', value: '0.61' },
  ],
  newSubject: '[SUSPICIOUS] Your invoice',
});

const phishing = decision({
  action: 'quarantine',
  verdict: 'phishing',
  addHeaders: [{ name: 'X-Phishgate-Verdict', value: 'phishing' }],
  quarantineReason: 'phishing (score 0.93)',
});

describe('planActions (GatewayDecision → milter replies)', () => {
  const rows: Array<[string, GatewayDecision, MapperContext, ReturnType<typeof planActions>]> = [
    ['pass without edits', decision({}), ctx(), { store: false, replies: [{ kind: 'accept' }] }],
    [
      'pass still deletes forged phishgate headers, highest index first',
      decision({}),
      ctx({ forgedHeaders: [{ name: 'X-Phishgate-Verdict', index: 1 }, { name: 'x-phishgate-score', index: 1 }, { name: 'X-PHISHGATE-VERDICT', index: 2 }] }),
      {
        store: false,
        replies: [
          { kind: 'chgheader', index: 2, name: 'X-PHISHGATE-VERDICT', value: '' },
          { kind: 'chgheader', index: 1, name: 'X-Phishgate-Verdict', value: '' },
          { kind: 'chgheader', index: 1, name: 'x-phishgate-score', value: '' },
          { kind: 'accept' },
        ],
      },
    ],
    [
      'tag: deletes, then Subject, then inserts at the top in the gateway order',
      tagged,
      ctx({ forgedHeaders: [{ name: 'X-Phishgate-Verdict', index: 1 }] }),
      {
        store: false,
        replies: [
          { kind: 'chgheader', index: 1, name: 'X-Phishgate-Verdict', value: '' },
          { kind: 'chgheader', index: 1, name: 'Subject', value: '[SUSPICIOUS] Your invoice' },
          { kind: 'insheader', index: 0, name: 'X-Phishgate-Score', value: '0.61' },
          { kind: 'insheader', index: 0, name: 'X-Phishgate-Verdict', value: 'suspicious' },
          { kind: 'accept' },
        ],
      },
    ],
    [
      'tag with HDR_LEADSPC: values carry their own leading space',
      decision({ action: 'tag', addHeaders: [{ name: 'X-Phishgate-Verdict', value: 'safe' }], newSubject: 'x' }),
      ctx({ leadingSpace: true }),
      {
        store: false,
        replies: [
          { kind: 'chgheader', index: 1, name: 'Subject', value: ' x' },
          { kind: 'insheader', index: 0, name: 'X-Phishgate-Verdict', value: ' safe' },
          { kind: 'accept' },
        ],
      },
    ],
    [
      'folded values go out with bare LF, never CRLF',
      decision({ action: 'tag', addHeaders: [{ name: 'X-Phishgate-Reasons', value: 'one;\r\n two' }] }),
      ctx(),
      { store: false, replies: [{ kind: 'insheader', index: 0, name: 'X-Phishgate-Reasons', value: 'one;\n two' }, { kind: 'accept' }] },
    ],
    [
      'edits the MTA did not grant are left out',
      tagged,
      ctx({ canAddHeaders: false, canChangeHeaders: false, forgedHeaders: [{ name: 'X-Phishgate-Verdict', index: 1 }] }),
      { store: false, replies: [{ kind: 'accept' }] },
    ],
    [
      'quarantine, mode hold: tag, reason header, QUARANTINE, ACCEPT',
      phishing,
      ctx(),
      {
        store: false,
        replies: [
          { kind: 'insheader', index: 0, name: HOLD_REASON_HEADER, value: 'phishing (score 0.93)' },
          { kind: 'insheader', index: 0, name: 'X-Phishgate-Verdict', value: 'phishing' },
          { kind: 'quarantine', reason: 'phishing (score 0.93)' },
          { kind: 'accept' },
        ],
      },
    ],
    ['quarantine, mode store: keep it ourselves, MTA discards', phishing, ctx({ quarantineMode: 'store' }), { store: true, replies: [{ kind: 'discard' }] }],
    [
      'quarantine, mode both: stored and held',
      phishing,
      ctx({ quarantineMode: 'both' }),
      {
        store: true,
        replies: [
          { kind: 'insheader', index: 0, name: HOLD_REASON_HEADER, value: 'phishing (score 0.93)' },
          { kind: 'insheader', index: 0, name: 'X-Phishgate-Verdict', value: 'phishing' },
          { kind: 'quarantine', reason: 'phishing (score 0.93)' },
          { kind: 'accept' },
        ],
      },
    ],
    ['quarantine, mode hold, but the MTA grants no QUARANTINE: store and discard', phishing, ctx({ canQuarantine: false }), { store: true, replies: [{ kind: 'discard' }] }],
    [
      'quarantine reason: one line, default when the gateway gives none',
      decision({ action: 'quarantine', verdict: 'phishing', quarantineReason: null }),
      ctx({ canAddHeaders: false }),
      { store: false, replies: [{ kind: 'quarantine', reason: 'phishgate: phishing' }, { kind: 'accept' }] },
    ],
    [
      'reject: REPLYCODE with the gateway text, nothing else',
      decision({ action: 'reject', verdict: 'phishing', reject: { code: 550, enhanced: '5.7.1', text: 'Phishing rejected' } }),
      ctx({ forgedHeaders: [{ name: 'X-Phishgate-Verdict', index: 1 }] }),
      { store: false, replies: [{ kind: 'replycode', text: '550 5.7.1 Phishing rejected' }] },
    ],
  ];

  it.each(rows)('%s', (_name, d, c, expected) => {
    expect(planActions(d, c)).toEqual(expected);
  });

  it('drops an added header whose name could not be a header name', () => {
    const plan = planActions(decision({ action: 'tag', addHeaders: [{ name: 'Bad Name:', value: 'x' }] }), ctx());
    expect(plan.replies).toEqual([{ kind: 'accept' }]);
  });
});

describe('replyCodeText', () => {
  it.each([
    [{ code: 550, enhanced: '5.7.1', text: 'Phishing' }, '550 5.7.1 Phishing'],
    [{ code: 554, enhanced: '5.7.0', text: '100% phishing' }, '554 5.7.0 100%% phishing'],
    [{ code: 550, enhanced: '5.7.1', text: 'two\r\nlines' }, '550 5.7.1 two lines'],
    [{ code: 250, enhanced: '2.0.0', text: 'not a rejection' }, '550 5.7.1 not a rejection'],
    [{ code: 550, enhanced: '4.7.1', text: 'class mismatch' }, '550 5.7.1 class mismatch'],
    [{ code: 451, enhanced: '4.7.1', text: 'later' }, '451 4.7.1 later'],
    [null, '550 5.7.1 Message rejected as phishing'],
  ])('%j → %s', (reject, text) => {
    expect(replyCodeText(reject)).toBe(text);
  });
});

describe('planError', () => {
  it('tempfail: 451 4.3.0 so the client retries', () => {
    expect(planError('tempfail', ctx())).toEqual({ store: false, replies: [{ kind: 'replycode', text: '451 4.3.0 Temporary failure in message analysis, try again later' }] });
  });

  it('fail open: accept, still without forged phishgate headers', () => {
    expect(planError('accept', ctx({ forgedHeaders: [{ name: 'X-Phishgate-Verdict', index: 1 }] }))).toEqual({
      store: false,
      replies: [{ kind: 'chgheader', index: 1, name: 'X-Phishgate-Verdict', value: '' }, { kind: 'accept' }],
    });
  });
});
