/** OpenAPI/TypeBox shape of the result's `authentication` object (docs/authentication.md). */
import { Type, type TUnsafe } from '@sinclair/typebox';
import { PROVENANCES } from '../core/authentication.js';

const oneOf = <const T extends readonly string[]>(values: T, description?: string): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

const Outcome = oneOf(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror'] as const);
const Provenance = oneOf(PROVENANCES, 'verified = checked by phishgate; trusted-header = written by one of auth.trusted_authserv_ids; claimed = anything else (never counted); none = nothing known');
const Comment = Type.Optional(Type.String({ description: 'Why the result is what it is, when not obvious' }));

export const AuthenticationSchema = Type.Object(
  {
    spf: Type.Object({
      result: Outcome,
      domain: Type.String({ description: 'MAIL FROM domain (or HELO name for the null sender) that was checked' }),
      provenance: Provenance,
      client_ip: Type.Optional(Type.String()),
      helo: Type.Optional(Type.String()),
      comment: Comment,
    }),
    dkim: Type.Array(
      Type.Object({
        result: Outcome,
        domain: Type.String({ description: 'Signing domain (d=)' }),
        selector: Type.String(),
        algorithm: Type.String({ description: 'e.g. rsa-sha256, ed25519-sha256' }),
        aligned: Type.Boolean({ description: 'd= shares the organisational domain of the From address' }),
        provenance: Provenance,
        comment: Comment,
      }),
    ),
    dmarc: Type.Object({
      result: Outcome,
      domain: Type.String({ description: 'From domain' }),
      policy: Type.Union([oneOf(['none', 'quarantine', 'reject'] as const), Type.Null()]),
      provenance: Provenance,
      aligned: Type.Optional(Type.Object({ spf: Type.Boolean(), dkim: Type.Boolean() })),
      arc_override: Type.Optional(Type.Boolean({ description: 'DMARC failed, but a trusted ARC sealer recorded a pass before forwarding' })),
      comment: Comment,
    }),
    arc: Type.Object({
      result: oneOf(['pass', 'fail', 'none'] as const),
      instance: Type.Integer({ minimum: 0 }),
      sealer: Type.String({ description: 'd= of the newest ARC-Seal' }),
      trusted: Type.Boolean({ description: 'The sealer is one of auth.trusted_arc_sealers' }),
      original: Type.Optional(Type.Object({ spf: Type.Optional(Outcome), dkim: Type.Optional(Outcome), dmarc: Type.Optional(Outcome) })),
      provenance: Provenance,
      comment: Comment,
    }),
  },
  { description: 'Sender authentication with the provenance of each result; only verified and trusted-header results count' },
);
