import type { Brand } from './brand-types.js';

/**
 * Well-known services whose transactional mail (password resets, receipts, notifications) is common and
 * which phishers rarely imitate by name. They join the catalogue for ownership only: authenticated mail
 * from their domains with every link on their domains earns BRAND_AUTHENTIC, as Rspamd whitelists by
 * DKIM domain. No keywords (a mention is not a claim) and no look-alike labels (many are ordinary words).
 * Platforms where anyone publishes or sends (Medium, Substack, Eventbrite, Meetup) are not listed: their
 * domain says nothing about who wrote the mail.
 */
const service = (name: string, ...domains: string[]): Brand => ({ name, domains, keywords: [], lookalikeLabels: [], sector: 'service' });

export const KNOWN_SERVICES: Brand[] = [
  service('GitLab', 'gitlab.com'),
  service('Docker', 'docker.com'),
  service('npm', 'npmjs.com', 'npmjs.org'),
  service('JetBrains', 'jetbrains.com'),
  service('Mozilla', 'mozilla.org', 'mozilla.com', 'firefox.com'),
  service('Wikimedia', 'wikipedia.org', 'wikimedia.org'),
  service('Stack Overflow', 'stackoverflow.com', 'stackexchange.com'),
  service('Quora', 'quora.com'),
  service('Box', 'box.com', 'boxcdn.net'),
  service('Gandi', 'gandi.net'),
  service('Scaleway', 'scaleway.com'),
  service('Hetzner', 'hetzner.com', 'hetzner.de'),
  service('Strava', 'strava.com'),
  service('Duolingo', 'duolingo.com'),
  service('Malt', 'malt.fr', 'malt.com'),
  service('Welcome to the Jungle', 'welcometothejungle.com'),
  service('Alan', 'alan.com', 'alan.eu'),
];
