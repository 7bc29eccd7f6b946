import { replyOwnText } from '../../src/engine/text/quoted.js';
import { describe, expect, it } from 'vitest';
import { BrandIndex } from '../../src/engine/brand-index.js';
import { domainShown } from '../../src/engine/detectors/links.js';
import { createLexiconMatcher } from '../../src/engine/lexicon/index.js';
import { scoreRules } from '../../src/engine/scoring.js';
import { editDistance, isMixedScript, skeleton } from '../../src/engine/text/confusables.js';
import { guessLanguage } from '../../src/engine/text/language.js';
import { PhraseMatcher } from '../../src/engine/text/phrase-matcher.js';
import { removeAddresses, words } from '../../src/engine/text/words.js';

describe('text helpers', () => {
  it('folds accents and splits words', () => {
    expect(words('Vérifiez VOTRE compte — Straße!')).toEqual(['verifiez', 'votre', 'compte', 'strasse']);
  });

  it('removes e-mail addresses linearly, even in pathological input', () => {
    expect(removeAddresses('write to jane.doe@example.com now')).toBe('write to   now');
    expect(removeAddresses('@'.repeat(100_000)).length).toBe(100_000);
  });

  it('matches phrase patterns with alternatives, prefixes and optional words', () => {
    const matcher = new PhraseMatcher([{ pattern: 'verif~ your? account|identity', tag: 't' }]);
    expect(matcher.find(words('Please verify your account today and verification identity')).map((h) => h.text)).toEqual(['verify your account', 'verification identity']);
  });

  it('guesses the language from function words', () => {
    expect(guessLanguage(words('Bonjour, votre colis est en attente de livraison pour des frais de douane'))).toBe('fr');
    expect(guessLanguage(words('Your parcel is waiting for the payment of the customs fee'))).toBe('en');
  });
});

describe('lexicons', () => {
  const lexicon = createLexiconMatcher();
  const categories = (text: string) => lexicon.find(words(text)).map((h) => h.tag);
  it.each([
    ['Your account has been suspended. Verify your identity within 24 hours.', ['threat:en', 'credential:en', 'urgency:en']],
    ['Votre compte a été suspendu, vérifiez vos informations sous 24 heures', ['threat:fr', 'credential:fr', 'urgency:fr']],
    ['Ihr Konto wurde gesperrt. Bitte bestätigen Sie Ihre Daten.', ['threat:de', 'credential:de']],
    ['Su cuenta ha sido bloqueada', ['threat:es']],
    ['Il tuo conto è stato sospeso', ['threat:it']],
    ['Are you available? I need you to process an urgent wire transfer.', ['wire:en', 'wire:en', 'wire:en']],
    ['Please buy Google Play gift cards and send me the codes', ['giftcard:en', 'giftcard:en']],
  ])('%s', (text, expected) => {
    expect(categories(text)).toEqual(expect.arrayContaining(expected));
  });

  it('does not fire on ordinary list mail', () => {
    expect(categories('I reset the password of the test box and the build passes now. Thanks for the help with the account setup.')).toEqual([]);
  });
});

describe('brand catalogue and look-alikes', () => {
  const brands = new BrandIndex();
  it('has at least 60 brands that phishers imitate, each with legitimate domains', () => {
    const imitated = brands.brands.filter((b) => b.keywords.length > 0 || (b.exactKeywords?.length ?? 0) > 0);
    expect(imitated.length).toBeGreaterThanOrEqual(60);
    for (const brand of brands.brands) expect(brand.domains.length, brand.name).toBeGreaterThan(0);
  });

  it('knows who owns a host, except user-content hosts', () => {
    expect(brands.ownerOf('www.paypal.com')?.name).toBe('PayPal');
    expect(brands.ownerOf('paypal.com.evil.example')).toBeNull();
    expect(brands.ownerOf('evil.blob.core.windows.net')).toBeNull();
    expect(brands.ownerOf('storage.googleapis.com')).toBeNull();
  });

  it.each([
    ['paypa1', 'PayPal', 'homograph'],
    ['paypal-secure', 'PayPal', 'combo'],
    ['secure-paypa1-login', 'PayPal', 'combo'],
    ['rnicrosoft', 'Microsoft', 'homograph'],
    ['amazom', 'Amazon', 'typo'],
    ['pаypal', 'PayPal', 'homograph'],
    // One of the brand's own names ("mercadolibre") is never an imitation of its other one; a typo of it still is.
    ['mercadoiibre', 'Mercado Livre', 'typo'],
  ])('%s imitates %s (%s)', (label, brand, how) => {
    expect(brands.lookalike(label, [])).toMatchObject({ target: brand, how });
  });

  it.each(['online', 'vast', 'example', 'paypal', 'github', 'apple', 'mercadolibre', 'canalplus'])('%s is not a look-alike', (label) => {
    expect(brands.lookalike(label, [])).toBeNull();
  });

  it.each([
    ['githubsupport', 'GitHub'],
    ['postbankde', 'Postbank'],
    ['securepaypal', 'PayPal'],
    ['paypa1secure', 'PayPal'],
  ])('%s glues a lure word to %s', (label, brand) => {
    expect(brands.gluedCombo(label)).toMatchObject({ target: brand, how: 'combo' });
  });

  it.each(['applebees', 'shellfish', 'microsoftonline', 'githubstatus', 'paypal'])('%s is no glued combination', (label) => {
    expect(brands.gluedCombo(label)).toBeNull();
  });

  it("never reads a brand's own name as a misspelling of another brand's", () => {
    // "postbank" is two letters from "frostbank"; postbank.com is not Postbank's, but it is no Frost Bank typo.
    expect(brands.lookalike('postbank', [])).toBeNull();
  });

  it('protects the tenant and allow-listed domains', () => {
    expect(brands.lookalike('examp1e', [{ label: 'example', target: 'example.com' }])).toMatchObject({ target: 'example.com', brand: null });
  });

  it('confusable helpers', () => {
    expect(skeleton('pаypa1')).toBe(skeleton('paypal'));
    expect(isMixedScript('pаypal')).toBe(true);
    expect(isMixedScript('münchen')).toBe(false);
    expect(editDistance('paypal', 'paypla', 1)).toBe(1);
    expect(editDistance('abcdefgh', 'zzzzzzzz', 2)).toBe(3);
  });

  it('reads the domain shown in link text', () => {
    expect(domainShown('https://www.paypal.com/signin')).toEqual({ host: 'www.paypal.com', domain: 'paypal.com' });
    expect(domainShown('Visit www.dhl.com today')).toEqual({ host: 'www.dhl.com', domain: 'dhl.com' });
    expect(domainShown('Click here')).toBeNull();
    expect(domainShown('version 5.0.0.0')).toBeNull();
    expect(domainShown('802.11b')).toBeNull();
  });
});

describe('scoreRules', () => {
  const config = { bias: 0, scale: 1, groupCaps: { url: 4 }, thresholds: { phishing: 0.8, suspicious: 0.5 } };
  it('caps the positive total of a group and maps log-odds through the logistic function', () => {
    const scored = scoreRules([
      { id: 'A', group: 'url', strength: 1, reason: 'a', contribution: 3 },
      { id: 'B', group: 'url', strength: 1, reason: 'b', contribution: 3 },
      { id: 'C', group: 'sender', strength: 1, reason: 'c', contribution: -1 },
    ], config);
    expect(scored.rules.filter((r) => r.id !== 'C').reduce((s, r) => s + r.weight, 0)).toBeCloseTo(4);
    expect(scored.logit).toBeCloseTo(3);
    expect(scored.score).toBeCloseTo(1 / (1 + Math.exp(-3)), 3);
    expect(scored.verdict).toBe('phishing');
    expect(scored.confidence).toBe(scored.score);
  });

  it('no evidence → the bias alone decides', () => {
    expect(scoreRules([], { ...config, bias: -2 })).toMatchObject({ verdict: 'safe', score: 0.119 });
  });
});

describe('replyOwnText (src/engine/text/quoted.ts)', () => {
  it('drops quoted lines of a reply, Supercite initials included', () => {
    expect(replyOwnText('Re: lunch', 'Sounds good.\n> are you free?\nALB> looking for a husband')).toBe('Sounds good.');
  });
  it('keeps the whole text when the quote is all there is, or the mail is no reply', () => {
    expect(replyOwnText('Re: invoice', '> please update your bank details')).toBe('> please update your bank details');
    expect(replyOwnText('Invoice', 'Hello\n> quoted')).toBe('Hello\n> quoted');
  });
});
