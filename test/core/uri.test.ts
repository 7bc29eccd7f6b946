import { describe, expect, it } from 'vitest';
import { decodeUriComponentOrKeep } from '../../src/core/uri.js';

describe('decodeUriComponentOrKeep', () => {
  it('decodes well-formed escapes', () => {
    expect(decodeUriComponentOrKeep('paypal%2Ecom%3A443')).toBe('paypal.com:443');
  });

  it('keeps malformed input as written instead of throwing', () => {
    expect(decodeUriComponentOrKeep('100%zz')).toBe('100%zz');
    expect(decodeUriComponentOrKeep('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
