import type { Gateway, GatewayDecision, GatewayEnvelope } from '../../../src/core/gateway.js';
import { gatewayDecision } from '../../support/decisions.js';

/** What the door handed the gateway, copied before the door disposes the raw message. */
export interface SeenMessage {
  envelope: GatewayEnvelope;
  raw: string;
  onDisk: boolean;
  size: number;
}

export interface TestGatewayOptions {
  /** `[slow]`: decide waits for this (a test-controlled promise or a delay). */
  slow?: () => Promise<void>;
  /** gateway.quarantine throws (store down). */
  quarantineFails?: boolean;
}

export interface TestGateway extends Gateway {
  decided: SeenMessage[];
  quarantined: Array<SeenMessage & { decision: GatewayDecision }>;
}

function subjectOf(raw: string): string {
  const head = raw.split(/\r\n\r\n/, 1)[0] ?? '';
  const match = /^subject:[ \t]*(.*(?:\r\n[ \t].*)*)/im.exec(head);
  return match ? match[1]!.replace(/\r\n/g, '') : '';
}

const base = (over: Partial<GatewayDecision>): GatewayDecision => gatewayDecision({ action: 'tag', ...over });

/**
 * A deterministic stand-in for the real gateway (the lead's), deciding by a marker in the Subject:
 * `[reject]`, `[hold]` (quarantine), `[tag]` (suspicious, subject prefixed), `[slow]`, `[boom]` (throws);
 * anything else is safe and tagged. It exercises the protocol layer, not phishing detection.
 */
export function createTestGateway(options: TestGatewayOptions = {}): TestGateway {
  let n = 0;
  const decided: SeenMessage[] = [];
  const quarantined: TestGateway['quarantined'] = [];
  const seen = async (raw: Parameters<Gateway['decide']>[0], envelope: GatewayEnvelope): Promise<SeenMessage> => ({
    envelope: structuredClone(envelope),
    raw: (await raw.toBuffer()).toString('latin1'),
    onDisk: raw.onDisk,
    size: raw.size,
  });
  const headers = (verdict: string, score: string) => [
    { name: 'X-Phishgate-Verdict', value: verdict },
    { name: 'X-Phishgate-Score', value: score },
    { name: 'X-Phishgate-Analysis-Id', value: `an_test_${++n}` },
  ];

  return {
    decided,
    quarantined,
    async decide(raw, envelope) {
      const message = await seen(raw, envelope);
      decided.push(message);
      const subject = subjectOf(message.raw);
      if (subject.includes('[boom]')) throw new Error('test gateway: engine exploded');
      if (subject.includes('[slow]')) await options.slow?.();
      if (subject.includes('[reject]')) {
        return base({ action: 'reject', verdict: 'phishing', reject: { code: 550, enhanced: '5.7.1', text: 'Message rejected as phishing (test)' } });
      }
      if (subject.includes('[hold]')) {
        return base({ action: 'quarantine', verdict: 'phishing', addHeaders: headers('phishing', '0.97'), quarantineReason: 'phishing, score 0.97 (test)' });
      }
      if (subject.includes('[tag]')) {
        return base({ action: 'tag', verdict: 'suspicious', addHeaders: headers('suspicious', '0.61'), newSubject: `[SUSPICIOUS] ${subject}` });
      }
      return base({ action: 'tag', verdict: 'safe', addHeaders: headers('safe', '0.02') });
    },
    async quarantine(raw, envelope, decision) {
      if (options.quarantineFails) throw new Error('test gateway: store unavailable');
      quarantined.push({ ...(await seen(raw, envelope)), decision });
      return [`qr_test_${quarantined.length}`];
    },
  };
}
