import { domainToASCII } from 'node:url';
import { registrableDomain } from '../mail/url-info.js';
import { SHARED_PARENT_DOMAINS } from './data/brands-government-eu.js';
import { providerTenant } from './data/provider-tenants.js';

/**
 * The organisation a host belongs to: its registrable domain (tldts, private suffixes included), or, under
 * a domain several organisations share (docs/brand-catalogue.md "What an entry says": admin.ch,
 * finances.gouv.fr, com.be), that domain plus the label in front of it (estv.admin.ch, amazon.com.be).
 * '' for an empty or unparseable host.
 */
export function organisationOf(host: string): string {
  const lower = host.toLowerCase().replace(/\.$/, '');
  // An IDN is one name however it is written: a sender address in Unicode (müller-bau.de) and its links in
  // punycode (xn--mller-bau-q9a.de) are one organisation. Only non-ASCII hosts pay for the conversion.
  const h = /[^\x00-\x7f]/.test(lower) ? domainToASCII(lower) || lower : lower;
  if (!h) return '';
  const registrable = registrableDomain(h);
  if (!registrable) return '';
  // Two Microsoft 365 tenants (contoso.onmicrosoft.com, fabrikam.onmicrosoft.com) are two customers, not one
  // organisation: under a provider's tenant suffix the tenant is the organisation (docs/detection.md
  // "Provider tenant domains").
  const tenant = providerTenant(h);
  if (tenant?.tenant) return `${tenant.tenant}.${tenant.suffix}`;
  if (!SHARED_PARENT_DOMAINS.has(registrable) || h === registrable) return registrable;
  const rest = h.slice(0, h.length - registrable.length - 1);
  const label = rest.slice(rest.lastIndexOf('.') + 1);
  return label ? `${label}.${registrable}` : registrable;
}

/**
 * True when two hosts belong to one organisation: "mail.paypal.com" and "paypal.com" do, "notpaypal.com"
 * and "paypal.com" do not (a suffix test would say they do), nor "estv.admin.ch" and "bag.admin.ch".
 * The one comparison every rule uses for "same sender" (docs/detection.md "Is the sender that identity").
 */
export function sameOrganisation(a: string, b: string): boolean {
  const x = organisationOf(a);
  return x !== '' && x === organisationOf(b);
}
