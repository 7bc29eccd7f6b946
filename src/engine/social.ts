/**
 * Social-network footers (docs/detection.md "Who does the mail claim to be"): nearly every newsletter,
 * receipt and shipping notice ends with "Follow us on Facebook, X, Instagram" and their icons. Those links
 * and names say nothing about who sent the mail: a footer never makes a brand claim, and its links
 * neither make a mail authentic nor count against the sender.
 */
import { registrableDomain } from '../mail/url-info.js';

/** Catalogue names of the social networks whose names and icons fill footers. */
export const SOCIAL_BRAND_NAMES: ReadonlySet<string> = new Set(['Meta / Facebook', 'Instagram', 'WhatsApp', 'LinkedIn', 'X / Twitter', 'TikTok', 'Snapchat', 'Pinterest', 'Reddit', 'YouTube', 'Telegram', 'Discord']);

/** Registrable domains of social profile pages linked from footers. */
const SOCIAL_PROFILE_DOMAINS: ReadonlySet<string> = new Set([
  'fb.com', 'fb.me', 'x.com', 'youtu.be', 'bsky.app', 'mastodon.social', 'discord.gg', 'threads.net', 'threads.com',
]);
/** Social networks whose country domains appear in footers too (youtube.ca, pinterest.fr, facebook.de). */
const SOCIAL_LABELS: ReadonlySet<string> = new Set(['facebook', 'instagram', 'twitter', 'linkedin', 'youtube', 'tiktok', 'pinterest', 'snapchat', 'reddit', 'vimeo', 'xing', 'whatsapp', 'flickr', 'tumblr', 'medium', 'discord']);

export function isSocialFooterHost(host: string): boolean {
  const registrable = registrableDomain(host) || host;
  if (SOCIAL_PROFILE_DOMAINS.has(registrable)) return true;
  const [label, ...suffix] = registrable.split('.');
  // The network's own name under a country or generic suffix ("youtube.ca", "pinterest.co.uk").
  return SOCIAL_LABELS.has(label ?? '') && suffix.length <= 2 && suffix.every((s) => s.length <= 3);
}
