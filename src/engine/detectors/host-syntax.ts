import { MAX_HOST_OCTETS, MAX_LABEL_OCTETS } from '../../mail/url-info.js';
import type { Detector, DetectorHit } from '../detector.js';

/**
 * A link whose host no resolver will look up (longer than DNS allows) serves no reader: it is padding
 * built to make filters work hard or to push the real name out of sight, so it is reported instead of
 * being taken apart (docs/detection.md).
 */
export const urlOverlongHost: Detector = {
  id: 'URL_OVERLONG_HOST',
  group: 'url',
  indicator: 'suspicious_links',
  description: `Link hosts longer than DNS allows (over ${MAX_HOST_OCTETS} characters, or a label over ${MAX_LABEL_OCTETS})`,
  run(input) {
    const hits: DetectorHit[] = [];
    for (const u of input.urls) {
      if (!u.info?.overlongHost) continue;
      hits.push({ strength: 1, reason: `Link host ${u.info.host.slice(0, 60)}… is ${u.info.host.length} characters long, more than DNS allows`, url: u.url, flag: 'overlong_host' });
      if (hits.length >= 3) break;
    }
    return hits;
  },
};
