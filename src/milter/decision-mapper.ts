import type { GatewayDecision, HeaderToAdd } from '../core/gateway.js';
import type { HeaderOccurrence } from './message-collector.js';
import type { MilterReply } from './replies.js';

export type QuarantineMode = 'hold' | 'store' | 'both';

export interface MapperContext {
  quarantineMode: QuarantineMode;
  /** SMFIF_* bits the MTA granted; an edit it did not grant is left out rather than sent (docs/milter-protocol.md §3). */
  canAddHeaders: boolean;
  canChangeHeaders: boolean;
  canQuarantine: boolean;
  /** HDR_LEADSPC: the MTA writes `Name:value` verbatim, so values carry their own leading space. */
  leadingSpace: boolean;
  /** Incoming `X-Phishgate-*` headers, as the collector counted them. */
  forgedHeaders: readonly HeaderOccurrence[];
}

/** What the door does at end of message: optionally keep the message in the store, then reply. */
export interface MilterPlan {
  /** Call `gateway.quarantine` before replying. */
  store: boolean;
  /** Modifications, then exactly one final reply. */
  replies: MilterReply[];
}

/** Postfix discards the QUARANTINE reason (milter8.c: "What to do with the reason text?"), so it also rides in this header. */
export const HOLD_REASON_HEADER = 'X-Phishgate-Quarantine-Reason';

const DEFAULT_REJECT = { code: 550, enhanced: '5.7.1', text: 'Message rejected as phishing' };
const TEMPFAIL_TEXT = '451 4.3.0 Temporary failure in message analysis, try again later';

/** One line, no NUL: values go out as C strings and Postfix reads a header value up to its NUL. */
function oneLine(text: string): string {
  return text.replace(/[\0\r\n]+/g, ' ').trim();
}

/** Folded values use bare LF toward Postfix (docs/milter-protocol.md §4 "Headers"), never CRLF or NUL. */
function headerValue(value: string, leadingSpace: boolean): string {
  const lf = value.replace(/\0/g, '').replace(/\r\n?/g, '\n');
  return leadingSpace ? ` ${lf}` : lf;
}

function validHeaderName(name: string): boolean {
  return /^[!-9;-~]+$/.test(name);
}

/**
 * SMFIR_REPLYCODE text (docs/milter-protocol.md §6): 4xx/5xx, three digits and a space, an enhanced code of the same class,
 * `%` doubled because Postfix expands `%%`. Anything else falls back to 550 5.7.1.
 */
export function replyCodeText(reject: GatewayDecision['reject']): string {
  const r = reject ?? DEFAULT_REJECT;
  const code = String(r.code);
  const valid = /^[45][0-9][0-9]$/.test(code) && new RegExp(`^${code[0]}\\.[0-9]{1,3}\\.[0-9]{1,3}$`).test(r.enhanced);
  const { code: c, enhanced, text } = valid ? r : { ...DEFAULT_REJECT, text: r.text };
  const line = oneLine(text || DEFAULT_REJECT.text).slice(0, 400).replace(/%/g, '%%');
  return `${c} ${enhanced} ${line}`;
}

/**
 * Header edits for a delivered or held message. Order matters with Postfix: CHGHEADER indexes skip
 * its own Received: header only until a milter inserts above it (cleanup_milter.c), so every change
 * and delete goes first and the inserts last. Deletes run from the highest index down, which is right
 * whether the MTA renumbers after a delete (Postfix) or not (Sendmail).
 */
function headerEdits(decision: GatewayDecision, ctx: MapperContext, extra: HeaderToAdd[]): MilterReply[] {
  const edits: MilterReply[] = [];
  if (ctx.canChangeHeaders) {
    const deletes = [...ctx.forgedHeaders].sort((a, b) => b.index - a.index);
    for (const h of deletes) edits.push({ kind: 'chgheader', index: h.index, name: h.name, value: '' });
    if (decision.newSubject !== null) {
      edits.push({ kind: 'chgheader', index: 1, name: 'Subject', value: headerValue(decision.newSubject, ctx.leadingSpace) });
    }
  }
  if (ctx.canAddHeaders) {
    // INSHEADER at 0 puts a header at the very top; inserting in reverse keeps the gateway's order.
    const adds = [...decision.addHeaders, ...extra].filter((h) => validHeaderName(h.name));
    for (const h of adds.reverse()) edits.push({ kind: 'insheader', index: 0, name: h.name, value: headerValue(h.value, ctx.leadingSpace) });
  }
  return edits;
}

/** GatewayDecision → milter replies (the door's pure mapper; tested as a table). */
export function planActions(decision: GatewayDecision, ctx: MapperContext): MilterPlan {
  switch (decision.action) {
    case 'reject':
      return { store: false, replies: [{ kind: 'replycode', text: replyCodeText(decision.reject) }] };
    case 'quarantine': {
      // Without the QUARANTINE action granted, a hold cannot happen: keep it in our store instead.
      const hold = ctx.canQuarantine && ctx.quarantineMode !== 'store';
      const store = ctx.quarantineMode !== 'hold' || !hold;
      if (!hold) return { store, replies: [{ kind: 'discard' }] };
      const reason = oneLine(decision.quarantineReason ?? `phishgate: ${decision.verdict ?? 'quarantined'}`).slice(0, 200) || 'phishgate';
      return {
        store,
        replies: [
          ...headerEdits(decision, ctx, [{ name: HOLD_REASON_HEADER, value: reason }]),
          { kind: 'quarantine', reason },
          { kind: 'accept' },
        ],
      };
    }
    case 'pass':
    case 'tag':
      return { store: false, replies: [...headerEdits(decision, ctx, []), { kind: 'accept' }] };
  }
}

/**
 * Internal error (gateway, engine, store): tempfail so the MTA keeps the mail and the client retries,
 * or — configured fail-open — accept it, still without forged phishgate headers. A configuration problem
 * (no tenant for the recipient) gets its own text naming the setting; internal errors stay generic.
 */
export function planError(onError: 'tempfail' | 'accept', ctx: MapperContext, configurationProblem: string | null = null): MilterPlan {
  if (onError === 'tempfail') {
    const text = configurationProblem ? `451 4.3.0 ${oneLine(configurationProblem).slice(0, 400).replace(/%/g, '%%')}` : TEMPFAIL_TEXT;
    return { store: false, replies: [{ kind: 'replycode', text }] };
  }
  const none: GatewayDecision = { action: 'pass', verdict: null, addHeaders: [], newSubject: null, reject: null, quarantineReason: null, tenants: [] };
  return { store: false, replies: [...headerEdits(none, ctx, []), { kind: 'accept' }] };
}
