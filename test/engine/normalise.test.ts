import { describe, expect, it } from 'vitest';
import { BrandIndex } from '../../src/engine/brand-index.js';
import { findDisguises } from '../../src/engine/disguise.js';
import { authAlignedPass } from '../../src/engine/detectors/auth.js';
import type { DetectorInput } from '../../src/engine/detector.js';
import { createLexiconMatcher } from '../../src/engine/lexicon/index.js';
import { organisationOf, sameOrganisation } from '../../src/engine/organisation.js';
import { asciiLookalike, joinSpacedLetters, removeInvisible, unconfuse } from '../../src/engine/text/normalise.js';
import { words } from '../../src/engine/text/words.js';

describe('sameOrganisation (one test for "same sender" everywhere)', () => {
  it('compares registrable domains, never suffixes', () => {
    expect(sameOrganisation('mail.paypal.com', 'paypal.com')).toBe(true);
    expect(sameOrganisation('notpaypal.com', 'paypal.com')).toBe(false);
    expect(sameOrganisation('paypal.com.evil.xyz', 'paypal.com')).toBe(false);
    expect(sameOrganisation('bbc.co.uk', 'news.bbc.co.uk')).toBe(true);
    expect(sameOrganisation('example.co.uk', 'other.co.uk')).toBe(false);
    expect(sameOrganisation('', '')).toBe(false);
  });

  it('keeps organisations under a shared parent domain apart (docs/brand-catalogue.md)', () => {
    expect(organisationOf('mail.estv.admin.ch')).toBe('estv.admin.ch');
    expect(sameOrganisation('estv.admin.ch', 'bag.admin.ch')).toBe(false);
    expect(sameOrganisation('notify.estv.admin.ch', 'estv.admin.ch')).toBe(true);
    expect(sameOrganisation('amazon.com.be', 'evil.com.be')).toBe(false);
  });

  it('AUTH_ALIGNED_PASS does not count a DKIM signature of notpaypal.com for paypal.com', () => {
    const input = (dkim: string) => ({
      auth: { source: 'verified', spf: 'none', dkim: 'pass', dmarc: 'none', dkimPassDomains: [dkim], spfDomain: '', dmarcDomain: '', dmarcPolicy: null },
      sender: { domain: 'paypal.com', registrable: 'paypal.com' },
    }) as unknown as DetectorInput;
    expect(authAlignedPass.run(input('notpaypal.com'))).toEqual([]);
    expect(authAlignedPass.run(input('mail.paypal.com'))).toHaveLength(1);
  });
});

describe('normalisation before matching (docs/detection.md "Normalisation")', () => {
  it('removes invisible and tag characters and counts those that split words', () => {
    expect(removeInvisible('Pay\u200bPal')).toEqual({ text: 'PayPal', hidden: 1 });
    const tags = [...'abc'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
    expect(removeInvisible(`D${tags}HL`)).toEqual({ text: 'DHL', hidden: 3 });
    // A subdivision flag is built from tag characters: not hidden text.
    const scotland = `\u{1f3f4}${[...'gbsct'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('')}\u{e007f}`;
    expect(removeInvisible(`Go ${scotland}!`).hidden).toBe(0);
    expect(removeInvisible('plain text').hidden).toBe(0);
  });

  it('rewrites mixed-script words in Latin and leaves Cyrillic text alone', () => {
    expect(unconfuse('Pаypal').text).toBe('Paypal');
    expect(unconfuse('Привет мир').text).toBe('Привет мир');
  });

  it('removes other scripts\' combining marks placed on Latin letters, and keeps Latin accents and other scripts\' own marks', () => {
    expect(removeInvisible('a\u073fl\u073fe\u073fr\u073ft A\u073fm\u073fa\u073fz\u073fo\u073fn')).toEqual({ text: 'alert Amazon', hidden: 9 });
    expect(removeInvisible('cafe\u0301 nai\u0308ve')).toEqual({ text: 'cafe\u0301 nai\u0308ve', hidden: 0 });
    expect(removeInvisible('\u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd').hidden).toBe(0);
    expect(removeInvisible('\u0928\u092e\u0938\u094d\u0924\u0947').hidden).toBe(0);
  });

  it('reads ASCII look-alikes', () => {
    expect(asciiLookalike('PayPaI')).toBe('PayPal');
    expect(asciiLookalike('rnicrosoft')).toBe('microsoft');
    expect(asciiLookalike('0ffice')).toBe('office');
    expect(asciiLookalike('vvells')).toBe('wells');
    expect(asciiLookalike('Iogin')).toBe('Login');
    expect(asciiLookalike('WaIIet')).toBe('Wallet');
    expect(asciiLookalike('Iedger')).toBe('Ledger');
    expect(asciiLookalike('INFO')).toBeNull();
    expect(asciiLookalike('John')).toBeNull();
    expect(asciiLookalike('Italy')).toBe('Ltaly');
    expect(asciiLookalike('2024')).toBeNull();
    // A lower-case l opening an upper-case word reads as I; not in a lower-case or mixed word.
    expect(asciiLookalike('lTAUCARD')).toBe('ITAUCARD');
    expect(asciiLookalike('lunch')).toBeNull();
    expect(asciiLookalike('lTaucard')).toBeNull();
    // Before a consonant it opens a lower-case word as i ("ltaucard", "lnstagram"); "like", "lrs" stay.
    expect(asciiLookalike('ltaucard')).toBe('itaucard');
    expect(asciiLookalike('lnstagram')).toBe('instagram');
    expect(asciiLookalike('like')).toBeNull();
    expect(asciiLookalike('lrs')).toBeNull();
  });

  it('keyword words read through invisible characters', () => {
    expect(words('Micro\u200bsoft')).toEqual(['microsoft']);
  });

  it('finds a brand or ask revealed only by undoing the disguise, and nothing in plain text', () => {
    const brands = new BrandIndex();
    const lexicon = createLexiconMatcher();
    const found = (displayName: string, subject = '') => findDisguises({ displayName, subject, linkTexts: [] }, brands, lexicon);
    expect(found('PayPaI Service')[0]).toMatchObject({ where: 'display name', how: 'look-alike letters', brand: { name: 'PayPal' } });
    expect(found('Micro\u200bsoft Security')[0]).toMatchObject({ how: 'invisible characters', brand: { name: 'Microsoft' } });
    expect(found('', 'Please verify your passw0rd')[0]?.ask).toBeTruthy();
    expect(found('PayPal', 'Your receipt')).toEqual([]);
    expect(found('Marie Dupont', 'Modern office furniture for the new floor')).toEqual([]);
    expect(found('', 'Someone tried to Iog in to your account')[0]?.how).toBe('look-alike letters');
    // Nothing recognisable behind it, but written to pass filters: counted, without a brand or ask.
    expect(found('Mееt Ukrаiniаn Wоmеn')[0]).toMatchObject({ how: 'mixed scripts', brand: null, ask: null });
    expect(found('', 'P\u0336e\u0336n\u0336d\u0336i\u0336n\u0336g\u0336 package')[0]).toMatchObject({ how: 'strike-through overlays' });
    expect(found('Дмитрий Иванов', 'Отчёт за март')).toEqual([]);
  });

  it('joins words written apart: single letters in a row, letters between separators, halves split by dots', () => {
    expect(joinSpacedLetters('T E M U')).toBe('TEMU');
    expect(joinSpacedLetters('N.e.t.f.l.i.x Support')).toBe('Netflix Support');
    expect(joinSpacedLetters('P-a-y-P-a-l')).toBe('PayPal');
    expect(joinSpacedLetters('Pay.Pal. Service')).toBe('PayPal Service');
    expect(joinSpacedLetters('Wells_Fargo Alerts')).toBe('WellsFargo Alerts');
    // Two letters are initials, a hyphen joins compounds, digits and addresses stay as written.
    expect(joinSpacedLetters('Jan de V. Smit')).toBe('Jan de V. Smit');
    expect(joinSpacedLetters('Sparkassen-Finanzgruppe')).toBe('Sparkassen-Finanzgruppe');
    expect(joinSpacedLetters('Release 4.0.1')).toBe('Release 4.0.1');
    expect(joinSpacedLetters('jan.smit@example.com')).toBe('jan.smit@example.com');
  });

  it('finds brands and asks written apart, but not a brand writing its own name with dots', () => {
    const brands = new BrandIndex();
    const lexicon = createLexiconMatcher();
    const found = (displayName: string, subject = '') => findDisguises({ displayName, subject, linkTexts: [] }, brands, lexicon);
    expect(found('T E M U')[0]).toMatchObject({ where: 'display name', how: 'letters written apart', brand: { name: 'Temu' } });
    expect(found('Pay.Pal.')[0]).toMatchObject({ how: 'letters written apart', brand: { name: 'PayPal' } });
    expect(found('', 'V-e-r-i-f-y your account now')[0]).toMatchObject({ how: 'letters written apart', brand: null });
    expect(found('', 'V-e-r-i-f-y your account now')[0]?.ask).toBeTruthy();
    expect(found('E.ON Energie', 'Ihre Jahresabrechnung')).toEqual([]);
    // A comparison site writing the brand's name as the brand does ("E.ON"), with no keyword around it.
    expect(found('Vergleichsportal', 'Ihr Wechsel zu E.ON ist bestätigt')).toEqual([]);
    expect(found('U.S. Bank', 'Your statement is ready')).toEqual([]);
    expect(found('A B C Plumbing', 'Quote for the bathroom')).toEqual([]);
  });

  it('reads other scripts\' look-alike letters inside Latin words as Latin, and leaves other writing alone', () => {
    expect(unconfuse('Support a\u1974count team')).toEqual({ text: 'Support account team', mixed: ['a\u1974count'] });
    expect(unconfuse('\ua4d1ay\ua4d1al Service').text).toBe('PayPal Service');
    expect(unconfuse('Micr\u0585soft').text).toBe('Microsoft');
    // Latin beside Japanese in one word, an Armenian word, Turkish dotless i: ordinary writing.
    expect(unconfuse('Gmail\u30a2\u30ab\u30a6\u30f3\u30c8').mixed).toEqual([]);
    expect(unconfuse('\u0540\u0561\u0575\u0561\u057d\u057f\u0561\u0576 Armenia').mixed).toEqual([]);
    expect(unconfuse('Kap\u0131n\u0131 a\u00e7').mixed).toEqual([]);
    const found = findDisguises({ displayName: '\ua4d1ay\ua4d1al Service', subject: '', linkTexts: [] }, new BrandIndex(), createLexiconMatcher());
    expect(found[0]).toMatchObject({ how: 'mixed scripts', brand: { name: 'PayPal' } });
  });
});

describe('organisationOf: provider tenant domains (docs/detection.md "Provider tenant domains")', () => {
  it('two tenants of one provider are two organisations; a tenant and its own hosts are one', () => {
    expect(organisationOf('mail.contoso.onmicrosoft.com')).toBe('contoso.onmicrosoft.com');
    expect(sameOrganisation('contoso.onmicrosoft.com', 'fabrikam.onmicrosoft.com')).toBe(false);
    expect(sameOrganisation('contoso.onmicrosoft.com', 'mail.contoso.onmicrosoft.com')).toBe(true);
    expect(sameOrganisation('acme.my.site.com', 'other.my.site.com')).toBe(false);
    expect(sameOrganisation('xn--mller-bau-q9a.de', 'www.müller-bau.de')).toBe(true);
  });
});
