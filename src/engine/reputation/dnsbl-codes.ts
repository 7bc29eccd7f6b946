/**
 * What a DNS block list's answer means (docs/reputation.md "Return codes"). Every list answers a listed
 * name with an address in 127.0.0.0/8, but the addresses mean different things per list, and the big lists
 * also answer 127.255.255.x (Spamhaus) or 127.0.0.1 (SURBL, URIBL) when they refuse the query — typically
 * because it came through a public resolver or exceeded the free volume. Such an answer is *no answer*:
 * it must never read as a listing, or every message would be accused the day a resolver is blocked.
 */

export type DnsblCodesName = 'spamhaus_zen' | 'spamhaus_dbl' | 'surbl' | 'uribl' | 'any';

/** phishing / malware: the listed name serves attacks; spam, exploit (botnet, open proxy), policy (end-user range). */
export type ListingCategory = 'phishing' | 'malware' | 'spam' | 'exploit' | 'policy';

export interface Listing {
  category: ListingCategory;
  /** Human meaning of the code, e.g. "Spamhaus DBL: phishing domain". */
  meaning: string;
}

export interface DecodedAnswer {
  listings: Listing[];
  /** The code when the list refused to answer (counts as no answer, never as listed). */
  refused: string | null;
  /** Codes the list is not known to send: ignored, reported as coverage. */
  unknown: string[];
}

const ZEN: Record<string, Listing> = {
  '127.0.0.2': { category: 'spam', meaning: 'Spamhaus SBL: spam source' },
  '127.0.0.3': { category: 'spam', meaning: 'Spamhaus SBL CSS: snowshoe spam source' },
  '127.0.0.4': { category: 'exploit', meaning: 'Spamhaus XBL: exploited or botnet host' },
  '127.0.0.5': { category: 'exploit', meaning: 'Spamhaus XBL: exploited or botnet host' },
  '127.0.0.6': { category: 'exploit', meaning: 'Spamhaus XBL: exploited or botnet host' },
  '127.0.0.7': { category: 'exploit', meaning: 'Spamhaus XBL: exploited or botnet host' },
  '127.0.0.9': { category: 'spam', meaning: 'Spamhaus DROP: hijacked network' },
  '127.0.0.10': { category: 'policy', meaning: 'Spamhaus PBL: end-user address that should not send mail directly (ISP policy)' },
  '127.0.0.11': { category: 'policy', meaning: 'Spamhaus PBL: end-user address that should not send mail directly (Spamhaus policy)' },
};

const DBL: Record<string, Listing> = {
  '127.0.1.2': { category: 'spam', meaning: 'Spamhaus DBL: spam domain' },
  '127.0.1.4': { category: 'phishing', meaning: 'Spamhaus DBL: phishing domain' },
  '127.0.1.5': { category: 'malware', meaning: 'Spamhaus DBL: malware domain' },
  '127.0.1.6': { category: 'malware', meaning: 'Spamhaus DBL: botnet command-and-control domain' },
  '127.0.1.102': { category: 'spam', meaning: 'Spamhaus DBL: abused legitimate domain (spam)' },
  '127.0.1.103': { category: 'spam', meaning: 'Spamhaus DBL: abused legitimate redirector' },
  '127.0.1.104': { category: 'phishing', meaning: 'Spamhaus DBL: abused legitimate domain (phishing)' },
  '127.0.1.105': { category: 'malware', meaning: 'Spamhaus DBL: abused legitimate domain (malware)' },
  '127.0.1.106': { category: 'malware', meaning: 'Spamhaus DBL: abused legitimate domain (botnet C&C)' },
};

/** SURBL multi: bits of the last octet (PH 8, MW 16, ABUSE 64, CR 128); 127.0.0.1 = access refused. */
const SURBL_BITS: Array<[number, Listing]> = [
  [8, { category: 'phishing', meaning: 'SURBL PH: phishing' }],
  [16, { category: 'malware', meaning: 'SURBL MW: malware' }],
  [64, { category: 'spam', meaning: 'SURBL ABUSE: spam' }],
  [128, { category: 'malware', meaning: 'SURBL CR: cracked site serving malicious content' }],
];

/**
 * URIBL multi: black 2, red 8 (spam); grey 4 (bulk senders, some legitimate) is not counted as a listing;
 * 127.0.0.1 = query refused (public resolver or volume exceeded).
 */
const URIBL_BITS: Array<[number, Listing]> = [
  [2, { category: 'spam', meaning: 'URIBL black: spam domain' }],
  [8, { category: 'spam', meaning: 'URIBL red: domain in active spam runs' }],
];
const URIBL_KNOWN_MASK = 2 | 4 | 8;

/** 127.255.255.0/24: Spamhaus's (and others') error answers — typo'd zone, public resolver, volume. */
const isErrorRange = (code: string): boolean => code.startsWith('127.255.255.');

function lastOctet(code: string, prefix: string): number | null {
  if (!code.startsWith(prefix)) return null;
  const value = Number(code.slice(prefix.length));
  return Number.isInteger(value) && value >= 0 && value <= 255 ? value : null;
}

function decodeOne(codes: DnsblCodesName, code: string, out: DecodedAnswer): void {
  if (isErrorRange(code)) {
    out.refused ??= code;
    return;
  }
  if (!code.startsWith('127.')) {
    // An answer outside 127.0.0.0/8 comes from a resolver that rewrites NXDOMAIN (ad pages), not a list.
    out.unknown.push(code);
    return;
  }
  switch (codes) {
    case 'spamhaus_zen':
    case 'spamhaus_dbl': {
      if (codes === 'spamhaus_dbl' && code === '127.0.1.255') {
        out.refused ??= code; // DBL: "IP addresses cannot be queried".
        return;
      }
      const listing = (codes === 'spamhaus_zen' ? ZEN : DBL)[code];
      if (listing) out.listings.push(listing);
      else out.unknown.push(code);
      return;
    }
    case 'surbl':
    case 'uribl': {
      const bits = lastOctet(code, '127.0.0.');
      if (bits === 1) {
        out.refused ??= code;
        return;
      }
      const table = codes === 'surbl' ? SURBL_BITS : URIBL_BITS;
      const found = bits === null ? [] : table.filter(([bit]) => (bits & bit) !== 0);
      for (const [, listing] of found) out.listings.push(listing);
      const knownMask = codes === 'surbl' ? 8 | 16 | 64 | 128 : URIBL_KNOWN_MASK;
      if (bits === null || (bits & ~knownMask) !== 0 || (bits & knownMask) === 0) out.unknown.push(code);
      return;
    }
    case 'any':
      out.listings.push({ category: 'spam', meaning: `listed (${code})` });
  }
}

/** Reads every address of one answer; duplicates of a meaning are kept once. */
export function decodeAnswer(codes: DnsblCodesName, addresses: readonly string[]): DecodedAnswer {
  const out: DecodedAnswer = { listings: [], refused: null, unknown: [] };
  for (const code of addresses) decodeOne(codes, code, out);
  if (out.refused) out.listings = []; // A refusal alongside a code is still a refusal: never half-believe it.
  out.listings = out.listings.filter((l, i, all) => all.findIndex((o) => o.meaning === l.meaning) === i);
  return out;
}
