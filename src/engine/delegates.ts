/**
 * Who may send for a brand besides the brand itself (docs/brand-catalogue.md, `parent`): a parent sends
 * for its children (GOV.UK Notify sends for HMRC and DVLA), a child's mail comes from its parent's
 * infrastructure (Instagram from facebookmail.com), siblings share it, and a few networks send for their
 * members (Interac e-Transfer notices name the customer's Canadian bank in the display name).
 */
import type { BrandIndex } from './brand-index.js';
import type { Brand, Sector } from './data/brand-types.js';

/** Networks whose own domain sends notices in the name of member brands. */
const SENDS_FOR_MEMBERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['Interac', new Set(['BMO', 'RBC Royal Bank', 'TD Bank', 'Scotiabank', 'CIBC', 'Desjardins', 'National Bank of Canada', 'Tangerine', 'Simplii Financial'])],
]);

/**
 * Platforms only one sector can use, sending in the names of its members: GovDelivery (Granicus) mails the
 * bulletins of US public bodies ("IRS Newswire" <irs@service.govdelivery.com>), as GOV.UK Notify does for
 * UK departments (their parent in the catalogue). Not a general mailing service: nobody else has an account.
 * Spain's DEHú holds the notifications of every public body, so their notices link there (dehu.redsara.es).
 */
const SENDS_FOR_SECTOR: ReadonlyMap<string, Sector> = new Map([['GovDelivery', 'government'], ['DEHú', 'government']]);

/**
 * Billing platforms mail receipts and invoices in their merchants' names ("Notion Labs, Inc."
 * <invoice+statements+acct_…@stripe.com>). Not for banks, payment and crypto services, security vendors or
 * public bodies: a platform invoice in their name (the "Norton renewal, call us" scam) stays an impersonation.
 */
const BILLING_PLATFORMS: ReadonlySet<string> = new Set(['Stripe', 'Square', 'Intuit / QuickBooks', 'Xero', 'FreshBooks']);
const NEVER_BILLED_FOR: ReadonlySet<string> = new Set(['bank', 'payment', 'crypto', 'security', 'government']);

/**
 * Platforms whose mail carries what their users write: the billing platforms' invoices and PayPal's invoices
 * and money requests ("Note from seller: … call +1 808 …"). Their own domain vouches for the platform, not
 * for the note: anyone can open an account and send one (docs/detection.md "Is the sender that identity?").
 */
export function carriesUsersInvoices(sender: Brand | null): boolean {
  return sender !== null && (BILLING_PLATFORMS.has(sender.name) || sender.name === 'PayPal');
}

/** True when `sender` is a billing platform that mails in `claimed`'s name (a merchant's receipt). */
export function billsFor(sender: Brand | null, claimed: Brand): boolean {
  return sender !== null && sender !== claimed && BILLING_PLATFORMS.has(sender.name) && !NEVER_BILLED_FOR.has(claimed.sector ?? '');
}

/** True when `sender` (the brand owning the sending domain) may send mail in the name of `claimed`. */
export function sendsFor(sender: Brand, claimed: Brand): boolean {
  if (sender === claimed || billsFor(sender, claimed)) return true;
  if (claimed.parent && claimed.parent === sender.name) return true;
  if (sender.parent && sender.parent === claimed.name) return true;
  if (sender.parent && sender.parent === claimed.parent) return true;
  if (SENDS_FOR_SECTOR.get(sender.name) === claimed.sector) return true;
  return SENDS_FOR_MEMBERS.get(sender.name)?.has(claimed.name) ?? false;
}

/** True when `host` belongs to `claimed` or to a brand that sends for it. */
export function ownedOrSentFor(brands: BrandIndex, claimed: Brand, host: string): boolean {
  if (brands.owns(claimed, host)) return true;
  const owner = brands.ownerOf(host);
  return owner !== null && sendsFor(owner, claimed);
}
