import { inSector } from './brand-types.js';

/*
 * Global technology platforms, social networks and security vendors.
 *
 * Rules for every brands-*.ts file (checked by test/engine/catalogue.test.ts):
 * - `domains` are registrable domains as the engine computes them (tldts, private suffixes included:
 *   amazon.co.uk, cloud.microsoft under the brand TLD .microsoft), never a host under a shared
 *   platform. User-content hosts (github.io, myshopify.com, googleusercontent.com), ESPs
 *   (amazonses.com, sendgrid.net), shorteners anyone can use (lnkd.in, t.co) and invite links to
 *   arbitrary people (wa.me, t.me, discord.gg) are left out: a phisher can put content there.
 * - `keywords` are folded phrases (lower-case, no accents, single spaces); a brand name that is also an
 *   ordinary word is only an `exactKeywords` entry, written as the brand writes it.
 * - `lookalikeLabels` are given where the default (first labels of `domains`) would include a generic
 *   word ("cloud" of cloud.microsoft) or a word a legitimate domain may well contain.
 */

export const TECH_BRANDS = inSector('tech', [
  {
    name: 'Microsoft',
    domains: [
      'microsoft.com', 'microsoftonline.com', 'microsoftonline-p.com', 'msauth.net', 'msftauth.net', 'office.com', 'office365.com', 'office.net', 'microsoft365.com',
      'cloud.microsoft', 'live.com', 'live.net', 'outlook.com', 'hotmail.com', 'sharepoint.com', 'sharepointonline.com', 'planner.com', 'onedrive.com', 'azure.com', 'windowsazure.com',
      'windows.net', 'windows.com', 'windowsupdate.com', 'msn.com', 'skype.com', 'bing.com', 'xbox.com', 'xboxlive.com', 'msft.net', 'microsoftstore.com', 'aka.ms',
      'dynamics.com', 'powerbi.com', 'outlook.fr', 'outlook.de', 'outlook.es', 'outlook.it', 'hotmail.fr', 'hotmail.de', 'hotmail.es', 'hotmail.it', 'hotmail.co.uk',
      'live.fr', 'live.de', 'live.co.uk', 'mail.microsoft', 'email.microsoft',
    ],
    keywords: ['microsoft', 'office 365', 'office365', 'microsoft 365', 'onedrive', 'sharepoint', 'outlook web', 'outlook web app', 'microsoft teams', 'exchange online', 'hotmail', 'xbox', 'skype', 'microsoft azure', 'entra id'],
    lookalikeLabels: ['microsoft', 'office365', 'microsoftonline', 'onedrive', 'sharepoint', 'outlook', 'hotmail'],
  },
  {
    name: 'Google',
    domains: [
      'google.com', 'google.fr', 'google.de', 'google.es', 'google.it', 'google.co.uk', 'google.nl', 'google.be', 'google.ch', 'google.at', 'google.pt', 'google.ie',
      'google.ca', 'google.com.au', 'google.com.br', 'gmail.com', 'googlemail.com', 'gstatic.com', 'ggpht.com', 'g.co', 'google.org',
      'blogger.com', 'android.com', 'chrome.com', 'googleblog.com', 'blog.google', 'about.google', 'safety.google',
    ],
    keywords: ['google', 'gmail', 'google drive', 'google docs', 'google workspace', 'g suite', 'google pay', 'google play'],
    lookalikeLabels: ['google', 'gmail', 'googlemail'],
  },
  { name: 'YouTube', parent: 'Google', domains: ['youtube.com', 'youtu.be', 'ytimg.com', 'blog.youtube'], keywords: ['youtube premium', 'youtube studio', 'youtube partner program'] },
  {
    name: 'Apple',
    domains: ['apple.com', 'icloud.com', 'me.com', 'mac.com', 'apple.news', 'apple.co', 'itunes.com', 'mzstatic.com'],
    keywords: ['icloud', 'apple id', 'itunes', 'apple pay', 'apple store', 'apple support', 'app store', 'apple music', 'apple tv', 'find my iphone'],
    exactKeywords: ['Apple', 'APPLE'],
    lookalikeLabels: ['apple', 'icloud', 'itunes'],
  },
  {
    name: 'Amazon',
    domains: [
      'amazon.com', 'amazon.fr', 'amazon.de', 'amazon.es', 'amazon.it', 'amazon.co.uk', 'amazon.nl', 'amazon.com.be', 'amazon.ca', 'amazon.com.au', 'amazon.co.jp',
      'amazon.com.br', 'amazon.com.mx', 'amazon.pl', 'amazon.se', 'amazon.in', 'amazon.jobs', 'primevideo.com', 'a2z.com', 'media-amazon.com', 'ssl-images-amazon.com',
      'images-amazon.com', 'amazontrust.com', 'amzn.to', 'a.co', 'awsstatic.com', 'signin.aws', 'aws.dev',
    ],
    keywords: ['amazon', 'amazon prime', 'prime video', 'amazon web services'],
    lookalikeLabels: ['amazon', 'amazonprime', 'primevideo'],
  },
  { name: 'Audible', parent: 'Amazon', domains: ['audible.com', 'audible.co.uk', 'audible.fr', 'audible.de', 'audible.it', 'audible.es', 'audible.ca', 'audible.com.au'], keywords: ['audible com'], exactKeywords: ['Audible'], lookalikeLabels: [] },
  { name: 'Yahoo', domains: ['yahoo.com', 'yahoo.fr', 'yahoo.de', 'yahoo.es', 'yahoo.it', 'yahoo.co.uk', 'yahoo.ca', 'yahoo.com.au', 'yahoo.com.br', 'ymail.com', 'rocketmail.com', 'yahoo.net', 'yimg.com', 'yahooinc.com', 'yahoo-inc.com', 'yahoo.co.jp', 'yahoo-help.jp'], keywords: ['yahoo', 'yahoo mail'] },
  { name: 'AOL', parent: 'Yahoo', domains: ['aol.com', 'aol.fr', 'aim.com'], keywords: ['aol mail', 'aol account'] },
  { name: 'Proton', domains: ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me', 'protonvpn.com'], keywords: ['protonmail', 'proton mail', 'proton vpn'], lookalikeLabels: ['protonmail', 'protonvpn'] },
  { name: 'GMX', domains: ['gmx.net', 'gmx.de', 'gmx.com', 'gmx.at', 'gmx.ch', 'gmx.fr', 'gmx.es', 'gmx.co.uk'], keywords: ['gmx', 'gmx freemail'] },
  { name: 'WEB.DE', domains: ['web.de'], keywords: ['web de freemail', 'web de club', 'web de postfach', 'webde'], lookalikeLabels: [] },
  { name: 'Zoho', domains: ['zoho.com', 'zoho.eu', 'zohomail.com', 'zohocorp.com'], keywords: ['zoho', 'zoho mail'] },
  { name: 'Samsung', domains: ['samsung.com'], keywords: ['samsung', 'samsung account'] },
]);

export const SOCIAL_BRANDS = inSector('social', [
  {
    name: 'Meta / Facebook',
    domains: ['facebook.com', 'fb.com', 'fb.me', 'facebook.net', 'facebookmail.com', 'meta.com', 'fbcdn.net', 'messenger.com', 'oculus.com'],
    keywords: ['facebook', 'meta business', 'meta for business', 'meta business suite', 'meta verified', 'facebook messenger'],
    // The company's name since 2021, also an ordinary word ("meta description"): only as written, capitalised.
    exactKeywords: ['Meta'],
    lookalikeLabels: ['facebook', 'facebookmail'],
  },
  { name: 'Instagram', parent: 'Meta / Facebook', domains: ['instagram.com', 'cdninstagram.com', 'facebookmail.com'], keywords: ['instagram'], lookalikeLabels: ['instagram'] },
  { name: 'WhatsApp', parent: 'Meta / Facebook', domains: ['whatsapp.com', 'whatsapp.net'], keywords: ['whatsapp'] },
  { name: 'LinkedIn', parent: 'Microsoft', domains: ['linkedin.com', 'licdn.com'], keywords: ['linkedin'] },
  { name: 'X / Twitter', domains: ['twitter.com', 'x.com', 'twimg.com'], keywords: ['twitter'] },
  { name: 'TikTok', domains: ['tiktok.com', 'tiktokv.com', 'tiktokcdn.com'], keywords: ['tiktok', 'tik tok'] },
  { name: 'Snapchat', domains: ['snapchat.com', 'snap.com'], keywords: ['snapchat'] },
  { name: 'Pinterest', domains: ['pinterest.com', 'pinimg.com', 'pinterest.fr', 'pinterest.de', 'pinterest.co.uk', 'pinterest.es', 'pinterest.it'], keywords: ['pinterest'] },
  { name: 'Reddit', domains: ['reddit.com', 'redditmail.com', 'redditmedia.com', 'redditstatic.com'], keywords: ['reddit'] },
  { name: 'Discord', domains: ['discord.com', 'discordapp.com'], keywords: ['discord nitro'], exactKeywords: ['Discord'] },
  { name: 'Telegram', domains: ['telegram.org'], keywords: ['telegram messenger'], exactKeywords: ['Telegram'], lookalikeLabels: [] },
]);

export const SECURITY_BRANDS = inSector('security', [
  { name: 'Norton', domains: ['norton.com', 'nortonlifelock.com', 'lifelock.com', 'gendigital.com'], keywords: ['norton 360', 'norton antivirus', 'norton security', 'nortonlifelock', 'lifelock'], exactKeywords: ['Norton'], lookalikeLabels: ['norton', 'nortonlifelock', 'lifelock'] },
  { name: 'McAfee', domains: ['mcafee.com'], keywords: ['mcafee'] },
  { name: 'Avast', domains: ['avast.com', 'avg.com'], keywords: ['avast', 'avg antivirus'] },
  { name: 'Kaspersky', domains: ['kaspersky.com'], keywords: ['kaspersky'] },
  { name: 'Bitdefender', domains: ['bitdefender.com'], keywords: ['bitdefender'] },
  { name: 'ESET', domains: ['eset.com'], keywords: ['eset nod32', 'eset internet security'], exactKeywords: ['ESET'] },
  { name: 'Malwarebytes', domains: ['malwarebytes.com'], keywords: ['malwarebytes'] },
  { name: 'Trend Micro', domains: ['trendmicro.com'], keywords: ['trend micro'] },
  { name: 'Avira', domains: ['avira.com'], keywords: ['avira'] },
]);
