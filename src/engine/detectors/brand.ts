import type { Brand } from '../data/brand-types.js';
import { TRACKER_DOMAINS } from '../data/domains.js';
import type { Detector, DetectorInput } from '../detector.js';
import { webLinks } from './links.js';
import { billsFor, ownedOrSentFor } from '../delegates.js';
import { hasMechanism } from './impersonation.js';
import { callBackThroughBillingPlatform, callBackThroughUsersInvoice, isStrongClaim, writesAboutClaimedBrand } from '../judgement.js';
import { isUserContentLink } from '../user-content.js';
import { freemailReportButton } from './reply-elsewhere.js';



/** Does the brand stand behind this message: its domain sends it, authenticated or at least not failing? */
function sentByBrand(input: DetectorInput, brand: Brand): boolean {
  const { sender, auth, brands } = input;
  if (callBackThroughBillingPlatform(input, brand, input.judgement?.asks ?? [])) return false;
  if (auth.dkimPassDomains.some((d) => ownedOrSentFor(brands, brand, d))) return true;
  if (sender.freemail || !sender.domain || !ownedOrSentFor(brands, brand, sender.domain)) return false;
  return auth.dmarc !== 'fail' && auth.spf !== 'fail';
}

/** A link to the brand or a brand that sends for it (a parent, a child), not a user's page on it. */
function linksToBrand(input: DetectorInput, brand: Brand, info: { host: string; domain: string; path: string }): boolean {
  return !isUserContentLink(info) && (ownedOrSentFor(input.brands, brand, info.host) || TRACKER_DOMAINS.has(info.domain));
}

/** The sender's address is on the brand's own free-mail domain (a provider's customer, or the provider), not failing authentication. */
function onOwnFreemail(input: DetectorInput, brand: Brand): boolean {
  const { sender, auth, brands } = input;
  return sender.freemail && !!sender.domain && brands.owns(brand, sender.domain) && auth.dmarc !== 'fail' && auth.spf !== 'fail';
}

/**
 * The brand's own address without authentication while every link leads away from the brand: its own
 * mail links home (or through a click-tracker), so the From is forged (docs/detection.md "Is the sender
 * that identity?"; IMPERSONATION_WITH_ASK reads the same case when the mail also asks for something).
 */
function forgedOwnAddress(input: DetectorInput, brand: Brand, links: ReturnType<typeof webLinks>): boolean {
  if (input.judgement?.authenticated || input.auth.dkimPassDomains.some((d) => ownedOrSentFor(input.brands, brand, d))) return false;
  // Its "Not you?" button writes to a free-mail mailbox: the brand's own mail never does (the unusual
  // sign-in lure in the brand's own template, reply-elsewhere.ts).
  if (freemailReportButton(input) !== null) return true;
  // A page on a platform (the brand's own, such as a Notion login link, or a shared file) and a host that
  // carries the brand's name (mydhl.express.dhl, dhlecommerce.nl: a domain the catalogue does not list yet)
  // prove nothing either way.
  const names = brand.domains.map((d) => (d.split('.')[0] ?? '').replace(/-/g, '')).filter((n) => n.length >= 3);
  const away = (info: { host: string; domain: string; path: string }): boolean =>
    !linksToBrand(input, brand, info) && !isUserContentLink(info) && !names.some((n) => info.host.replace(/-/g, '').includes(n));
  return links.length > 0 && links.every((u) => away(u.info!));
}

export const brandSpoofing: Detector = {
  id: 'BRAND_SPOOFING',
  group: 'brand',
  // Reads the mechanisms other rules found: a claim that asks for nothing and deceives by no mechanism is
  // weak evidence (fan sites, resellers, newsletters about a brand; docs/detection.md "How a verdict is reached").
  stage: 2,
  indicator: 'impersonation',
  description: 'The mail presents itself as a catalogued brand (display name, address, subject, text) but neither its sender nor its links belong to that brand',
  run(input) {
    // The judgement's claim: a social network named only in a footer is no claim (social.ts).
    const claim = input.judgement?.claim ?? null;
    if (!claim) return [];
    // An unlisted domain of the brand (zalando-shop.de, ikea.co.nz) proving it owns that domain and asking
    // nothing: a catalogue gap, not an impostor (unlisted-brand-domain.ts).
    if (input.judgement?.unlistedDomain && !hasMechanism(input)) return [];
    const { brand } = claim;
    const links = webLinks(input);
    const ownAddress = sentByBrand(input, brand);
    if (ownAddress && !forgedOwnAddress(input, brand, links)) return [];
    // The brand's own free-mail domain with every link on the brand: no contradiction, nothing to lure to.
    if (onOwnFreemail(input, brand) && links.length > 0 && links.every((u) => linksToBrand(input, brand, u.info!))) return [];
    const foreign = links.filter((u) => !ownedOrSentFor(input.brands, brand, u.info!.host) && !TRACKER_DOMAINS.has(u.info!.domain));
    const strongClaim = isStrongClaim(claim);
    let strength = strongClaim ? 1 : 0.6;
    // The brand's own free-mail domain (Yahoo from yahoo.com): anyone can have that address, so unproven,
    // but not a contradiction either.
    if (input.sender.freemail && input.brands.owns(brand, input.sender.domain)) strength = Math.min(strength, 0.4);
    const asksOrDeceives = (input.judgement?.asks.length ?? 0) > 0 || hasMechanism(input);
    if (input.recipientDomains.has(input.sender.registrable)) {
      // A colleague's subject or text naming a customer or a carrier ("URGENT commande Carrefour Market",
      // "DHL pickup moved to 3pm") is the topic of the mail, not who sends it; a forged colleague is
      // authentication's business.
      if (!strongClaim && !asksOrDeceives) return [];
      strength = Math.min(strength, 0.3);
    }
    // A brand named only in the subject or text, with no ask and no mechanism, of a sender whose links
    // mostly stay on its own site is that sender writing about the brand (a tech newsletter on Microsoft,
    // a shop on the iPhone it sells), not presenting itself as the brand.
    if (!asksOrDeceives && writesAboutClaimedBrand(input)) return [];
    if (links.length > 0 && foreign.length === 0) strength *= 0.5;
    if (!asksOrDeceives) strength *= 0.5;
    const button = ownAddress ? freemailReportButton(input) : null;
    const from = button !== null
      ? `uses its address ${input.sender.domain} without authentication while its report button writes to ${button}`
      : input.sender.address ? `comes from ${input.sender.registrable || input.sender.address}` : 'has no sender address';
    const to = foreign[0] ? ` and links to ${foreign[0].info!.host}` : '';
    return [{ strength, reason: `Presents itself as ${brand.name} (${claim.where.join(', ')}) but ${from}${to}`, brand: brand.name }];
  },
};

/** Negative evidence: a brand's own domain sends it and every link stays with that brand. */
export const brandAuthentic: Detector = {
  id: 'BRAND_AUTHENTIC',
  group: 'brand',
  description: "Sent from a catalogued brand's own domain (not failing authentication) with every link on that brand's domains (lowers the score)",
  run(input) {
    // The claimed brand when its family sends it (Cash App from square.com, HMRC from GOV.UK Notify),
    // else the brand owning the sender domain or signing the mail.
    const claimed = input.judgement?.claim?.brand;
    const brand = (claimed && sentByBrand(input, claimed) ? claimed : null) ?? input.sender.ownBrand ?? input.brands.brands.find((b) => input.auth.dkimPassDomains.some((d) => input.brands.owns(b, d))) ?? null;
    const providerMailbox = brand === null && claimed !== undefined && onOwnFreemail(input, claimed);
    if (!brand && !providerMailbox) return [];
    // Not when the display name or address claims another brand the sender does not stand behind
    // ("Microsoft Account Team (via Google Forms)" from google.com).
    const vouching = (brand ?? claimed)!;
    const mismatch = input.judgement?.mismatch;
    if (mismatch && mismatch.brand !== vouching) return [];
    // A password form or a web page attached is a mechanism no genuine brand mail uses.
    if ((input.html?.passwordInputs ?? 0) > 0 || input.message.attachments.some((a) => /\.(html?|shtml|svgz?|xhtml|mht)$/i.test(a.filename ?? '') || a.contentType.toLowerCase() === 'text/html')) return [];
    const links = webLinks(input, vouching);
    if (links.length === 0) return [];
    // A user's page on the brand's platform (a form, a shared file) is not the brand vouching (user-content.ts).
    if (links.some((u) => !linksToBrand(input, vouching, u.info!))) return [];
    if (providerMailbox) {
      // Anyone can have an address on a provider's free-mail domain (Orange from orange.fr, Xfinity from
      // comcast.net), so the sender is unproven; but a mail whose every link goes to the brand itself leads
      // nobody to a lure.
      return [{ strength: 0.4, reason: `Sent from ${vouching.name}'s own mail domain ${input.sender.domain}, and every link points to ${vouching.name}` }];
    }
    // Anyone may register a name under a federation's naming pattern (sparkasse-xyz.de), or a brand's name
    // under a country domain the brand never took (netflix.gr): it is not accused of imitating the brand,
    // but it does not vouch for the mail either unless a link goes to a listed domain of the brand
    // (docs/brand-catalogue.md, members and national domains).
    if (input.sender.domain && input.brands.isOwnedByPatternOnly(input.sender.domain) && !links.some((u) => !input.brands.isOwnedByPatternOnly(u.info!.host))) return [];
    if (callBackThroughBillingPlatform(input, vouching, input.judgement?.asks ?? [])) return [];
    // PayPal's or a billing platform's own mail carrying a user's note that asks to call about a charge.
    if (vouching === input.sender.ownBrand && callBackThroughUsersInvoice(input, input.judgement?.asks ?? [])) return [];
    if (billsFor(input.sender.ownBrand, vouching)) {
      // Anyone can open a merchant account: the platform vouches for its own links, not for the name.
      return [{ strength: 0.4, reason: `Sent for ${vouching.name} by the billing platform ${input.sender.domain}, and every link points to it` }];
    }
    const verified = input.auth.dmarc === 'pass' || input.auth.dkimPassDomains.some((d) => input.brands.owns(vouching, d));
    // Unauthenticated, with a report button that writes to a free-mail mailbox: the brand's template, forged
    // (forgedOwnAddress above); the brand does not vouch for it.
    if (!verified && freemailReportButton(input) !== null) return [];
    return [{ strength: verified ? 1 : 0.8, reason: `Sent from ${vouching.name}'s own domain ${input.sender.domain}${verified ? ' (authenticated)' : ''}, and every link points to ${vouching.name}` }];
  },
};
