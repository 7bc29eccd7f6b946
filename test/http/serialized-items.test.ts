import { describe, expect, it } from 'vitest';
import { SerializedItems } from '../../src/http/serialized-items.js';

describe('SerializedItems (the kept copies of the listing)', () => {
  it('keeps items up to the character bound, dropping the least recently used first', () => {
    const items = new SerializedItems(10);
    items.set('a', '1234');
    items.set('b', '1234');
    expect(items.get('a')).toBe('1234'); // a is now the most recent
    items.set('c', '1234');
    expect(items.has('b')).toBe(false);
    expect(items.get('a')).toBe('1234');
    expect(items.get('c')).toBe('1234');
    expect(items.size).toBe(2);
  });

  it('replaces an item in place and never keeps one longer than the bound', () => {
    const items = new SerializedItems(10);
    items.set('a', '12345');
    items.set('a', '123456');
    items.set('b', '1234');
    expect(items.size).toBe(2);
    items.set('big', '12345678901');
    expect(items.has('big')).toBe(false);
    expect(items.size).toBe(2);
  });
});
