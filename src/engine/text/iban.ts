/**
 * International bank account numbers written in a mail's text ("IBAN: LT62 3250 0123 4567 8901"), read
 * for the country they name: a supplier that writes German from a German domain and asks to pay into a
 * Lithuanian account is the money-mule pattern of supplier fraud (docs/detection.md, BANK_DETAILS_UNVERIFIED).
 */

/** Two letters, two check digits, then 11 to 30 letters and digits in groups of four (spaces optional). */
const IBAN = /\b([A-Z]{2})\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const MAX_IBANS = 5;

/** Countries that issue IBANs (ISO 3166 codes; the registry's list, without overseas territories). */
const IBAN_COUNTRIES: ReadonlySet<string> = new Set(
  ('AD AE AL AT AZ BA BE BG BH BR BY CH CR CY CZ DE DK DO EE EG ES FI FO FR GB GE GI GL GR GT HR HU IE IL IQ IS IT JO ' +
    'KW KZ LB LC LI LT LU LV LY MC MD ME MK MR MT MU NL NO PK PL PS PT QA RO RS RU SA SC SD SE SI SK SM ST SV TL TN TR ' +
    'UA VA VG XK').split(' '),
);

/** Country codes of the IBANs in `text`, in order of appearance, at most five. */
export function ibanCountries(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(IBAN)) {
    const country = match[1]!;
    if (IBAN_COUNTRIES.has(country) && !out.includes(country)) out.push(country);
    if (out.length >= MAX_IBANS) break;
  }
  return out;
}

/** Countries whose accounts a mail in this language normally names (a Swiss firm may write German or French). */
const LANGUAGE_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  de: ['DE', 'AT', 'CH', 'LI', 'LU'],
  fr: ['FR', 'BE', 'CH', 'LU', 'MC'],
  es: ['ES', 'AD'],
  it: ['IT', 'CH', 'SM', 'VA'],
  nl: ['NL', 'BE'],
  pt: ['PT', 'BR'],
};

/** The country an e-mail domain's top-level label names, when it names one ("uk" is GB). */
function domainCountry(domain: string): string | null {
  const tld = domain.slice(domain.lastIndexOf('.') + 1).toUpperCase();
  if (tld === 'UK') return 'GB';
  return IBAN_COUNTRIES.has(tld) ? tld : null;
}

/**
 * An IBAN of a country that neither the sender's domain nor the mail's language points to, or null when
 * there is no such account or nothing to compare with (an English mail from a .com domain can bank anywhere).
 */
export function foreignAccount(text: string, senderDomain: string, language: string | null): string | null {
  const expected = new Set<string>(LANGUAGE_COUNTRIES[language ?? ''] ?? []);
  const fromDomain = domainCountry(senderDomain);
  if (fromDomain) expected.add(fromDomain);
  if (expected.size === 0) return null;
  return ibanCountries(text).find((country) => !expected.has(country)) ?? null;
}

/**
 * Made on first use: building them loads ICU's display-name data, 10–20 ms at every start of a process
 * that analyses mail, for a sentence only a foreign-account finding needs (docs/performance.md, "Start-up").
 */
let displayNames: { region: Intl.DisplayNames; language: Intl.DisplayNames } | null = null;
const names = (): { region: Intl.DisplayNames; language: Intl.DisplayNames } =>
  (displayNames ??= { region: new Intl.DisplayNames(['en'], { type: 'region' }), language: new Intl.DisplayNames(['en'], { type: 'language' }) });

/** "an account in Lithuania, in a German mail from a .de domain": the mismatch in words a reader follows. */
export function describeForeignAccount(country: string, senderDomain: string, language: string | null): string {
  const where = names().region.of(country) ?? country;
  const tld = domainCountry(senderDomain) ? ` from a .${senderDomain.slice(senderDomain.lastIndexOf('.') + 1)} domain` : '';
  const written = language && LANGUAGE_COUNTRIES[language] ? ` in ${names().language.of(language) ?? language}` : '';
  return `an account in ${where} (IBAN ${country}…), asked${written}${tld}`;
}
