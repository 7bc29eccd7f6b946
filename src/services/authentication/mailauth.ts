/**
 * The four parts of mailauth verification uses, loaded on first use: the package's index also loads BIMI,
 * MTA-STS and VMC support (an HTTP client, an XML parser), which doubled `serve`'s start-up time for
 * nothing. Types come from mailauth's own declarations.
 */
import type { arc } from 'mailauth/lib/arc/index.js';
import type { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import type { dmarc } from 'mailauth/lib/dmarc/index.js';
import type { spf } from 'mailauth/lib/spf/index.js';

export interface Mailauth {
  dkimVerify: typeof dkimVerify;
  spf: typeof spf;
  dmarc: typeof dmarc;
  arc: typeof arc;
}

let loading: Promise<Mailauth> | null = null;

export function loadMailauth(): Promise<Mailauth> {
  loading ??= Promise.all([
    import('mailauth/lib/dkim/verify.js'),
    import('mailauth/lib/spf/index.js'),
    import('mailauth/lib/dmarc/index.js'),
    import('mailauth/lib/arc/index.js'),
  ]).then(([d, s, m, a]) => ({ dkimVerify: d.dkimVerify, spf: s.spf, dmarc: m.dmarc, arc: a.arc }));
  return loading;
}
