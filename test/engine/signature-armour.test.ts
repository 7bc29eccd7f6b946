import { describe, expect, it } from 'vitest';
import { withoutSignatureArmour } from '../../src/engine/detectors/html.js';

describe('withoutSignatureArmour (HTML_IMAGE_ONLY counts only readable words)', () => {
  it('drops an armoured PGP signature block and keeps the text around it', () => {
    const text = 'Hello Bob\n-----BEGIN PGP SIGNATURE-----\nVersion: GnuPG v1\n\niD8DBQFBSI5p\n=ui8Y\n-----END PGP SIGNATURE-----\nBye';
    expect(withoutSignatureArmour(text).split(/\s+/).filter(Boolean)).toEqual(['Hello', 'Bob', 'Bye']);
  });

  it('keeps text without armour, and an unterminated block, as they are', () => {
    expect(withoutSignatureArmour('no armour here')).toBe('no armour here');
    expect(withoutSignatureArmour('-----BEGIN PGP SIGNATURE----- never ends')).toBe('-----BEGIN PGP SIGNATURE----- never ends');
  });

  it('is linear: ten thousand unterminated openings cost one pass', () => {
    const hostile = '-----BEGIN PGP x '.repeat(10_000);
    expect(withoutSignatureArmour(hostile)).toBe(hostile);
  });
});
