import { describe, expect, it } from 'vitest';
import { newId } from '../../src/core/ids.js';

// newId draws from a pool of random bytes (core/ids.ts): each byte handed out once, across refills too.
describe('newId', () => {
  it('gives distinct, well-formed ids across many refills of its pool', () => {
    const ids = Array.from({ length: 20_000 }, () => newId('an', 0));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^an_000000000[0-9A-Za-z]{14}$/);
  });
});
