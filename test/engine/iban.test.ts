import { describe, expect, it } from 'vitest';
import { describeForeignAccount, foreignAccount, ibanCountries } from '../../src/engine/text/iban.js';

describe('IBANs in a mail text', () => {
  it('reads the country of accounts written with or without spaces, each once', () => {
    expect(ibanCountries('IBAN: LT12 1000 0111 0100 1000, or DE89370400440532013000; again LT12 1000 0111 0100 1000')).toEqual(['LT', 'DE']);
  });

  it('ignores codes that are no IBAN (too short, unknown country, lower case)', () => {
    expect(ibanCountries('order XY12 3456 7890 1234, ref AB12 34, de89 3704 0044 0532 0130 00')).toEqual([]);
  });

  it('names an account abroad by the sender domain and the language', () => {
    expect(foreignAccount('IBAN LT12 1000 0111 0100 1000', 'lieferant.de', 'de')).toBe('LT');
    expect(foreignAccount('IBAN LT12 1000 0111 0100 1000', 'fornitore.com', 'it')).toBe('LT');
    // A Swiss firm writing German from a .ch domain; a Belgian one writing Dutch.
    expect(foreignAccount('IBAN CH93 0076 2011 6238 5295 7', 'firma.ch', 'de')).toBeNull();
    expect(foreignAccount('IBAN BE68 5390 0754 7034', 'bedrijf.be', 'nl')).toBeNull();
    expect(foreignAccount('IBAN DE89 3704 0044 0532 0130 00', 'firma.de', 'de')).toBeNull();
  });

  it('says nothing when nothing points to a country (English from a .com domain)', () => {
    expect(foreignAccount('IBAN LT12 1000 0111 0100 1000', 'supplier.com', 'en')).toBeNull();
    expect(foreignAccount('IBAN LT12 1000 0111 0100 1000', 'supplier.com', null)).toBeNull();
  });

  it('stays linear on a long run of account-like groups', () => {
    const text = `DE89 ${'1234 '.repeat(200_000)}`;
    expect(ibanCountries(text)).toEqual(['DE']);
  });
});

describe('describeForeignAccount', () => {
  it('names the country, the language and the domain that disagree', () => {
    expect(describeForeignAccount('LT', 'lieferant.de', 'de')).toBe('an account in Lithuania (IBAN LT…), asked in German from a .de domain');
    expect(describeForeignAccount('LT', 'fornitore.com', 'it')).toBe('an account in Lithuania (IBAN LT…), asked in Italian');
  });
});
