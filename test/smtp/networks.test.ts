import { describe, expect, it } from 'vitest';
import { parseNetworks } from '../../src/smtp/networks.js';
import { parseReply } from '../../src/smtp/replies.js';

describe('parseNetworks', () => {
  const list = parseNetworks(['127.0.0.0/8', '::1/128', '192.0.2.7', '2001:db8::/32'], 'smtp.allowed_networks');

  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::ffff:127.0.0.1', true],
    ['::1', true],
    ['192.0.2.7', true],
    ['192.0.2.8', false],
    ['10.0.0.1', false],
    ['2001:db8:1::5', true],
    ['2001:db9::5', false],
    ['not-an-address', false],
  ])('%s → %s', (address, expected) => {
    expect(list.has(address)).toBe(expected);
  });

  it('names the field and the entry of a malformed network', () => {
    expect(() => parseNetworks(['127.0.0.0/8', '127.0.0.0/33'], 'smtp.xforward_networks')).toThrow(/smtp\.xforward_networks\[1\]: "127\.0\.0\.0\/33"/);
    expect(() => parseNetworks(['localhost'], 'smtp.allowed_networks')).toThrow(/smtp\.allowed_networks\[0\]/);
  });

  it('allows nobody when empty', () => {
    expect(parseNetworks([], 'x').has('127.0.0.1')).toBe(false);
  });
});

describe('parseReply', () => {
  it.each([
    ['550 5.1.1 <bob@x>: Recipient address rejected', { code: 550, enhanced: '5.1.1', text: '<bob@x>: Recipient address rejected' }],
    ['451 Try later', { code: 451, enhanced: null, text: 'Try later' }],
    ['250 2.0.0 Ok: queued as 4ABC', { code: 250, enhanced: '2.0.0', text: 'Ok: queued as 4ABC' }],
    ['garbage', null],
  ])('%s', (line, expected) => {
    expect(parseReply(line)).toEqual(expected);
  });
});
