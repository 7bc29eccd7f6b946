import type { Detector } from '../detector.js';

/**
 * The reputation rules as the rule checks see them (id, group, kinds), whether or not reputation is enabled:
 * their weights live in `engine.weights` like every rule's, and must be accepted while the rules are off
 * (docs/reputation.md "Rules"). The running rules (dnsbl-rules.ts, feed-rule.ts) spread these.
 */
type RuleDescriptor = Pick<Detector, 'id' | 'group' | 'kinds' | 'description'>;

export const DNSBL_CLIENT_LISTED: RuleDescriptor = {
  id: 'DNSBL_CLIENT_LISTED',
  group: 'reputation',
  // Where mail came from says little about one message: a listed client is context, never an accusation alone.
  kinds: ['context'],
  description: 'The connecting client address is listed on an IP block list (Spamhaus ZEN or another configured zone)',
};

export const DNSBL_DOMAIN_PHISH: RuleDescriptor = {
  id: 'DNSBL_DOMAIN_PHISH',
  group: 'reputation',
  // A domain a list operator has seen serve phishing or malware has no benign reading (docs/detection.md kinds).
  kinds: ['mechanism'],
  description: 'A link, sender or reply-to domain is listed as phishing or malware on a domain block list (Spamhaus DBL, SURBL)',
};

export const DNSBL_DOMAIN_SPAM: RuleDescriptor = {
  id: 'DNSBL_DOMAIN_SPAM',
  group: 'reputation',
  kinds: ['context'],
  description: 'A link, sender or reply-to domain is listed as a spam domain on a domain block list (DBL, SURBL ABUSE, URIBL)',
};

export const FEED_LISTED: RuleDescriptor = {
  id: 'FEED_LISTED',
  group: 'reputation',
  kinds: ['mechanism'],
  description: 'A link (its normalised URL or its host) is listed on a configured phishing or malware URL feed (OpenPhish, PhishTank, URLhaus)',
};

export const SENDER_FIRST_CONTACT: RuleDescriptor = {
  id: 'SENDER_FIRST_CONTACT',
  group: 'reputation',
  // Every correspondence starts with a first mail: only with a brand claim the domain does not stand behind it says anything.
  kinds: ['context'],
  description: 'A mail claiming a brand comes from a domain that has never written to the tenant before',
};

export const SENDER_HISTORY_CLEAN: RuleDescriptor = {
  id: 'SENDER_HISTORY_CLEAN',
  group: 'reputation',
  kinds: ['genuine'],
  description: 'The sending domain has written to the tenant many times, none of them reported, and this mail is authenticated and asks nothing risky',
};

export const REPUTATION_RULES: readonly RuleDescriptor[] = [DNSBL_CLIENT_LISTED, DNSBL_DOMAIN_PHISH, DNSBL_DOMAIN_SPAM, FEED_LISTED, SENDER_FIRST_CONTACT, SENDER_HISTORY_CLEAN];
