import type { ExtractedUrl } from '../../mail/url-extract.js';
import { describeUrl } from '../../mail/url-info.js';
import { ruleOption, type Detector, type DetectorHit, type DetectorInput } from '../detector.js';
import { ownedOrSentFor } from '../delegates.js';
import { sameOrganisation } from '../organisation.js';
import { namedAfter, orgLabel } from '../organisation-name.js';
import { isGatewayLink, LOGIN_PATH_WORDS, OWN_SERVICE_SHORT_HOSTS, SHORTENER_DOMAINS, SUSPICIOUS_TLDS, TRACKER_DOMAINS, userContentStrength } from '../data/domains.js';
import { trimEndMatching, trimStartMatching } from '../../core/trim.js';
import { isSponsorLink } from './sponsor-links.js';
import { isPlainCorrespondence, isStrongClaim, writesAboutClaimedBrand } from '../judgement.js';
import { isSocialFooterHost } from '../social.js';
import type { Brand, Sector } from '../data/brand-types.js';
import { words } from '../text/words.js';

/** URLs a reader can follow: anchors, image maps, forms, refreshes, bare URLs in text, the API's list. */
export const isClickable = (u: ExtractedUrl): boolean => u.kind !== 'img' && u.kind !== 'iframe';

/** Web links a reader can follow, without social-network footer links, except those of `ownBrand` itself (Discord's mail linking to discord.com). */
export const webLinks = (input: DetectorInput, ownBrand?: Brand): ExtractedUrl[] =>
  input.urls.filter((u) => u.info && isClickable(u) && (u.info.scheme === 'http' || u.info.scheme === 'https') && u.info.host && (!isSocialFooterHost(u.info.host) || (ownBrand !== undefined && input.brands.owns(ownBrand, u.info.host))));
const isWeb = (u: ExtractedUrl): boolean => u.info !== null && (u.info.scheme === 'http' || u.info.scheme === 'https') && u.info.host !== '';

/** Keeps the strongest hit first and caps the list, so one message full of links stays cheap to report. */
function strongest(hits: DetectorHit[], max = 5): DetectorHit[] {
  return hits.sort((a, b) => b.strength - a.strength).slice(0, max);
}

function perUrl(input: DetectorInput, judge: (u: ExtractedUrl) => DetectorHit | null, filter: (u: ExtractedUrl) => boolean = (u) => isClickable(u) && isWeb(u)): DetectorHit[] {
  const hits: DetectorHit[] = [];
  for (const u of input.urls) {
    if (!filter(u)) continue;
    const hit = judge(u);
    if (hit) hits.push({ ...hit, url: u.url });
  }
  return strongest(hits);
}

/** The domain a piece of link text displays ("www.dhl.com", "https://paypal.com/login"), or null. */
export function domainShown(text: string): { host: string; domain: string } | null {
  const tokens = text.trim().split(/\s+/).slice(0, 6);
  for (const token of tokens) {
    if (token.includes('@') || token.length > 200) continue;
    const cleaned = trimEndMatching(trimStartMatching(token, /[("'<[]/), /[)"'>\].,:;!?]/);
    if (!/^(https?:\/\/)?[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(?::\d+)?([/?#].*)?$/iu.test(cleaned)) continue;
    const hasScheme = /^https?:\/\//i.test(cleaned);
    const info = describeUrl(hasScheme ? cleaned : `http://${cleaned}`);
    if (!info || !info.host) continue;
    // "5.0.0.0" in link text is a version number unless written as a URL.
    if (info.isIp) {
      if (hasScheme) return { host: info.host, domain: info.host };
      continue;
    }
    // Without a scheme a dotted word needs a real suffix to be read as a host ("config.yaml"); written as a
    // URL ("https://conference-news.example/tickets") it is one whatever its suffix.
    if ((!info.icann && !hasScheme) || !info.label) continue;
    return { host: info.host, domain: info.domain };
  }
  return null;
}

/**
 * A newsletter naming a shop or site ("Amazon.co.uk", "Booking.com", "PayPal.me/ourclub") over its mailing
 * service's click-tracker: the tracker hides every destination alike, and a mail that asks nothing and does
 * not present itself as that brand is pointing to a store front, not lying about where a login page is. A
 * lure through a hijacked mailing account claims the brand or asks (docs/detection.md, HREF_TEXT_MISMATCH).
 */
function storeFrontThroughTracker(input: DetectorInput, shownBrand: Brand, target: { host: string; domain: string }): boolean {
  const j = input.judgement;
  if (!j || j.asks.length > 0 || !(TRACKER_DOMAINS.has(target.domain) || ownRedirectHost(input, target.host))) return false;
  return j.claim?.brand !== shownBrand && j.mismatch?.brand !== shownBrand;
}

/**
 * The sender's own organisation as the target: a publisher's newsletter sends "available at amazon.com" or a
 * headline naming mcafee.com through its own click redirect (clickthru.online.com in a mail from
 * newsletter.online.com), as it would through a mailing service's. Not from free-mail or a publishing
 * platform, where the "organisation" is anyone's.
 */
function ownRedirectHost(input: DetectorInput, host: string): boolean {
  const { sender } = input;
  return !sender.freemail && sender.domain !== '' && userContentStrength(sender.domain) === 0 && userContentStrength(host) === 0 && sameOrganisation(host, sender.domain);
}

/**
 * Another suffix of the same name ("northwind.de" shown over northwind.com): one organisation's national
 * site as often as not, so only a weak hint. Names under five letters are too common to tell.
 */
function sameNameOtherSuffix(shown: string, target: string): boolean {
  const name = orgLabel(shown);
  return name.length >= 5 && name === orgLabel(target);
}

/**
 * Strength of a link whose text shows another site (a headline naming news.com, buy.com, odp.net) over an
 * unrelated target: newsletters of publishers and vendors do this through their own wider networks
 * (news.com.com, zdnetshopper.cnet.com, otn.oracle.com), so alone it is a weak hint. Measured (LOSO,
 * docs/detection.md HREF_TEXT_MISMATCH): at full strength it flagged 8 genuine newsletters and caught no
 * phishing the other rules missed.
 */
const OTHER_SITE_SHOWN = 0.25;

/** The text shows the sender's own organisation (not free-mail, not a publishing platform's host). */
function showsSenderOwnSite(input: DetectorInput, shownHost: string): boolean {
  return ownOrganisations(input)[0] === input.sender.registrable && input.sender.registrable !== '' && sameOrganisation(shownHost, input.sender.domain);
}

export const hrefTextMismatch: Detector = {
  id: 'HREF_TEXT_MISMATCH',
  group: 'url',
  indicator: 'suspicious_links',
  kinds: ['mechanism'],
  description: 'Link text shows one domain but the link points to another',
  run(input) {
    return perUrl(
      input,
      (u) => {
        const target = u.info!;
        for (const text of u.texts) {
          const shown = domainShown(text);
          if (!shown || shown.domain === target.domain) continue;
          const sameBrand = input.brands.ownerOf(shown.host);
          if (sameBrand && input.brands.owns(sameBrand, target.host)) continue;
          // A link to the sender's own catalogued brand (its click-tracking host, click.e.easyjet.com behind
          // "Booking.com") leads to that brand whatever its text names: a partner offer, not a lie. A forged
          // sender gains nothing by it, the destination is still the brand's own host (docs/detection.md, HREF_TEXT_MISMATCH).
          const targetOwner = input.brands.ownerOf(target.host);
          if (targetOwner !== null && targetOwner === input.sender.ownBrand) continue;
          // The brand's own mail showing its own site over its mailing service's click-tracker (an invoice from
          // notify.cloudflare.com linking "dash.cloudflare.com" through SparkPost): the tracker hides every
          // destination alike, and the sender is the brand the text names. A forged sender is authentication's
          // business (docs/detection.md, HREF_TEXT_MISMATCH).
          if (sameBrand !== null && sameBrand === input.sender.ownBrand && TRACKER_DOMAINS.has(target.domain)) continue;
          // A security gateway's rewrite that carries no readable target (Mimecast's /s/ links) is the
          // recipient's infrastructure, not a host the sender chose; readable ones were unwrapped already.
          if (isGatewayLink(target.host, target.path)) continue;
          let strength = OTHER_SITE_SHOWN;
          if (target.isIp || (sameBrand && !storeFrontThroughTracker(input, sameBrand, target)) || input.recipientDomains.has(shown.domain)) strength = 1;
          // Newsletters show their own domain, or name some site, over their mailing service's click-tracker
          // or their own organisation's redirect: the tracker hides every destination alike, and the lie is
          // evidence only when it names a brand or the recipient (above).
          else if (TRACKER_DOMAINS.has(target.domain) || (!input.sender.freemail && sameOrganisation(target.host, input.sender.domain))) continue;
          // The sender's own site shown over an unrelated host (issue 34: "https://conference-news.example/
          // tickets" leading to tix-download.example): the mail vouches for a link that is not its own.
          // Another suffix of the same name (northwind.de over northwind.com) is that organisation's as
          // often as not and stays weak.
          else if (showsSenderOwnSite(input, shown.host) && !sameNameOtherSuffix(shown.domain, target.domain)) strength = 1;
          const via = u.wrappers.length ? ` (unwrapped from ${u.wrappers[0]})` : '';
          return { strength, reason: `Link text shows ${shown.host} but points to ${target.host}${via}`, flag: 'text_mismatch', ...(strength === 1 ? { strong: true } : {}), ...(sameBrand ? { brand: sameBrand.name } : {}) };
        }
        return null;
      },
      (u) => (u.kind === 'a' || u.kind === 'area') && isWeb(u) && u.texts.length > 0,
    );
  },
};

/**
 * Mail clients turn version numbers into links ("uhd 4.1.0.5" becomes http://4.1.0.5): a bare address
 * with no path or query that ends in .0 or .255 (a network or its broadcast, not a web server) or whose
 * every number is below 32 (a release, not one of the addresses lures are hosted on).
 */
function looksLikeVersionNumber(info: { host: string; path: string; query: string }): boolean {
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(info.host);
  if (!octets) return false;
  const numbers = octets.slice(1).map(Number);
  if (numbers[3] === 0 || numbers[3] === 255) return true;
  return (info.path === '' || info.path === '/') && !info.query && numbers.every((n) => n < 32);
}

/**
 * A bare-IP link dressed as another site or as a sign-in page: a domain name in its path
 * ("http://202.101.73.10/www.firstmerit.com/Login.aspx", ".../.update/www.wellsfargo.com/cgi-bin/…") or a
 * sign-in word ("/webmail/login.php"). An author's server ("http://198.51.100.77/", ".../~jane/blog.html")
 * is neither. Linear: one pass of a regular expression without nested quantifiers over at most 300 characters.
 */
const SITE_IN_PATH = /(?:^|[/=.])(?:www\d?\.[a-z0-9-]+|[a-z0-9-]+\.(?:com|net|org|info|biz))(?:[./:?#]|$)/i;
function dressedAsSite(info: { path: string; query: string }): boolean {
  const path = `${info.path.slice(0, 300)}?${info.query.slice(0, 300)}`;
  if (SITE_IN_PATH.test(path)) return true;
  return path.toLowerCase().split(/[^a-z-]+/).some((part) => LOGIN_WORDS.has(part));
}

/**
 * Strength of a bare-IP link written out where the reader sees it (in the text, or as its own link text) in
 * plain correspondence: context, not a mechanism (evidence-kinds.ts), so alone it stays below suspicious.
 */
const IP_SHOWN_PLAIN = 0.4;

/** Sectors whose companies run or sell servers, and write their addresses to customers. */
const SERVER_SECTORS: ReadonlySet<Sector | undefined> = new Set<Sector | undefined>(['tech', 'saas', 'security', 'service', undefined]);

export const urlIpHost: Detector = {
  id: 'URL_IP_HOST',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'Link to a bare IP address instead of a domain name',
  run(input) {
    // A bare address written out shows the reader exactly where it leads ("the draft will be up at
    // http://198.51.100.77/" in a 2002 list digest): in mail that claims no identity the sender is not, asks
    // nothing risky and tells no story about the reader (judgement.ts isPlainCorrespondence) it hides
    // nothing, unless its path dresses it as another site or a sign-in page. Behind words or a button, or
    // beside any ask, it is the lure's host (docs/detection.md "Rules").
    // Read only when a bare-IP link is there: most mail has none.
    let plain: boolean | undefined;
    let presentsAsBrand: boolean | undefined;
    return perUrl(input, (u) => {
      if (!u.info!.isIp) return null;
      // Private and loopback addresses are device admin pages people write about, not phishing sites: no
      // victim reaches a lure there (docs/detection.md "Rules").
      if (/^(10\.|127\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|::1$|f[cd])/.test(u.info!.host)) return null;
      if (looksLikeVersionNumber(u.info!)) return null;
      plain ??= isPlainCorrespondence(input);
      const strength = plain && linkWrittenOut(u) && !dressedAsSite(u.info!) ? IP_SHOWN_PLAIN : 1;
      // A bank's, a shop's or a carrier's own mail never sends the reader to a numeric address: in mail that
      // presents itself as such a brand (display name or sender address), the bare-IP link is strong on its
      // own, whatever domain sends it. Hosting, cloud and software companies do write their customers'
      // servers' addresses ("your Droplet is ready at …") (docs/detection.md "Two independent facts before an accusation").
      presentsAsBrand ??= input.claims.some((c) => isStrongClaim(c) && !SERVER_SECTORS.has(c.brand.sector));
      return { strength, reason: `Link points to the IP address ${u.info!.host} instead of a domain name`, flag: 'ip_host', ...(strength === 1 && presentsAsBrand ? { strong: true } : {}) };
    });
  },
};

/** Text before "@" written like a host name: "www.paypal.com", "paypal.com", "secure.bank.example". */
const HOST_LIKE = /[a-z0-9-]\.[a-z]{2,}/i;
/** A user name (and password) that poses as nothing: one finding, alone below suspicious (docs/detection.md "Rules"). */
const USERINFO_PLAIN_STRENGTH = 0.3;

export const urlUserinfo: Detector = {
  id: 'URL_USERINFO',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'user@host trick: text before "@" in a URL hides the real host',
  run(input) {
    return perUrl(input, (u) => {
      const userinfo = u.info!.userinfo;
      if (!userinfo) return null;
      // The trick needs the text before "@" to pass for the host ("www.paypal.com@…", "PayPal-Login@…");
      // "username:password@" in a command a list member quotes shows the real host right after it.
      const posesAsHost = HOST_LIKE.test(userinfo) || input.brands.mentions(words(userinfo, 20), userinfo.split(/[^\p{L}\p{N}]+/u).slice(0, 20)).size > 0;
      return { strength: posesAsHost ? 1 : USERINFO_PLAIN_STRENGTH, reason: `Link hides its real host ${u.info!.host} behind "${userinfo.slice(0, 60)}@"`, flag: 'userinfo' };
    });
  },
};

/**
 * "javascript:void(0)", "javascript:;": a template's dead button that runs and shows nothing. Spaces are
 * dropped first so the test stays linear on a padded URL (docs/performance.md).
 */
const isNoOpScript = (url: string): boolean => /^javascript:/i.test(url) && /^(?:void\(0\)|void0)?;?$/i.test(url.slice(11).replace(/\s+/g, ''));

export const urlScript: Detector = {
  id: 'URL_DATA_OR_JAVASCRIPT',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'data: or javascript: links, which run or render content from the mail itself',
  run(input) {
    return perUrl(
      input,
      (u) => {
        const scheme = u.url.slice(0, u.url.indexOf(':')).toLowerCase();
        return { strength: 1, reason: `Link uses a ${scheme}: URL, which runs or shows content hidden in the mail`, flag: `${scheme}_url` };
      },
      (u) => u.info === null && u.kind !== 'img' && /^(javascript|data|vbscript):/i.test(u.url) && !isNoOpScript(u.url),
    );
  },
};

/** Strength of a shortened link the reader sees written out (in the text, or as its own link text). */
const SHORTENER_SHOWN = 0.6;

/**
 * Is the link written out where the reader sees it (in the text, or as its own link text), rather than
 * behind an image, a button or words? A shortened link written out ("Directions: https://bit.ly/…" in a
 * note) is one weak hint; behind a button it hides twice, where it leads and that it is a shortener, which
 * is how the labelled phishing uses it. SHARE_NOTICE_IMITATION reads it too: a person pastes the address
 * of the file they share, a platform's notice (and its imitation) puts it behind an "Open" button.
 */
export function linkWrittenOut(u: ExtractedUrl): boolean {
  if (u.kind === 'text') return true;
  return u.kind === 'a' && u.texts.length > 0 && u.texts.every((text) => domainShown(text)?.domain === u.info!.domain);
}

export const urlShortener: Detector = {
  id: 'URL_SHORTENER',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'URL shorteners hide the destination',
  run(input) {
    return perUrl(input, (u) =>
      (SHORTENER_DOMAINS.has(u.info!.domain) || SHORTENER_DOMAINS.has(u.info!.host)) && !OWN_SERVICE_SHORT_HOSTS.has(u.info!.host) && !isSponsorLink(input, u)
        ? { strength: linkWrittenOut(u) ? SHORTENER_SHOWN : 1, reason: `Link uses the URL shortener ${u.info!.host}, which hides where it leads`, flag: 'shortener' }
        : null,
    );
  },
};

/** The organisations on both ends: the sender's (unless it writes from free-mail) and the recipients'. */
export const ownOrganisations = (input: DetectorInput): string[] =>
  // A sender on free-mail or itself on a platform where anyone can publish (noreply@project-x.firebaseapp.com)
  // is no organisation of its own.
  [input.sender.freemail || userContentStrength(input.sender.domain) > 0 ? '' : input.sender.registrable, ...input.recipientDomains].filter((d) => d !== '');

/**
 * A page on a publishing platform named after the sender's or a recipient's organisation
 * ("jansenbouw.notion.site" for jansen-bouw.nl): that organisation's own page as often as not.
 */
export function ownPlatformPage(input: DetectorInput, host: string, path = ''): boolean {
  if (userContentStrength(host) === 0) return false;
  const labels = [host.split('.')[0] ?? '', pathStyleBucket(host, path) ?? ''].filter((l) => l !== '');
  if (labels.some((l) => ownOrganisations(input).some((d) => namedAfter(l.replace(/-/g, ''), d)))) return true;
  const sender = input.sender.freemail || userContentStrength(input.sender.domain) > 0 ? '' : input.sender.registrable;
  return sender !== '' && labels.some((l) => carriesSenderName(l, sender));
}

/**
 * Storage buckets and accounts carry their company's name among other words: "prod-northwindtraders-files",
 * "stelektrowagnerprod" (Azure's naming convention), "northwind-assets" for northwind-traders.com. Read so
 * only for the sender's own organisation: whoever sends from a domain and links to a bucket bearing its name
 * deceives nobody about where the link goes, while a bucket named after the recipient's organisation keeps
 * the stricter reading above (namedAfter).
 */
function carriesSenderName(label: string, senderRegistrable: string): boolean {
  const org = orgLabel(senderRegistrable);
  if (org.length >= 6 && label.replace(/-/g, '').includes(org)) return true;
  const first = (senderRegistrable.split('.')[0] ?? '').split('-')[0] ?? '';
  return first.length >= 5 && first !== org && label.split('-')[0] === first;
}

/**
 * The bucket of a storage link that names it in the path instead of the host (storage.googleapis.com/
 * northwind-reports/q3.pdf, s3.eu-west-1.amazonaws.com/northwind-reports/…): the same company's bucket as
 * northwind-reports.s3.amazonaws.com, so it is read as that host's first label would be.
 */
function pathStyleBucket(host: string, path: string): string | null {
  const h = host.toLowerCase();
  const storage = h === 'storage.googleapis.com' || (h.endsWith('.amazonaws.com') && /^s3[.-]/.test(h));
  if (!storage) return null;
  const segment = path.split('/', 2)[1] ?? '';
  return /^[a-z0-9][a-z0-9.-]{2,62}$/.test(segment) ? segment.split('.')[0]! : null;
}

export const urlSuspiciousTld: Detector = {
  id: 'URL_SUSPICIOUS_TLD',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'Links on top-level domains with a high share of abuse',
  run(input) {
    return perUrl(input, (u) => {
      const tld = u.info!.host.slice(u.info!.host.lastIndexOf('.') + 1);
      // The organisation's own page on a publishing platform (jansenbouw.notion.site for jansen-bouw.nl)
      // has the platform's top-level domain, not one an attacker chose.
      if (ownPlatformPage(input, u.info!.host)) return null;
      const strength = SUSPICIOUS_TLDS.get(tld);
      return strength && !isSponsorLink(input, u) ? { strength, reason: `Link domain ${u.info!.domain} uses the .${tld} top-level domain, frequent in phishing`, flag: 'suspicious_tld' } : null;
    });
  },
};

export const urlManySubdomains: Detector = {
  id: 'URL_MANY_SUBDOMAINS',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'Hosts with an unusual number of labels, which push the real domain out of sight',
  options: {
    min_labels: { default: 4, min: 1, max: 100, integer: true, description: 'Subdomain labels in front of the registrable domain from which a host counts' },
  },
  run(input, ctx) {
    const minLabels = ruleOption(urlManySubdomains, ctx, 'min_labels');
    return perUrl(input, (u) => {
      const labels = u.info!.subdomain ? u.info!.subdomain.split('.').length : 0;
      if (labels < minLabels || TRACKER_DOMAINS.has(u.info!.domain)) return null;
      return { strength: labels >= 6 ? 1 : 0.6, reason: `Link host ${u.info!.host.slice(0, 80)} stacks ${labels} subdomains in front of ${u.info!.domain}`, flag: 'many_subdomains' };
    });
  },
};

export const urlFreeHosting: Detector = {
  id: 'URL_FREE_HOSTING',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'Links to free hosting, cloud storage or form services where anyone can publish a page',
  run(input) {
    return perUrl(input, (u) => {
      const strength = userContentStrength(u.info!.host);
      // The sender's or a recipient's own site on a site builder (sonnenkorn.square.site in the bakery
      // sonnenkorn-baeckerei.de's mail) is where that organisation publishes, not anyone.
      if (strength === 0 || isSponsorLink(input, u) || ownPlatformPage(input, u.info!.host, u.info!.path)) return null;
      return { strength, reason: `Link points to ${u.info!.host}, a service where anyone can publish a page`, flag: 'free_hosting' };
    });
  },
};

/** The redirect host is the sender's organisation, or its name (five letters or more) under another suffix. */
function ownRedirect(via: string, senderRegistrable: string): boolean {
  if (sameOrganisation(via, senderRegistrable)) return true;
  const viaOrg = orgLabel(describeUrl(`https://${via}/`)?.domain ?? via);
  return viaOrg.length >= 5 && viaOrg === orgLabel(senderRegistrable);
}

export const urlRedirect: Detector = {
  id: 'URL_REDIRECT',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'Links that bounce through a redirect on another site to their real target',
  run(input) {
    return perUrl(input, (u) => {
      if (!u.openRedirect || !u.original) return null;
      const via = describeUrl(u.original)?.host ?? 'another site';
      // A site redirecting to itself (twitter.com/i/redirect → support.twitter.com) hides nothing.
      if (sameOrganisation(via, u.info!.host) || TRACKER_DOMAINS.has(describeUrl(u.original)?.domain ?? '')) return null;
      // Nor a redirect that lands on the sender's own site (t.co → x.com in X's own mail).
      const own = input.sender.ownBrand;
      if ((!input.sender.freemail && sameOrganisation(u.info!.host, input.sender.domain)) || (own && ownedOrSentFor(input.brands, own, u.info!.host))) return null;
      // Nor a newsletter's own click redirect to its social-network profiles (spiegel.de/r?url=facebook.com/…,
      // elpais.com/r?… in mail from elpais.es): the footer's icons, through the sender's own site.
      if (isSocialFooterHost(u.info!.host) && !input.sender.freemail && input.sender.registrable && ownRedirect(via, input.sender.registrable)) return null;
      return { strength: 1, reason: `Link goes through a redirect on ${via} to ${u.info!.host}`, flag: 'redirect' };
    });
  },
};

/** Path words that name a sign-in or verification step ("secure", "account", "update" alone are too common). */
const LOGIN_WORDS = new Set(LOGIN_PATH_WORDS.filter((w) => !['secure', 'account', 'update', 'billing', 'banking', 'confirm', 'konto'].includes(w)));

export const urlLoginPath: Detector = {
  id: 'URL_LOGIN_PATH',
  group: 'url',
  indicator: 'credential_request',
  description: 'Sign-in or verification pages on domains that belong to no known brand',
  run(input) {
    // The judgement's claim: a social network named only in a footer, or the brand of a forwarded mail's
    // text, is no claim (judgement.ts countingClaims).
    const claimed = input.judgement?.claim?.brand ?? null;
    // Every web service has a sign-in page, and genuine notices link to one on another organisation's
    // domain all the time (a learning platform to the university's portal, an ESP to its customer's
    // site). The path is phishing evidence only when the mail claims a brand the page does not belong to;
    // unbranded credential lures are LINKS_DISOWN_SENDER's (docs/detection.md "Rules").
    if (!claimed || writesAboutClaimedBrand(input)) return [];
    return perUrl(input, (u) => {
      const info = u.info!;
      if (input.brands.ownerOf(info.host) || input.recipientDomains.has(info.domain) || TRACKER_DOMAINS.has(info.domain)) return null;
      // A service linking to its own sign-in page is routine (password resets); look-alike senders are
      // caught by their own rules.
      if (info.domain === input.sender.registrable && !input.sender.freemail) return null;
      const parts = `${info.path} ${info.query.slice(0, 300)} ${info.subdomain}`.toLowerCase().split(/[^a-z-]+/);
      const word = parts.find((p) => LOGIN_WORDS.has(p) || (p.includes('-') && p.split('-').some((q) => LOGIN_WORDS.has(q))));
      if (!word) return null;
      return { strength: 1, reason: `Link leads to a "${word}" page on ${info.host}, which does not belong to ${claimed.name}`, flag: 'login_path' };
    });
  },
};
