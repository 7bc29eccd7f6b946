/**
 * FEED_LISTED (docs/reputation.md "Rules"): a link whose page is on a phishing or malware feed is a strong
 * mechanism (it may stand as the only fact of a not-safe verdict); a link to another page of a host the feed
 * lists counts less and not alone — big shared hosts carry both phishing pages and everyone else's.
 * Synchronous: the feeds are in memory.
 */
import type { Detector, DetectorHit } from '../detector.js';
import type { FeedSet } from './feed-set.js';
import { FEED_LISTED } from './rule-ids.js';

/** "2026-12-05 04:00" (UTC), as reasons show a feed's date. */
const feedDate = (date: Date): string => date.toISOString().slice(0, 16).replace('T', ' ');

/** Links checked per message: facts.urls is already bounded by engine.limits.max_urls. */
export function createFeedRule(feeds: FeedSet): Detector {
  return {
    ...FEED_LISTED,
    indicator: 'suspicious_links',
    run(facts, ctx) {
      const missing = feeds.missing();
      if (missing.length) ctx?.note(`URL feed ${missing.join(', ')} not loaded yet; links not checked against it`);
      const hits: DetectorHit[] = [];
      for (const link of facts.urls) {
        const host = link.info?.host;
        if (!host || facts.recipientDomains.has(link.info!.domain)) continue;
        for (const match of feeds.match(link.url)) {
          const when = `${match.feed} (feed of ${feedDate(match.date)})`;
          hits.push(
            match.on === 'url'
              ? { strength: 1, strong: true, url: link.url, flag: 'feed_listed', reason: `link to ${host} is listed as ${match.category} on ${when}` }
              : { strength: 0.6, url: link.url, flag: 'feed_listed_host', reason: `link host ${host} is listed as ${match.category} on ${when} (another page of the host)` },
          );
        }
      }
      // The strongest finding first: the engine reports the best hit's reason.
      return hits.sort((a, b) => b.strength - a.strength);
    },
  };
}
