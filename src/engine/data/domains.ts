/**
 * Domain lists the rules consult. Curated from public abuse statistics (Spamhaus / Interisle "most
 * abused TLDs", URL-shortener lists) and from what legitimate bulk mail uses; matched on the registrable
 * domain or the public suffix, never by substring.
 */
import { SuffixMap } from '../../core/suffix-map.js';

/** Free mailbox providers: anyone can get an address there, so a brand or company name in the display name is not backed by the domain. */
export const FREEMAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'outlook.fr', 'outlook.de', 'outlook.es', 'outlook.it', 'hotmail.com', 'hotmail.fr', 'hotmail.de', 'hotmail.es', 'hotmail.it', 'hotmail.co.uk',
  'live.com', 'live.fr', 'live.de', 'live.co.uk', 'msn.com', 'yahoo.com', 'yahoo.fr', 'yahoo.de', 'yahoo.es', 'yahoo.it', 'yahoo.co.uk', 'ymail.com', 'rocketmail.com', 'aol.com', 'aol.fr', 'aim.com',
  'icloud.com', 'me.com', 'mac.com', 'gmx.com', 'gmx.de', 'gmx.net', 'gmx.fr', 'gmx.at', 'gmx.ch', 'web.de', 'mail.com', 'email.com', 'usa.com', 'protonmail.com', 'proton.me', 'pm.me', 'tutanota.com', 'tuta.io',
  'zoho.com', 'zohomail.com', 'yandex.com', 'yandex.ru', 'ya.ru', 'mail.ru', 'inbox.ru', 'list.ru', 'bk.ru', 'rambler.ru', 'qq.com', '163.com', '126.com', 'sina.com', 'naver.com',
  'orange.fr', 'wanadoo.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'neuf.fr', 'bbox.fr', 'numericable.fr', 'libero.it', 'virgilio.it', 'tiscali.it', 'alice.it', 'tin.it', 'inwind.it',
  't-online.de', 'freenet.de', 'arcor.de', 'posteo.de', 'mailbox.org', 'telefonica.net', 'terra.es', 'bluewin.ch', 'hispeed.ch', 'skynet.be', 'telenet.be', 'ziggo.nl', 'kpnmail.nl', 'planet.nl', 'hetnet.nl',
  'btinternet.com', 'sky.com', 'talktalk.net', 'virginmedia.com', 'ntlworld.com', 'comcast.net', 'verizon.net', 'att.net', 'sbcglobal.net', 'bellsouth.net', 'cox.net', 'charter.net', 'earthlink.net', 'juno.com',
  'sapo.pt', 'hotmail.com.br', 'bol.com.br', 'uol.com.br', 'terra.com.br', 'rediffmail.com', 'seznam.cz', 'wp.pl', 'o2.pl', 'interia.pl', 'onet.pl', 'abv.bg', 'hushmail.com', 'fastmail.com', 'fastmail.fm',
  'yahoo.ca', 'yahoo.com.au', 'yahoo.com.br', 'gmx.es', 'gmx.co.uk', 'hotmail.be', 'hotmail.nl', 'live.nl', 'live.be', 'live.it', 'live.ca', 'outlook.com.br', 'bigpond.com', 'optusnet.com.au', 'iinet.net.au',
  'sympatico.ca', 'videotron.ca', 'eircom.net', 'xs4all.nl', 'ig.com.br', 'netcabo.pt',
]);

/** URL shorteners: the real destination is hidden until clicked. */
/**
 * Address-masking relays: they forward mail from a private alias and write the original sender's address
 * into the display name ("jane@example.org [via Relay]" <…@mozmail.com>), so a display name showing
 * another domain's address is how they work, not a disguise.
 */
export const FORWARDING_RELAY_DOMAINS: ReadonlySet<string> = new Set([
  'mozmail.com', 'simplelogin.co', 'simplelogin.com', 'simplelogin.fr', 'aleeas.com', 'slmail.me', 'duck.com', 'privaterelay.appleid.com', 'anonaddy.me', 'anonaddy.com', 'addy.io', '33mail.com', 'sneakemail.com', 'spamgourmet.com', 'erine.email',
]);

/**
 * Platforms that mail on behalf of their users from the platform's own sending domain and set Reply-To to
 * that user: a shop's order confirmation ("Hedgerow Pottery" <store+…@t.shopifyemail.com>, replies to the
 * shop owner's mailbox), a website's contact-form submission (form-submission@squarespace.info, replies to
 * the visitor who filled it in). The reply going to a free-mail mailbox is how they work, not a diversion.
 */
export const ON_BEHALF_SENDER_DOMAINS: ReadonlySet<string> = new Set(['shopifyemail.com', 'squarespace.info']);

/**
 * Brand top-level domains (ICANN "dotBrand" registries, Specification 13): every name under them is the
 * brand's own, so the catalogue lists the whole TLD ("bnpparibas" owns mabanque.bnpparibas and
 * e.bnpparibas). Only TLDs a single catalogued brand operates exclusively belong here.
 */
export const BRAND_TLDS: ReadonlySet<string> = new Set(['bnpparibas', 'barclays', 'hsbc', 'leclerc']);

export const SHORTENER_DOMAINS: ReadonlySet<string> = new Set([
  'bit.ly', 'bitly.com', 'tinyurl.com', 'goo.gl', 'ow.ly', 'is.gd', 'v.gd', 'buff.ly', 'rebrand.ly', 'cutt.ly', 'shorturl.at', 'rb.gy', 'tiny.cc', 's.id', 't.ly', 'shorte.st', 'adf.ly',
  'bl.ink', 'qrco.de', 'tr.im', 'x.co', 'soo.gd', 'clck.ru', 'u.to', 'lnkd.in', 'shorturl.asia', 'tiny.one', 'short.gy', 'urlz.fr', 'shrtco.de', 'shrinke.me', 'gg.gg', 'bit.do', 'mcaf.ee',
  'snip.ly', 't2m.io', 'zpr.io', 'surl.li', 'linkr.it', 'ln.run', '1url.cz', 'urlr.me', 'dub.sh', 'short.io', 'han.gl', 'me-qr.com', 'cli.re', 'n9.cl', 'tny.im', 'bre.is',
]);

/**
 * Hosts under a shortener's domain that lead only to their owner's own service: Google Photos and Maps
 * share links (photos.app.goo.gl, maps.app.goo.gl) open photos.google.com and google.com/maps, nothing else.
 */
export const OWN_SERVICE_SHORT_HOSTS: ReadonlySet<string> = new Set(['photos.app.goo.gl', 'maps.app.goo.gl']);

/**
 * Top-level domains with the highest share of abuse (phishing, malware) relative to legitimate use, by
 * strength: 1 = overwhelmingly abused or dangerous look-alike TLDs; 0.6 = heavily abused cheap TLDs.
 */
export const SUSPICIOUS_TLDS: ReadonlyMap<string, number> = new Map([
  ...['zip', 'mov', 'tk', 'ml', 'ga', 'cf', 'gq', 'cyou', 'sbs', 'cfd', 'rest', 'monster', 'icu', 'buzz', 'bond', 'xin', 'gdn', 'quest', 'beauty', 'hair', 'skin', 'makeup', 'boats', 'autos', 'yachts', 'mom', 'lol', 'bar', 'su'].map((t) => [t, 1] as const),
  ...['top', 'xyz', 'click', 'link', 'work', 'live', 'online', 'site', 'website', 'space', 'fun', 'club', 'vip', 'win', 'bid', 'loan', 'date', 'review', 'trade', 'racing', 'download', 'stream', 'party', 'science', 'cricket', 'faith', 'accountant', 'men', 'kim', 'country', 'pw', 'ws', 'cam', 'shop', 'store', 'digital', 'today', 'life', 'world', 'email', 'support', 'host', 'press', 'ink', 'uno', 'pics', 'one', 'sbs', 'ru', 'cn'].map((t) => [t, 0.6] as const),
]);

/**
 * Click-tracking and e-mail service provider domains. Legitimate newsletters route every link through
 * them, so "link text shows example.com but points to sendgrid.net" is routine, not deception.
 */
export const TRACKER_DOMAINS: ReadonlySet<string> = new Set([
  'sendgrid.net', 'list-manage.com', 'mailchimp.com', 'mcusercontent.com', 'mandrillapp.com', 'mailgun.org', 'mailgun.net', 'sparkpostmail.com', 'spmailtechno.com', 'mailjet.com', 'mjt.lu', 'sendinblue.com', 'brevo.com', 'sib.fr', 'sp1-brevo.net', 'sendibt2.com', 'sendibt3.com',
  'r.sb1.fr', 'exacttarget.com', 'exct.net', 'salesforce.com', 'marketingcloudapps.com', 'hubspotlinks.com', 'hubspotemail.net', 'hs-sites.com', 'hubspot.com', 'constantcontact.com', 'rs6.net', 'cmail19.com', 'cmail20.com',
  'createsend.com', 'createsend1.com', 'klaviyo.com', 'klclick.com', 'klclick1.com', 'klclick2.com', 'klclick3.com', 'emltrk.com', 'awstrack.me', 'amazonses.com', 'pstmrk.it', 'postmarkapp.com', 'customeriomail.com',
  'mktoweb.com', 'mkto-sj.com', 'eloqua.com', 'en25.com', 'rsys5.net', 'rsys2.net', 'bnc3.mailjet.com', 'emarsys.net', 'selligent.com', 'dmtrk.net', 'e.mail', 'ct.sendgrid.net', 'links.m', 'substack.com', 'beehiiv.com', 'mailerlite.com', 'mlsend.com', 'acemlna.com', 'activehosted.com',
  // Shared click and landing domains of the advocacy and campaign mailing services (NGP VAN / EveryAction,
  // Action Network): their customers' newsletters show the customer's own site over them (docs/detection.md,
  // HREF_TEXT_MISMATCH).
  'ngpvan.com', 'myngp.com', 'everyaction.com', 'actionnetwork.org',
  // parcelLab, the shipping-notice platform of many European shops: its click host forwards to the shop's own
  // tracking page (unwrapped in src/mail/url-unwrap.ts when the target is readable).
  'versand-status.de', 'parcellab.com',
  'mailchi.mp', 'app.link', 'bnc.lt', 'doubleclick.net', 'google-analytics.com', 'safelinks.protection.outlook.com', 'urldefense.com', 'urldefense.us', 'proofpoint.com', 'mimecast.com', 'mimecastprotect.com', 'cudasvc.com',
]);

/**
 * Security gateways' link-rewriting hosts (docs/detection.md "Security-gateway rewrites"): the recipient's
 * own infrastructure. A rewrite whose target could be read is judged by that target (src/mail/gateway-unwrap.ts);
 * one that carries no target (Mimecast's /s/ links without a domain) is no host the sender chose.
 */
const GATEWAY_HOSTS = new SuffixMap(new Map(['safelinks.protection.outlook.com', 'safelinks.protection.office365.us', 'urldefense.com', 'urldefense.us', 'urldefense.proofpoint.com', 'mimecast.com', 'mimecastprotect.com', 'linkprotect.cudasvc.com', 'secure-web.cisco.com', 'protection.sophos.com'].map((h) => [h, 1] as const)));

/** Is this link a security gateway's rewrite (a Trend Micro time-of-click URL only under its /wis/clicktime/ path)? Linear in the host. */
export function isGatewayLink(host: string, path: string): boolean {
  if (GATEWAY_HOSTS.longest(host) !== undefined) return true;
  return (host.endsWith('.trendmicro.com') || host.endsWith('.trendmicro.eu')) && path.startsWith('/wis/clicktime/');
}

/** Path words that mark a sign-in, verification or payment page. */
export const LOGIN_PATH_WORDS = ['login', 'log-in', 'logon', 'signin', 'sign-in', 'verify', 'verification', 'validate', 'confirm', 'secure', 'account', 'update', 'webscr', 'auth', 'authenticate', 'password', 'unlock', 'recover', 'billing', 'banking', 'wallet', 'connexion', 'identifiant', 'anmelden', 'konto', 'sesion', 'accedi'];

/**
 * Hosts where anyone can publish a page under a big brand's domain (cloud storage, site builders, form
 * services). A link there is never "the brand's own link", and anonymous static hosting is a phishing
 * favourite. Value: strength of the "free hosting" signal.
 */
export const USER_CONTENT_HOSTS: ReadonlyMap<string, number> = new Map([
  ...['blob.core.windows.net', 'web.core.windows.net', 'storage.googleapis.com', 'firebasestorage.googleapis.com', 'r2.dev', 'pages.dev', 'workers.dev', 'web.app', 'firebaseapp.com', 'ipfs.io', 'dweb.link', 'cloudflare-ipfs.com', 'ipfs.dweb.link', 'ngrok.io', 'ngrok-free.app', 'ngrok.app', 'trycloudflare.com', '000webhostapp.com', 'glitch.me', 'repl.co', 'replit.app', 'translate.goog', 'weeblysite.com', 'square.site', 'webflow.io', 'framer.app', 'typedream.app', 'codesandbox.io', 'surge.sh', 'backblazeb2.com', 'filesusr.com', 'powerappsportals.com', 'business.site',
    // Serverless functions and app hosting: anyone's code under the cloud's name.
    'cloudfunctions.net', 'run.app', 'azurestaticapps.net', 'amplifyapp.com', 'deno.dev', 'digitaloceanspaces.com', 'linodeobjects.com', 'w3s.link', 'fleek.co', 'on-fleek.app', '4everland.link'].map((h) => [h, 1] as const),
  ...['s3.amazonaws.com', 'cloudfront.net', 'azurewebsites.net', 'azureedge.net', 'appspot.com', 'github.io', 'gitlab.io', 'netlify.app', 'vercel.app', 'herokuapp.com', 'onrender.com', 'fly.dev', 'wixsite.com', 'weebly.com', 'godaddysites.com', 'notion.site', 'my.canva.site', 'canva.site', 'blogspot.com', 'wordpress.com', 'sites.google.com', 'googleusercontent.com', 'forms.gle', 'forms.office.com', 'forms.microsoft.com', 'jotform.com', 'formstack.com', 'typeform.com', 'wufoo.com', 'docs.google.com', 'drive.google.com', 'dropboxusercontent.com', 'mediafire.com', 'sendspace.com', 'linktr.ee', 'bio.link', 'carrd.co', 'mystrikingly.com', 'strikingly.com', 'jimdosite.com', 'ukit.me', 'tilda.ws', 'yolasite.com', 'site123.me',
    'express.adobe.com', 'myportfolio.com', 'sway.office.com', 'sway.cloud.microsoft', 'gitbook.io', 'formsite.com', 'cognitoforms.com', '123formbuilder.com', 'zohopublic.com', 'hubspotpagebuilder.com', 'mailchimpsites.com', 'railway.app', 'cloudlets.zone', 'forms.yandex.com', 'forms.yandex.ru',
    // Site builders' and no-code app builders' free sites (name.webnode.fr, name.jimdofree.com,
    // name.framer.website, a Hostinger site's temporary name): where compromised small-company mailboxes link
    // their "document" (docs/detection.md "URL_FREE_HOSTING").
    'webnode.page', 'webnode.com', 'webnode.fr', 'webnode.es', 'webnode.it', 'webnode.nl', 'webnode.pt', 'webnode.de', 'webnode.cz', 'webnode.sk', 'jimdofree.com', 'webador.com', 'webador.nl', 'webador.fr', 'webador.de', 'webador.be', 'framer.website', 'framer.ai', 'hostingersite.com', 'softr.app', 'glide.page', 'bubbleapps.io'].map((h) => [h, 0.5] as const),
]);

const USER_CONTENT_SUFFIXES = new SuffixMap(USER_CONTENT_HOSTS);

/** Strength of the user-content signal for `host` (0 when the host is not a user-content host). Linear in the host. */
export function userContentStrength(host: string): number {
  if (isS3Host(host)) return 0.5;
  return USER_CONTENT_SUFFIXES.longest(host) ?? 0;
}

const S3_TAIL = 'amazonaws.com';

/**
 * S3 buckets: bucket.s3.eu-west-1.amazonaws.com, s3-eu-west-1.amazonaws.com/bucket/…: a label starting
 * "s3." or "s3-" followed only by [a-z0-9.-] up to "amazonaws.com". One backward pass (the equivalent
 * regex backtracks quadratically on hosts made of many "s3." labels).
 */
function isS3Host(host: string): boolean {
  if (!host.endsWith(S3_TAIL)) return false;
  const tail = host.length - S3_TAIL.length;
  let clean = tail;
  while (clean > 0 && /[a-z0-9.-]/.test(host[clean - 1]!)) clean--;
  for (let p = Math.max(0, clean - 3); p + 3 <= tail; p++) {
    if ((p === 0 || host[p - 1] === '.') && host.startsWith('s3', p) && (host[p + 2] === '.' || host[p + 2] === '-')) return true;
  }
  return false;
}
