import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_CLAIM, displayNameClaimPoints } from '../../src/engine/display-name.js';

describe('display names that share a word with a brand (src/engine/display-name.ts)', () => {
  it('a person named as the address writes them claims nothing', () => {
    expect(displayNameClaimPoints('Marie Leclerc', 'marie.leclerc@groupe-altair.fr')).toBe(0);
    expect(displayNameClaimPoints('Jonathan Wise', 'jon.wise@gmail.com')).toBe(0);
    expect(displayNameClaimPoints('John Lewis', 'jlewis@fernbrook.co.uk')).toBe(0);
  });

  it('a brand written into the address is still a claim', () => {
    expect(displayNameClaimPoints('Banco Bradesco - Prime', 'BANC0.BRADESC0@vmi1736435.contaboserver.net')).toBe(DISPLAY_NAME_CLAIM);
    expect(displayNameClaimPoints('BANCO DO BRASIL', 'b020012@bbatendimento.lb')).toBe(DISPLAY_NAME_CLAIM);
    expect(displayNameClaimPoints('Tesco .ie', 'tesco.ie@reply.12hs.com')).toBe(DISPLAY_NAME_CLAIM);
    // A given name before a service word is a service desk, not a person.
    expect(displayNameClaimPoints('John Lewis Customer Service', 'john.lewis@mailer.example')).toBe(DISPLAY_NAME_CLAIM);
    // A person's name the address does not repeat proves nothing.
    expect(displayNameClaimPoints('Marie Leclerc', 'promo@offres-leclerc.example')).toBe(DISPLAY_NAME_CLAIM);
  });

  it('a club, school or library named after a place counts like a mention in the text', () => {
    expect(displayNameClaimPoints('Halifax Harriers AC', 'secretary@halifaxharriers.org.uk')).toBeLessThan(DISPLAY_NAME_CLAIM);
    expect(displayNameClaimPoints('Orange County Library System', 'noreply@ocls.info')).toBeLessThan(DISPLAY_NAME_CLAIM);
    expect(displayNameClaimPoints('Escola Secundária Continente', 'secretaria@es-exemplo.pt')).toBeLessThan(DISPLAY_NAME_CLAIM);
    // "Rewards Club" is a lure's name, not a club.
    expect(displayNameClaimPoints('Walmart Rewards Club', 'x@lure.example')).toBe(DISPLAY_NAME_CLAIM);
  });

  it('a practice named after a person or place, as its own domain writes it, claims nothing', () => {
    expect(displayNameClaimPoints('Orange Grove Dental', 'reception@orangegrovedental.com')).toBe(0);
    expect(displayNameClaimPoints('Wise Accountancy', 'hello@wiseaccountancy.co.uk')).toBe(0);
    expect(displayNameClaimPoints('Cabinet Leclerc Avocats', 'contact@cabinet-leclerc-avocats.fr')).toBe(0);
    expect(displayNameClaimPoints('Wise Accountancy Ltd', 'hello@wiseaccountancy.co.uk')).toBe(0);
    // From another domain the practice's name counts like a mention in the text.
    expect(displayNameClaimPoints('Wise Accountancy', 'wiseaccountancy@gmail.com')).toBeLessThan(DISPLAY_NAME_CLAIM);
    expect(displayNameClaimPoints('Wise Accountancy', 'wiseaccountancy@gmail.com')).toBeGreaterThan(0);
  });

  it('a brand name written as a domain still claims the brand', () => {
    expect(displayNameClaimPoints('Poste Italiane', 'info@posteitaliane.info')).toBe(DISPLAY_NAME_CLAIM);
    expect(displayNameClaimPoints('Mercado Livre', 'contato@mercadolivre.com.br')).toBe(DISPLAY_NAME_CLAIM);
    expect(displayNameClaimPoints('Amazon Prime', 'billing@amazonprime.shop')).toBe(DISPLAY_NAME_CLAIM);
    expect(displayNameClaimPoints('Wise Support', 'help@wisesupport.com')).toBe(DISPLAY_NAME_CLAIM);
  });
});
