/** One brand phishers imitate, with the domains its genuine mail and links use. */
export interface Brand {
  /** Display name used in reasons and `indicators.brand_spoofing` ("PayPal"). */
  name: string;
  /** Registrable domains the brand legitimately sends from or links to. */
  domains: string[];
  /**
   * Phrases that name the brand, lower-case, accents stripped, words separated by single spaces
   * ("credit agricole"). Matched on word boundaries.
   */
  keywords: string[];
  /**
   * Keywords that are also ordinary words ("orange", "apple", "free"): they count only when written
   * exactly as given here (case-sensitive, accents as written), e.g. "Orange", "UPS".
   */
  exactKeywords?: string[];
  /** Domain labels a lookalike would imitate; defaults to the labels of `domains` of 5+ characters. */
  lookalikeLabels?: string[];
}
