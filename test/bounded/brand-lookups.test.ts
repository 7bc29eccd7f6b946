import { describe, expect, it } from 'vitest';
import { SuffixMap, suffixStarts } from '../../src/core/suffix-map.js';
import { BrandIndex } from '../../src/engine/brand-index.js';
import { userContentStrength } from '../../src/engine/data/domains.js';
import { isOverlongHost } from '../../src/mail/url-info.js';

/** Parent-domain lookups answer as a walk over every suffix would, while reading only the last labels. */
describe('suffix lookups', () => {
  it('finds the longest listed parent, at label boundaries only', () => {
    const map = new SuffixMap([['example.com', 1], ['mail.example.com', 2], ['co.uk', 3]]);
    expect(map.longest('a.b.mail.example.com')).toBe(2);
    expect(map.longest('x.example.com')).toBe(1);
    expect(map.longest('example.com')).toBe(1);
    expect(map.longest('badexample.com')).toBeUndefined();
    expect(map.longest('shop.co.uk')).toBe(3);
    expect(map.longest(`${'a.'.repeat(50_000)}example.com`)).toBe(1);
    expect(map.depth).toBe(3);
  });

  it('suffix starts are taken from the end, longest first', () => {
    expect(suffixStarts('a.b.c.d', 3)).toEqual([2, 4, 6]);
    expect(suffixStarts('b.c', 5)).toEqual([0, 2]);
    expect(suffixStarts('.c', 5)).toEqual([1]);
  });

  it('brand ownership and user-content hosts', () => {
    const brands = new BrandIndex();
    expect(brands.ownerOf('www.paypal.com')?.name).toBe('PayPal');
    expect(brands.ownerOf('paypal.com.evil.xyz')).toBeNull();
    expect(brands.ownerOf('evil.blob.core.windows.net')).toBeNull();
    expect(userContentStrength('bucket.s3.eu-west-1.amazonaws.com')).toBe(0.5);
    expect(userContentStrength('s3-eu-west-1.amazonaws.com')).toBe(0.5);
    expect(userContentStrength('ec2.amazonaws.com')).toBe(0);
    expect(userContentStrength(`${'s3.'.repeat(20_000)}example.com`)).toBe(0);
    expect(userContentStrength('x.sites.google.com')).toBe(0.5);
  });

  it('a brand domain written as subdomains: the longest dotted part that is not user content decides', () => {
    const brands = new BrandIndex();
    expect(brands.ownerInSubdomain('paypal.com')?.name).toBe('PayPal');
    expect(brands.ownerInSubdomain('login.paypal.com')?.name).toBe('PayPal');
    // "x.sites.google.com" is user content; its parent "google.com" is not.
    expect(brands.ownerInSubdomain('x.sites.google.com')?.name).toBe('Google');
    expect(brands.ownerInSubdomain('paypal')).toBeNull();
    expect(brands.ownerInSubdomain(`${'a.'.repeat(100_000)}paypal.com`)?.name).toBe('PayPal');
  });

  it('DNS length limits: 253 octets, 63 per label', () => {
    expect(isOverlongHost(`${'a.'.repeat(125)}com`)).toBe(false);
    expect(isOverlongHost(`${'a.'.repeat(126)}com`)).toBe(true);
    expect(isOverlongHost(`${'a'.repeat(63)}.com`)).toBe(false);
    expect(isOverlongHost(`${'a'.repeat(64)}.com`)).toBe(true);
  });
});
