import { describe, expect, it } from 'vitest';
import { BrandIndex } from '../../src/engine/brand-index.js';
import { tenantLabel } from '../../src/engine/data/tenant-platforms.js';
import { carriesBrandName } from '../../src/engine/unlisted-brand-domain.js';

/** Ownership beyond the catalogue (docs/detection.md "An unlisted domain of the brand", docs/brand-catalogue.md "Tenants on enterprise platforms"). */
describe('tenants on enterprise platforms', () => {
  const brands = new BrandIndex();

  it('reads the tenant label of verified-tenant platforms only', () => {
    expect(tenantLabel('usps.force.com')).toBe('usps');
    expect(tenantLabel('acme.my.salesforce.com')).toBe('acme');
    expect(tenantLabel('lufthansa.eu.qualtrics.com')).toBe('lufthansa');
    expect(tenantLabel('acme.service-now.com')).toBe('acme');
    expect(tenantLabel('www.service-now.com')).toBeNull();
    // Two unknown labels in front (a developer org's "develop" label) and self-service help desks are no tenants.
    expect(tenantLabel('acme-dev-ed.develop.my.salesforce.com')).toBeNull();
    expect(tenantLabel('paypal.zendesk.com')).toBeNull();
    expect(tenantLabel('paypal-secure.weebly.com')).toBeNull();
  });

  it("a tenant named after a brand is the brand's, not the platform's; any other tenant stays the platform's", () => {
    expect(brands.ownerOf('usps.force.com')?.name).toBe('USPS');
    expect(brands.owns(brands.ownerOf('usps.com')!, 'usps.force.com')).toBe(true);
    expect(brands.ownerOf('lufthansa.eu.qualtrics.com')?.name).toBe('Lufthansa');
    expect(brands.ownerOf('paypal-secure.weebly.com')).toBeNull();
    expect(brands.ownerOf('www.service-now.com')?.name).toBe('ServiceNow');
  });
});

describe('a domain carrying the brand name', () => {
  const brands = new BrandIndex();
  const named = (label: string) => brands.brandNamed(label);
  const brand = (name: string) => brands.brands.find((b) => b.name === name)!;

  it('is the name alone or with marketing words, hyphenated or glued', () => {
    expect(carriesBrandName('ikea.co.nz', brand('IKEA'), named)).toBe(true);
    expect(carriesBrandName('zalando-shop.de', brand('Zalando'), named)).toBe(true);
    expect(carriesBrandName('email-decathlon.com', brand('Decathlon'), named)).toBe(true);
    expect(carriesBrandName('sephoraofficiel.fr', brand('Sephora'), named)).toBe(true);
  });

  it("is never the name with a lure's service words, another brand's name or unrelated words", () => {
    expect(carriesBrandName('paypal-secure.com', brand('PayPal'), named)).toBe(false);
    expect(carriesBrandName('paypallogin.com', brand('PayPal'), named)).toBe(false);
    expect(carriesBrandName('zalando-konto-hilfe.de', brand('Zalando'), named)).toBe(false);
    expect(carriesBrandName('zalando-shop.de', brand('PayPal'), named)).toBe(false);
    expect(carriesBrandName('hollowoakcycles.com', brand('Apple'), named)).toBe(false);
  });

  it('for banks, payment services, crypto and public bodies only the name itself, and only under a national or generic suffix', () => {
    expect(carriesBrandName('paypal-shop.com', brand('PayPal'), named)).toBe(false);
    expect(carriesBrandName('paypal.co.nz', brand('PayPal'), named)).toBe(true);
    expect(carriesBrandName('ikea.io', brand('IKEA'), named)).toBe(false);
  });
});
