import type { AuthHints, AuthOutcome, HeaderField } from '../core/message.js';

const OUTCOMES = new Set<AuthOutcome>(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror']);

export function toAuthOutcome(raw: string | undefined | null): AuthOutcome | undefined {
  if (!raw) return undefined;
  const word = raw.trim().toLowerCase().split(/[\s;(]/)[0] ?? '';
  if (word === 'hardfail') return 'fail';
  return OUTCOMES.has(word as AuthOutcome) ? (word as AuthOutcome) : undefined;
}

export interface SenderAuth {
  spf: AuthOutcome;
  dkim: AuthOutcome;
  dmarc: AuthOutcome;
}

/**
 * SPF/DKIM/DMARC as the receiving side recorded them. Explicit hints (the API's `headers` object) win;
 * otherwise the first Authentication-Results header (the one our own edge added last, RFC 8601 §5),
 * then Received-SPF.
 */
export function senderAuth(headers: HeaderField[], hints: AuthHints): SenderAuth {
  const found: Partial<SenderAuth> = {};
  const authResults = headers.find((h) => h.name.toLowerCase() === 'authentication-results');
  if (authResults) {
    for (const method of ['spf', 'dkim', 'dmarc'] as const) {
      const match = new RegExp(`\\b${method}\\s*=\\s*([a-z]+)`, 'i').exec(authResults.value);
      const outcome = toAuthOutcome(match?.[1]);
      if (outcome) found[method] = outcome;
    }
  }
  if (!found.spf) {
    const receivedSpf = headers.find((h) => h.name.toLowerCase() === 'received-spf');
    const outcome = toAuthOutcome(receivedSpf?.value);
    if (outcome) found.spf = outcome;
  }
  return {
    spf: hints.spf ?? found.spf ?? 'none',
    dkim: hints.dkim ?? found.dkim ?? 'none',
    dmarc: hints.dmarc ?? found.dmarc ?? 'none',
  };
}
