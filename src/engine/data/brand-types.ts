/** The sector a catalogued brand belongs to (reporting, and rules that care who is claimed). */
export type Sector =
  | 'tech'
  | 'saas'
  | 'security'
  | 'social'
  | 'bank'
  | 'payment'
  | 'crypto'
  | 'carrier'
  | 'retail'
  | 'insurance'
  | 'telecom'
  | 'utility'
  | 'travel'
  | 'streaming'
  | 'gaming'
  | 'government'
  | 'service';

/** One brand phishers imitate, with the domains its genuine mail and links use. */
export interface Brand {
  /** Display name used in reasons and `indicators.brand_spoofing` ("PayPal"). */
  name: string;
  /**
   * Registrable domains the brand legitimately sends from or links to (the host and its subdomains
   * belong to the brand). Where the registrable domain is shared by many bodies (a government portal
   * such as admin.ch), the body's own host instead (estv.admin.ch): see brands-government-eu.ts.
   */
  domains: string[];
  /**
   * Phrases that name the brand, lower-case, accents stripped, words separated by single spaces
   * ("credit agricole"). Matched on word boundaries.
   */
  keywords: string[];
  /**
   * Keywords that are also ordinary words ("orange", "apple", "free"): they count only when written
   * exactly as given here (case-sensitive, accents as written), e.g. "Orange", "UPS". One word each.
   */
  exactKeywords?: string[];
  /**
   * A federation's regional members, each on its own domain: a registrable domain under one of
   * `suffixes` whose label starts with one of `prefixes` ("sparkasse-koelnbonn.de") belongs to the brand.
   * Hundreds of local savings and cooperative banks cannot be listed one by one; a look-alike registered
   * under the same pattern is then judged by its links and asks, not by its name (docs/brand-catalogue.md).
   */
  members?: { prefixes: string[]; suffixes: string[] };
  /** Domain labels a lookalike would imitate; defaults to the labels of `domains` of 5+ characters. */
  lookalikeLabels?: string[];
  /** Sector, set by the sector file the brand is listed in. */
  sector?: Sector;
  /**
   * Catalogue name of the brand's owner when both are catalogued separately (Instagram → "Meta /
   * Facebook", Venmo → "PayPal"): genuine mail of one often links to the other.
   */
  parent?: string;
  /**
   * A payment or sign-in scheme that payees and public bodies name as the way to pay or sign in ("avviso
   * pagoPA", "Betalen met iDEAL", "Referência Multibanco", "log in met DigiD"): named in the subject or
   * the text it is the means, not who writes; only the display name or the address claims it
   * (docs/detection.md "Who does the mail claim to be?").
   */
  scheme?: true;
}

/** Tags every brand of a sector file with its sector. */
export function inSector(sector: Sector, brands: Brand[]): Brand[] {
  return brands.map((brand) => ({ ...brand, sector }));
}
