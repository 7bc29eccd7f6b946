/** The answers of the decision model (judgement.ts), kept apart so facts.ts can carry them without a cycle. */
import type { Brand } from './data/brand-types.js';

/** How strongly a message presents itself as coming from a brand, and where. */
export interface BrandClaim {
  brand: Brand;
  score: number;
  where: string[];
}

export type AskKind = 'sign in or give credentials' | 'pay or give card details' | 'buy gift cards' | 'change bank details or wire money' | 'call a phone number' | 'connect a crypto wallet or claim tokens';

export interface Ask {
  kind: AskKind;
  /** The words that ask, as found. */
  evidence: string;
}

export interface LinkSummary {
  /** Web links a reader can follow. */
  total: number;
  /** On the sender's organisation or on the claimed brand's domains. */
  own: number;
  /** Click-trackers and social-network profile links (footers): they say nothing either way. */
  neutral: number;
  /** Other hosts, at most 5 named. */
  foreign: string[];
  foreignCount: number;
  /** Distinct registrable domains among the other hosts (a digest links to many, a lure to one or two). */
  foreignOrganisations: number;
}

export interface Judgement {
  /** Who the mail claims to be: a brand claim strong enough to count (display name alone, or subject plus text). */
  claim: BrandClaim | null;
  /** The strongest display-name or sender-address claim of a brand the sender does not stand behind. */
  mismatch: BrandClaim | null;
  /** The sender's organisation (sameOrganisation), '' without a usable From address. */
  senderOrganisation: string;
  /** The From domain is authenticated: DMARC pass, or a passing DKIM signature of its organisation. */
  authenticated: boolean;
  /** The claimed brand's own domain sent it (not failing SPF/DMARC), or null without a claim. */
  sentByClaimed: boolean | null;
  links: LinkSummary;
  asks: Ask[];
  /**
   * The sender's domain is an unlisted domain of the claimed brand: it carries the brand's name, the mail
   * proves it owns that domain (links stay there, or an aligned DKIM signature) and asks nothing risky
   * (unlisted-brand-domain.ts). Neutral: not an impersonation, not proof for the brand either.
   */
  unlistedDomain: boolean;
}

