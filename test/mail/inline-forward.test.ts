import { describe, expect, it } from 'vitest';
import { findInlineForward, MAX_OWN_TEXT_CHARS } from '../../src/mail/inline-forward.js';

describe('findInlineForward (docs/detection.md "Forwarded mail")', () => {
  it('reads an Outlook forward block in Portuguese below a divider', () => {
    const body = '________________________________\nDe: Cliente Microsoft <Microsoft@outlook.com>\nEnviado: quinta-feira, 5 de janeiro de 2023 10:52\nPara: ana@example.net <ana@example.net>\nAssunto: Este e-mail será bloqueado.\n\nConta da Microsoft\nClique em Atualizar.';
    const forward = findInlineForward(body);
    expect(forward?.from).toEqual({ name: 'Cliente Microsoft', address: 'Microsoft@outlook.com' });
    expect(forward?.subject).toBe('Este e-mail será bloqueado.');
    expect(forward?.body.startsWith('\nConta da Microsoft')).toBe(true);
  });

  it('reads a Gmail forward with a short note above it and Outlook\'s [mailto:] form', () => {
    const gmail = findInlineForward('FYI\n\n---------- Forwarded message ---------\nFrom: PayPal <service@paypal.com>\nDate: Tue, 5 Mar 2024 at 19:12\nSubject: Receipt\nTo: Tom <tom@example.com>\n\nHello Tom');
    expect(gmail?.from.address).toBe('service@paypal.com');
    expect(gmail?.subject).toBe('Receipt');
    const outlook = findInlineForward('-----Original Message-----\nFrom: Jane Roe [mailto:jane@example.org]\nSent: Monday\nTo: Bob\nSubject: Invoice 42\n\nSee attached.');
    expect(outlook?.from).toEqual({ name: 'Jane Roe', address: 'jane@example.org' });
  });

  it('reads German and French blocks', () => {
    expect(findInlineForward('Von: DHL <noreply@dhl-paket.example>\nGesendet: Montag\nAn: x@example.de\nBetreff: Ihr Paket\n\nText')?.subject).toBe('Ihr Paket');
    expect(findInlineForward('De : Impots <contact@impots-remboursement.example>\nEnvoyé : lundi\nÀ : x@example.fr\nObjet : Remboursement\n\nTexte')?.from.address).toBe('contact@impots-remboursement.example');
  });

  it('ignores a block below more of the forwarder\'s own words than a forwarding note', () => {
    const note = 'word '.repeat(Math.ceil(MAX_OWN_TEXT_CHARS / 4) + 5);
    expect(findInlineForward(`${note}\nFrom: PayPal <service@paypal.com>\nSent: Monday\nSubject: Receipt\n\nHello`)).toBeNull();
  });

  it('needs a sender with an address, a date or recipient line and a subject line', () => {
    expect(findInlineForward('From: the sales team\nSent: Monday\nSubject: Offer\n\nText')).toBeNull();
    expect(findInlineForward('From: Jane <jane@example.org>\nSubject: Offer\n\nText')).toBeNull();
    expect(findInlineForward('From: Jane <jane@example.org>\nSent: Monday\n\nText without a subject line')).toBeNull();
    expect(findInlineForward('')).toBeNull();
  });

  it('reads only the top of the body: a block far down a long message is not a forward', () => {
    const body = `${'\n'.repeat(5000)}From: Jane <jane@example.org>\nSent: Monday\nSubject: Offer\n\nText`;
    expect(findInlineForward(body)).toBeNull();
  });
});
