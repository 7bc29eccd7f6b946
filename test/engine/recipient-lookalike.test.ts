import { describe, expect, it } from 'vitest';
import { BrandIndex } from '../../src/engine/brand-index.js';

const brands = new BrandIndex();

describe('imitation of the recipients\' own domains (BrandIndex.imitates)', () => {
  it('finds look-alike letters and a one-letter change in a name of six letters or more', () => {
    expect(brands.imitates('northwlnd-traders', ['northwind-traders.com'])).toEqual({ target: 'northwind-traders.com', how: 'typo' });
    expect(brands.imitates('c0ntoso', ['contoso.com'])?.how).toBe('homograph');
    expect(brands.imitates('fabrikarn', ['fabrikam.com'])?.how).toBe('homograph');
    expect(brands.imitates('contosso', ['contoso.com'])?.how).toBe('typo');
  });

  it('does not accuse the same name, added words, short names or two edits', () => {
    expect(brands.imitates('contoso', ['contoso.de'])).toBeNull();
    expect(brands.imitates('contoso-group', ['contoso.com'])).toBeNull();
    expect(brands.imitates('acne', ['acme.com'])).toBeNull();
    expect(brands.imitates('partner-c', ['partner-ab.com'])).toBeNull();
    expect(brands.imitates('uni-bern', ['uni-bonn.de'])).toBeNull();
  });
});
