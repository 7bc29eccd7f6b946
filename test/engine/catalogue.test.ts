import { getDomain, getPublicSuffix } from 'tldts';
import { describe, expect, it } from 'vitest';
import { BRAND_CATALOGUE, BrandIndex } from '../../src/engine/brand-index.js';
import type { Brand } from '../../src/engine/data/brand-types.js';
import { SHARED_PARENT_DOMAINS } from '../../src/engine/data/brands-government-eu.js';
import { IMITATED_BRANDS } from '../../src/engine/data/catalogue.js';
import { BRAND_TLDS, FREEMAIL_DOMAINS, SHORTENER_DOMAINS, TRACKER_DOMAINS, userContentStrength } from '../../src/engine/data/domains.js';
import { words } from '../../src/engine/text/words.js';
import { COMMON_WORDS, GENERIC_LABELS } from './common-words.js';

/*
 * The brand catalogue is data the rules trust: a wrong domain makes a phish "authentic", a loose keyword
 * makes innocent mail "claim" a brand. These checks fail on the mistakes that are easy to make when
 * adding a brand. Rules for the data: src/engine/data/brands-tech.ts and brands-government-eu.ts.
 */

/** The engine's registrable domain (UrlInfo.domain): tldts with private suffixes (github.io, service.gov.uk). */
const registrable = (host: string): string | null => getDomain(host, { allowPrivateDomains: true });

/** Domains two brands may both list, and why. */
const SHARED_DOMAINS: Record<string, { brands: string[]; why: string }> = {
  'facebookmail.com': { brands: ['Meta / Facebook', 'Instagram'], why: 'Meta sends Instagram notifications from facebookmail.com as well as Facebook ones' },
};

/** Free-mail, tracker and ESP domains that are the provider's own brand domain (gmail.com is Google's). */
const PROVIDER_OWN_DOMAINS: Record<string, string> = {
  ...Object.fromEntries(['gmail.com', 'googlemail.com'].map((d) => [d, 'Google'])),
  ...Object.fromEntries(
    ['outlook.com', 'outlook.fr', 'outlook.de', 'outlook.es', 'outlook.it', 'hotmail.com', 'hotmail.fr', 'hotmail.de', 'hotmail.es', 'hotmail.it', 'hotmail.co.uk', 'live.com', 'live.fr', 'live.de', 'live.co.uk', 'msn.com'].map((d) => [d, 'Microsoft']),
  ),
  ...Object.fromEntries(['yahoo.com', 'yahoo.fr', 'yahoo.de', 'yahoo.es', 'yahoo.it', 'yahoo.co.uk', 'yahoo.ca', 'yahoo.com.au', 'yahoo.com.br', 'ymail.com', 'rocketmail.com'].map((d) => [d, 'Yahoo'])),
  ...Object.fromEntries(['aol.com', 'aol.fr', 'aim.com'].map((d) => [d, 'AOL'])),
  ...Object.fromEntries(['icloud.com', 'me.com', 'mac.com'].map((d) => [d, 'Apple'])),
  ...Object.fromEntries(['gmx.com', 'gmx.de', 'gmx.net', 'gmx.fr', 'gmx.at', 'gmx.ch', 'gmx.es', 'gmx.co.uk'].map((d) => [d, 'GMX'])),
  ...Object.fromEntries(['proton.me', 'protonmail.com', 'pm.me'].map((d) => [d, 'Proton'])),
  ...Object.fromEntries(['zoho.com', 'zohomail.com'].map((d) => [d, 'Zoho'])),
  ...Object.fromEntries(['orange.fr', 'wanadoo.fr'].map((d) => [d, 'Orange'])),
  ...Object.fromEntries(['sfr.fr', 'neuf.fr'].map((d) => [d, 'SFR'])),
  ...Object.fromEntries(['att.net', 'sbcglobal.net', 'bellsouth.net'].map((d) => [d, 'AT&T'])),
  ...Object.fromEntries(['virginmedia.com', 'ntlworld.com'].map((d) => [d, 'Virgin Media'])),
  ...Object.fromEntries(['comcast.net'].map((d) => [d, 'Comcast Xfinity'])),
  'web.de': 'WEB.DE',
  'free.fr': 'Free',
  'laposte.net': 'La Poste / Colissimo',
  'bbox.fr': 'Bouygues Telecom',
  't-online.de': 'Deutsche Telekom',
  'bluewin.ch': 'Swisscom',
  'skynet.be': 'Proximus',
  'telenet.be': 'Telenet',
  'ziggo.nl': 'Ziggo',
  'kpnmail.nl': 'KPN',
  'btinternet.com': 'BT',
  'sky.com': 'Sky',
  'talktalk.net': 'TalkTalk',
  'verizon.net': 'Verizon',
  'cox.net': 'Cox',
  'charter.net': 'Spectrum',
  'bigpond.com': 'Telstra',
  'optusnet.com.au': 'Optus',
  'videotron.ca': 'Vidéotron',
  'salesforce.com': 'Salesforce',
  'hubspot.com': 'HubSpot',
  'mailchimp.com': 'Mailchimp',
  'mailchi.mp': 'Mailchimp',
};

/** Shared sending or hosting infrastructure that no brand may claim (anyone's mail or pages live there). */
const SHARED_INFRASTRUCTURE = [
  'amazonaws.com', 'amazonses.com', 'sendgrid.net', 'exacttarget.com', 'azurewebsites.net', 'onmicrosoft.com', 'googleusercontent.com', 'googlegroups.com',
  'myshopify.com', 'secureserver.net', 'force.com', 'fbsbx.com', 'sway.com', 'wa.me', 't.me', 'discord.gg', 'lnkd.in', 't.co', 'wixsite.com', 'github.io',
];

/** Dictionary words kept as look-alike targets because phishers register combinations of them, and why. */
const ACCEPTED_WORD_LABELS: Record<string, string> = {
  apple: 'apple-id-support style domains are a staple of Apple phishing',
  orange: 'orange-* domains imitate the French operator',
  booking: 'booking-confirm style domains imitate Booking.com',
  chase: 'chase-secure style domains imitate Chase',
  fidelity: 'fidelity-* domains imitate Fidelity Investments',
  kraken: 'kraken-login style domains imitate the exchange',
  ledger: 'ledger-live style domains steal wallet seeds',
  discord: 'discord-nitro style domains imitate Discord',
  carrefour: 'carrefour-* domains imitate the retailer in prize scams',
  correos: 'correos-* domains imitate the Spanish post',
  correios: 'correios-* domains imitate the Brazilian post',
  impots: 'impots-* domains imitate the French tax office',
  elster: 'elster-* domains imitate the German tax portal',
};

const isHostname = (d: string): boolean =>
  d.length <= 253 && d.includes('.') && d.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label));

/** Look-alike labels BrandIndex derives for a brand (its constructor's default when none are given). */
const lookalikeLabels = (brand: Brand): string[] => brand.lookalikeLabels ?? brand.domains.map((d) => d.split('.')[0] ?? '').filter((l) => l.length >= 5);

const failures = (check: (brand: Brand) => string[]): string[] => BRAND_CATALOGUE.flatMap((brand) => check(brand).map((problem) => `${brand.name}: ${problem}`));

describe('brand catalogue data', () => {
  it('has at least 400 brands that mail can claim, each with a sector and a domain', () => {
    const claimable = IMITATED_BRANDS.filter((b) => b.keywords.length + (b.exactKeywords?.length ?? 0) > 0);
    expect(claimable.length).toBe(IMITATED_BRANDS.length);
    expect(claimable.length).toBeGreaterThanOrEqual(400);
    expect(failures((b) => [...(b.domains.length ? [] : ['no domain']), ...(b.sector ? [] : ['no sector'])])).toEqual([]);
  });

  it('has no two brands with the same name, and every parent is a catalogued brand', () => {
    const names = BRAND_CATALOGUE.map((b) => b.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(failures((b) => (b.parent === undefined || (b.parent !== b.name && names.includes(b.parent)) ? [] : [`parent "${b.parent}" is not a catalogued brand`]))).toEqual([]);
  });

  it('lists every domain lower-case, as a hostname, registrable per tldts or as a host under a shared parent', () => {
    expect(
      failures((b) =>
        b.domains.flatMap((d) => {
          if (BRAND_TLDS.has(d)) return [];
          if (d !== d.toLowerCase() || !isHostname(d)) return [`${d} is not a lower-case hostname`];
          if (getPublicSuffix(d, { allowPrivateDomains: true }) === d) return [`${d} is a public suffix`];
          if (SHARED_PARENT_DOMAINS.has(d)) return [`${d} is shared by several bodies: list the body's own host`];
          const reg = registrable(d);
          if (reg === d) return [];
          return reg && SHARED_PARENT_DOMAINS.has(reg) ? [] : [`${d} is not registrable (registrable part: ${reg ?? 'none'}); list ${reg ?? 'the registrable domain'} or declare a shared parent`];
        }),
      ),
    ).toEqual([]);
    for (const parent of SHARED_PARENT_DOMAINS) expect(registrable(parent), parent).toBe(parent);
  });

  it('gives no domain to two brands (nor a subdomain of one brand to another) unless declared shared', () => {
    const owners = new Map<string, string[]>();
    for (const brand of BRAND_CATALOGUE) {
      expect(new Set(brand.domains).size, `${brand.name} lists a domain twice`).toBe(brand.domains.length);
      for (const d of brand.domains) owners.set(d, [...(owners.get(d) ?? []), brand.name]);
    }
    const clashes: string[] = [];
    for (const [domain, brands] of owners) {
      const parents = domain.split('.').map((_, i, labels) => labels.slice(i + 1).join('.')).filter(Boolean);
      const nested = parents.flatMap((parent) => owners.get(parent) ?? []);
      const all = [...new Set([...brands, ...nested])];
      const shared = SHARED_DOMAINS[domain];
      if (all.length > 1 && !(shared && all.every((b) => shared.brands.includes(b)))) clashes.push(`${domain}: ${all.join(', ')}`);
    }
    expect(clashes).toEqual([]);
    for (const [domain, { brands }] of Object.entries(SHARED_DOMAINS)) expect(owners.get(domain), domain).toEqual(brands);
  });

  it('gives no brand a user-content host, shortener, ESP, shared infrastructure or someone else\'s free-mail domain', () => {
    expect(
      failures((b) =>
        b.domains.flatMap((d) => {
          if (userContentStrength(d) > 0) return [`${d} is a user-content host`];
          if (SHORTENER_DOMAINS.has(d)) return [`${d} is a URL shortener`];
          if (SHARED_INFRASTRUCTURE.includes(d)) return [`${d} is shared infrastructure`];
          if ((FREEMAIL_DOMAINS.has(d) || TRACKER_DOMAINS.has(d)) && PROVIDER_OWN_DOMAINS[d] !== b.name) return [`${d} is a free-mail or ESP/tracker domain not declared as ${b.name}'s own`];
          return [];
        }),
      ),
    ).toEqual([]);
    for (const [domain, brand] of Object.entries(PROVIDER_OWN_DOMAINS)) expect(BRAND_CATALOGUE.find((b) => b.name === brand)?.domains, `${brand} lists ${domain}`).toContain(domain);
  });

  it('writes keywords folded (lower-case, no accents, single spaces) and never as one everyday word', () => {
    expect(
      failures((b) =>
        b.keywords.flatMap((k) => {
          if (words(k).join(' ') !== k) return [`keyword "${k}" is not folded (expected "${words(k).join(' ')}")`];
          if (k.length < 3) return [`keyword "${k}" is too short to name a brand`];
          return COMMON_WORDS.has(k) ? [`keyword "${k}" is an everyday word: make it an exact keyword or a phrase`] : [];
        }),
      ),
    ).toEqual([]);
  });

  it('writes exact keywords as one word with a capital, as the brand writes it', () => {
    expect(failures((b) => (b.exactKeywords ?? []).flatMap((k) => (/^[\p{L}\p{N}]+$/u.test(k) && /\p{Lu}/u.test(k) ? [] : [`exact keyword "${k}" is not one capitalised word`])))).toEqual([]);
  });

  it('gives each keyword and exact keyword to one brand only', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const brand of BRAND_CATALOGUE) {
      for (const k of [...brand.keywords, ...(brand.exactKeywords ?? []).map((e) => `exact:${e}`)]) {
        const other = seen.get(k);
        if (other && other !== brand.name) clashes.push(`${k}: ${other}, ${brand.name}`);
        seen.set(k, brand.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('uses look-alike labels that are lower-case domain labels and neither generic nor everyday words', () => {
    expect(
      failures((b) =>
        lookalikeLabels(b).flatMap((l) => {
          if (!/^[a-z0-9-]+$/.test(l)) return [`look-alike label "${l}" is not a lower-case domain label`];
          if (GENERIC_LABELS.has(l)) return [`look-alike label "${l}" is generic`];
          return COMMON_WORDS.has(l) && !ACCEPTED_WORD_LABELS[l] ? [`look-alike label "${l}" is an everyday word`] : [];
        }),
      ),
    ).toEqual([]);
  });

  it('is what the engine indexes: every catalogued domain resolves to its brand', () => {
    const index = new BrandIndex();
    const shared = new Set(Object.keys(SHARED_DOMAINS));
    expect(failures((b) => b.domains.filter((d) => !shared.has(d) && index.ownerOf(`www.${d}`) !== b).map((d) => `www.${d} does not resolve to the brand`))).toEqual([]);
  });
});

describe('genuine sending domains', () => {
  // Domains the brands' own notices come from that carry another name than the brand's web domain; each
  // was missing once and made genuine mail "claim" the brand from a stranger's domain (docs/detection.md "Brands").
  const SENDERS: Array<[string, string]> = [
    ['Yahoo', 'cc.yahoo-inc.com'], ['Microsoft', 'mail.microsoft'], ['Square', 'square.com'], ['AT&T', 'emaildl.att-mail.com'], ['Lyft', 'lyftmail.com'],
    ['Hulu', 'hulumail.com'], ['Klarna', 'klarna.de'], ['Ameli (Assurance Maladie)', 'assurance-maladie.fr'], ['Agencia Tributaria', 'correo.aeat.es'], ['Swisscom', 'swisscom.com'],
    ['Dropbox', 'dropboxmail.com'], ['DocuSign', 'docusign.net'], ['Meta / Facebook', 'facebookmail.com'], ['Microsoft', 'sharepointonline.com'], ['Amazon', 'amazon.de'],
  ];
  it.each(SENDERS)('%s sends from %s', (name, host) => {
    const index = new BrandIndex();
    expect(index.ownerOf(host)?.name).toBe(name);
  });
});
